// The start of every local date in a zone, from the runtime's zone data (ICU), computed without
// the code under test: an oracle for lib/quotas/local-time.ts localDayStart and for
// PostgreSQL's quota_local_day_start.
//
// How: the zone's UTC offset is sampled on a weekly grid; wherever two neighbouring samples
// differ, the exact instant of the change is found by bisection (to the millisecond). That gives
// the zone as segments of constant offset, and in a segment with offset o the local date is D or
// later from the instant (D's midnight as if UTC) - o on. The first instant of D is the earliest
// such instant over the segments: the first of two midnights where clocks go back over midnight,
// the end of the gap where midnight is skipped (the day starts at 01:00), and the instant the
// date is passed where a day is skipped altogether.
//
// Its one assumption: two changes of a zone's offset less than a week apart that restore the same
// offset would fall between two samples unseen. No zone's rules for 2024-2032 do that (the
// shortest is Morocco's suspension of its offset for Ramadan, about a month); and the database
// test compares PostgreSQL's own day starts with these on every day, where such a pair would show.
import { addDays, type IsoDate } from "../../lib/quotas/cycle-dates.ts";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const weekMs = 7 * dayMs;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `instant` (ms), as ICU says: "GMT+05:30" read as +5.5 h. */
export function icuOffsetMs(instant: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormatters.set(timeZone, formatter);
  }
  const text = formatter.format(instant);
  const match = /GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!match) throw new Error(`unexpected offset text ${JSON.stringify(text)} for ${timeZone}`);
  if (!match[1]) return 0;
  const size = (Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0)) * 1000;
  return match[1] === "-" ? -size : size;
}

export interface OffsetSegment {
  /** First instant (ms) with this offset. */
  from: number;
  /** First instant (ms) with the next offset (the end of the studied range for the last). */
  to: number;
  offsetMs: number;
}

/** The zone's offset as segments covering [from, to). */
export function offsetSegments(timeZone: string, from: number, to: number): OffsetSegment[] {
  const changes: number[] = [];
  let sampleAt = from;
  let sampled = icuOffsetMs(sampleAt, timeZone);
  while (sampleAt < to) {
    const next = Math.min(sampleAt + weekMs, to);
    const nextOffset = icuOffsetMs(next, timeZone);
    // Every change between the two samples (more than one if the offset changes twice in a week
    // without coming back: each bisection finds the first change after its lower end).
    let low = sampleAt;
    let lowOffset = sampled;
    while (lowOffset !== nextOffset) {
      let high = next;
      while (high - low > 1) {
        const middle = low + Math.floor((high - low) / 2);
        if (icuOffsetMs(middle, timeZone) === lowOffset) low = middle;
        else high = middle;
      }
      changes.push(high);
      low = high;
      lowOffset = icuOffsetMs(high, timeZone);
    }
    sampleAt = next;
    sampled = nextOffset;
  }
  const starts = [from, ...changes];
  return starts.map((start, i) => ({ from: start, to: starts[i + 1] ?? to, offsetMs: icuOffsetMs(start, timeZone) }));
}

/** Midnight of a local date as if it were UTC (ms). */
export function wallMidnightMs(date: IsoDate): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export interface ZoneDays {
  timeZone: string;
  segments: OffsetSegment[];
  /** The dates studied, in order (shared by every zone of the same range). */
  dates: readonly IsoDate[];
  /** The first instant (ms) of each of `dates`. */
  startMs: Float64Array;
}

const dateLists = new Map<string, IsoDate[]>();

/** Every date from `first` to `last`, built once per range. */
export function datesFrom(first: IsoDate, last: IsoDate): readonly IsoDate[] {
  const key = `${first} ${last}`;
  let dates = dateLists.get(key);
  if (!dates) {
    dates = [];
    for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
    dateLists.set(key, dates);
  }
  return dates;
}

/**
 * The first instant of every local date from `first` to `last` in `timeZone`: the earliest
 * instant whose local date is that date or later, by the segments' arithmetic.
 */
export function zoneDays(timeZone: string, first: IsoDate, last: IsoDate): ZoneDays {
  const dates = datesFrom(first, last);
  const firstWall = wallMidnightMs(first);
  // A local date starts between 14 h before and 12 h after its midnight as if UTC (offsets run
  // from -12 h to +14 h); the segments cover that much more on either side.
  const segments = offsetSegments(timeZone, firstWall - 2 * dayMs, wallMidnightMs(last) + 2 * dayMs);
  const startMs = new Float64Array(dates.length);
  let s = 0;
  for (let i = 0; i < dates.length; i++) {
    const wall = firstWall + i * dayMs;
    // Skip segments that end before the earliest possible start.
    while (segments[s]!.to <= wall - 15 * hourMs) s++;
    let start = Number.NaN;
    for (let k = s; k < segments.length && segments[k]!.from <= wall + 13 * hourMs; k++) {
      const segment = segments[k]!;
      const reached = Math.max(segment.from, wall - segment.offsetMs);
      if (reached < segment.to) {
        start = reached;
        break; // segments are in order: the first one that reaches the date is the earliest
      }
    }
    if (Number.isNaN(start)) throw new Error(`${timeZone}: no instant reaches ${dates[i]}`);
    startMs[i] = start;
  }
  return { timeZone, segments, dates, startMs };
}

/** Whether a change of the zone's offset falls within [wallMs - beforeMs, wallMs + afterMs]. */
export function changeNear(days: ZoneDays, wallMs: number, beforeMs: number, afterMs: number): boolean {
  // The first segment (after the first, whose start is no change) starting at or after the window's start.
  const { segments } = days;
  let low = 1;
  let high = segments.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (segments[middle]!.from < wallMs - beforeMs) low = middle + 1;
    else high = middle;
  }
  return low < segments.length && segments[low]!.from <= wallMs + afterMs;
}

/** The instants (ms) near a date's start at which the zone's clock reads exactly its midnight: one on a plain day, two where clocks go back over it, none where they jump over it. */
export function midnightReadings(days: ZoneDays, index: number): number[] {
  const wall = wallMidnightMs(days.dates[0]!) + index * dayMs;
  return days.segments
    .filter((segment) => wall - segment.offsetMs >= segment.from && wall - segment.offsetMs < segment.to)
    .map((segment) => wall - segment.offsetMs)
    .filter((instant) => instant >= wall - 15 * hourMs && instant <= wall + 13 * hourMs);
}

/**
 * Zones whose offsets PostgreSQL's tz data and the runtime's (ICU) may disagree about in
 * 2024-2032, and why: the two are separate copies of the tz database and need not be the same
 * release. Tests that compare the database with the runtime skip these, by name and reason.
 */
export const zoneDataDifferences: Readonly<Record<string, string>> = {
  "America/Vancouver":
    "British Columbia's permanent -07 from 2026-11-01 is in tzdata 2026a and later (the embedded PostgreSQL 18 has it); " +
    "Node 20's ICU (tzdata 2025c) and Debian 12's tzdata (2025b) still have it go back to -08 every November",
};
