// An account's local calendar: which date it is in its zone at an instant. The sweep decides in
// SQL (AT TIME ZONE, PostgreSQL's zone data); this is the same question for code that starts an
// account or shows one. Never reads the clock: the instant is passed in.
import type { IsoDate } from "./cycle-dates.ts";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  // Keyed by the lower-cased name: zone names ignore case, so "europe/berlin", "EUROPE/BERLIN", …
  // are one zone and one formatter, not one cache entry per spelling someone sends.
  const key = timeZone.toLowerCase();
  let formatter = formatters.get(key);
  if (!formatter) {
    // en-CA formats dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The date on the wall calendar in `timeZone` at `instant`. */
export function localDateOf(instant: Date, timeZone: string): IsoDate {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

/**
 * Whether `timeZone` is an IANA zone name ("Europe/Berlin", "UTC") that this runtime knows.
 * Region names only: PostgreSQL also accepts POSIX strings such as "UTC+5" (whose sign is the
 * reverse of what a person means) and offsets such as "+05:00", which are not where anyone lives.
 */
export function isIanaTimeZone(timeZone: string): boolean {
  if (timeZone.length > 64 || !/^[A-Za-z][A-Za-z_]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}
