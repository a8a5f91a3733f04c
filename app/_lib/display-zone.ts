// The operator's display zone: a cookie the zone picker sets (first to the browser's own zone).
// Every time on screen is shown in it and says so; forms read local times in it.
import { cookies } from "next/headers";
import { isTimeZone } from "@/lib/time/zoned-time.ts";

export const displayZoneCookie = "duly_tz";

export async function displayZone(): Promise<{ zone: string; chosen: boolean }> {
  const value = (await cookies()).get(displayZoneCookie)?.value;
  return value && isTimeZone(value) ? { zone: value, chosen: true } : { zone: "UTC", chosen: false };
}
