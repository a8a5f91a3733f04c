"use client";
// The operator's display zone. The first visit adopts the browser's own zone; the operator can
// pick any other. Stored in a cookie the server reads, so pages render times in it directly.
// Zones are offered and written under IANA's current names (Asia/Kolkata, not ICU's
// Asia/Calcutta: lib/validation/zone-names.ts), and so is the zone shown as chosen.
import { useRouter } from "next/navigation";
import { useEffect, useMemo } from "react";
import { currentZoneName, zonesToOffer } from "@/lib/validation/zone-names.ts";

const cookieName = "duly_tz";

function setZoneCookie(zone: string) {
  document.cookie = `${cookieName}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}

export function ZonePicker({ zone, chosen }: { zone: string; chosen: boolean }) {
  const router = useRouter();
  const zones = useMemo(() => {
    const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return zonesToOffer(listed, zone);
  }, [zone]);
  const shown = currentZoneName(zone);

  useEffect(() => {
    if (chosen) return;
    // The browser names its zone as ICU does (Asia/Calcutta in Chromium): stored by its current name.
    const browserZone = currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (browserZone && browserZone !== zone) {
      setZoneCookie(browserZone);
      router.refresh();
    } else {
      setZoneCookie(zone);
    }
  }, [chosen, zone, router]);

  return (
    <label className="zone-picker">
      <span className="muted">Times in</span>
      <select
        value={shown}
        onChange={(event) => {
          setZoneCookie(event.target.value);
          router.refresh();
        }}
      >
        {zones.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
