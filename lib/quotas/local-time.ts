// An account's local calendar: which date it is in its zone at an instant, and the instant a
// local date starts. The sweep decides in SQL (AT TIME ZONE and quota_local_day_start,
// PostgreSQL's zone data); these are the same questions for code that starts an account or shows
// one, answered from the runtime's zone data (ICU). Never reads the clock: the instant is passed in.
import { parseIsoDate, type IsoDate } from "./cycle-dates.ts";

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

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `instantMs` (ms): ICU's "GMT+05:45" read as +5.75 h. */
function offsetMsAt(instantMs: number, timeZone: string): number {
  const key = timeZone.toLowerCase();
  let formatter = offsetFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormatters.set(key, formatter);
  }
  const match = /GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(formatter.format(instantMs));
  if (!match?.[1]) return 0; // "GMT": UTC itself
  const size = ((Number(match[2]) * 60 + Number(match[3])) * 60 + Number(match[4] ?? 0)) * 1000;
  return match[1] === "-" ? -size : size;
}

const hourMs = 3_600_000;

/**
 * The first instant of a local date in `timeZone`: the earliest instant whose local date is
 * `date` or later. That is its midnight, except where the clocks make midnight happen twice
 * (they go back from 01:00 to 00:00: the first one) or not at all (they jump from 00:00 to
 * 01:00: the end of the jump, when the date turns). A reset is due from this instant on.
 * PostgreSQL's quota_local_day_start answers the same from its own zone data (the migration
 * 20261214000000_quota_local_day_start; both are checked against every zone on every day of
 * 2024-2032 in tests/unit/quotas/quota-local-day-start.test.ts and the integration test of that name).
 */
export function localDayStart(date: IsoDate, timeZone: string): Date {
  const { year, month, day } = parseIsoDate(date);
  const midnight = new Date(0);
  midnight.setUTCFullYear(year, month - 1, day); // the local midnight's reading, as if in UTC
  const wall = midnight.getTime();
  // 15 h before: no zone's local date is `date` yet (offsets go up to +14 h). From there, with
  // the offset of the moment, the wall clock reaches midnight at `wall - offset`, unless the
  // offset changes on the way; then carry on from the change with the new offset. Offsets
  // change at most once or twice in a day, so this takes two readings, or a few more on a
  // change day (each change is found to the millisecond by bisection).
  let from = wall - 15 * hourMs;
  let offset = offsetMsAt(from, timeZone);
  for (let changes = 0; changes < 4; changes++) {
    const reached = wall - offset;
    if (reached <= from) return new Date(from); // the offset changed past midnight: the date turned with it
    const change = firstChange(from, reached, offset, timeZone);
    if (change === undefined) return new Date(reached);
    from = change;
    offset = offsetMsAt(change, timeZone);
  }
  throw new RangeError(`${timeZone} changes its offset more than four times around ${date}`);
}

/** The first instant in (from, to] whose offset is not `offset`, or undefined if `to` still has it. */
function firstChange(from: number, to: number, offset: number, timeZone: string): number | undefined {
  if (offsetMsAt(to, timeZone) === offset) return undefined;
  let low = from;
  let high = to;
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (offsetMsAt(middle, timeZone) === offset) low = middle;
    else high = middle;
  }
  return high;
}
