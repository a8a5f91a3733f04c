// Cycle dates: when an account's allowances come back. Pure calendar arithmetic on local dates
// (ISO "YYYY-MM-DD" strings), no clock and no time zone. The rule (docs/decisions/0014):
// cycle n starts on anchor + n months, clamped to the last day of that month, exactly as
// dateutil's relativedelta (and PostgreSQL's date + interval 'n months') does. Always counted
// from the anchor, never from the last reset: a reset done late does not move later ones, and
// an anchor on the 31st comes back to the 31st after a short month.

/** A local calendar date, "YYYY-MM-DD" (years 0001-9999). */
export type IsoDate = string;

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface CalendarParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Parses "YYYY-MM-DD", refusing dates that do not exist (2025-02-29, 2024-04-31). */
export function parseIsoDate(date: IsoDate): CalendarParts {
  const match = isoDatePattern.exec(date);
  if (!match) throw new RangeError(`not a date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`no such date: ${date}`);
  }
  return { year, month, day };
}

export function isIsoDate(value: string): boolean {
  try {
    parseIsoDate(value);
    return true;
  } catch {
    return false;
  }
}

export function formatIsoDate({ year, month, day }: CalendarParts): IsoDate {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The date of cycle `n` (n = 0 is the anchor itself): anchor + n months, clamped to the month's end. */
export function cycleDate(anchor: IsoDate, n: number): IsoDate {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`cycle index must be a whole number >= 0, got ${n}`);
  const { year, month, day } = parseIsoDate(anchor);
  const monthIndex = month - 1 + n;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  if (targetYear > 9999) throw new RangeError(`cycle ${n} of ${anchor} is after year 9999`);
  return formatIsoDate({ year: targetYear, month: targetMonth, day: Math.min(day, daysInMonth(targetYear, targetMonth)) });
}

/** Whole months from the anchor's month to the date's month (negative if the date is earlier). */
function monthsBetween(anchor: CalendarParts, date: CalendarParts): number {
  return (date.year - anchor.year) * 12 + (date.month - anchor.month);
}

/**
 * The first reset after `today`: the smallest cycle n >= 1 whose date is later than today.
 * What a reset on `today` sets as the next one, however late it ran (after an outage the next
 * reset falls back on the anchor's day), and what a new account starts with.
 */
export function nextCycleAfter(anchor: IsoDate, today: IsoDate): { index: number; date: IsoDate } {
  const months = monthsBetween(parseIsoDate(anchor), parseIsoDate(today));
  // Cycle `months` falls in today's month: if it is today or earlier, the next one is a month on.
  let index = Math.max(1, months);
  if (cycleDate(anchor, index) <= today) index += 1;
  return { index, date: cycleDate(anchor, index) };
}

/** The cycle in force on `today`: the latest cycle n >= 0 whose date is today or earlier (null before the anchor). */
export function cycleOnOrBefore(anchor: IsoDate, today: IsoDate): { index: number; date: IsoDate } | null {
  if (today < anchor) return null;
  const index = nextCycleAfter(anchor, today).index - 1;
  return { index, date: cycleDate(anchor, index) };
}

/** Adds whole days (calendar arithmetic in UTC, no zone involved). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const { year, month, day } = parseIsoDate(date);
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day + days); // setUTCFullYear: years below 100 stay as they are
  return formatIsoDate({ year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() });
}
