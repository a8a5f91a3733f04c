// The operator's display zone: a cookie the zone picker sets (first to the browser's own zone).
// Every time on screen is shown in it and says so; forms read local times in it.
import { cookies } from "next/headers";
import { isTimeZone } from "@/lib/validation/fields.ts";
import { currentZoneName } from "@/lib/validation/zone-names.ts";

export const displayZoneCookie = "duly_tz";

/**
 * The zone a cookie value names, or null for a missing or bogus one (shown in UTC). A retired name
 * (Asia/Calcutta, from a cookie set before the picker offered current names) is the same zone and
 * is shown under its current name (Asia/Kolkata), as the picker lists it; the cookie is left as it is.
 */
export function zoneFromCookie(value: string | undefined): string | null {
  return value && isTimeZone(value) ? currentZoneName(value) : null;
}

export async function displayZone(): Promise<{ zone: string; chosen: boolean }> {
  const zone = zoneFromCookie((await cookies()).get(displayZoneCookie)?.value);
  return zone ? { zone, chosen: true } : { zone: "UTC", chosen: false };
}
