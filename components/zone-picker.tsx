"use client";
// The operator's display zone. The first visit adopts the browser's own zone; the operator can
// pick any other. Stored in a cookie the server reads, so pages render times in it directly.
import { useRouter } from "next/navigation";
import { useEffect, useMemo } from "react";

const cookieName = "duly_tz";

function setZoneCookie(zone: string) {
  document.cookie = `${cookieName}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}

export function ZonePicker({ zone, chosen }: { zone: string; chosen: boolean }) {
  const router = useRouter();
  const zones = useMemo(() => {
    const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return all.includes(zone) ? all : [zone, ...all];
  }, [zone]);

  useEffect(() => {
    if (chosen) return;
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
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
        value={zone}
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
