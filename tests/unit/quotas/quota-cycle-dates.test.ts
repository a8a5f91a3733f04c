// The cycle rule (lib/quotas/cycle-dates.ts), exhaustively: every anchor date of 2000-2032 (every
// day 1-31 of every month, Feb 29 of each leap year, the 2000 century leap year) for five years
// of cycles, against an independent oracle built on JavaScript's own calendar; and the next reset after every day of
// 2024-2032 for anchors on every day of the month, against a brute-force search.
import { describe, expect, it } from "vitest";
import {
  addDays, cycleDate, cycleOnOrBefore, daysInMonth, isIsoDate, isLeapYear, nextCycleAfter, parseIsoDate,
} from "../../../lib/quotas/cycle-dates.ts";

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/** The oracle: JavaScript's calendar rolls Date.UTC(y, m, 0) over to the last day of month m (1-based). */
function oracle(anchor: string, n: number): string {
  const [y, m, d] = anchor.split("-").map(Number);
  const lastOfTarget = new Date(Date.UTC(y, m + n, 0));
  const day = Math.min(d, lastOfTarget.getUTCDate());
  return `${lastOfTarget.getUTCFullYear()}-${String(lastOfTarget.getUTCMonth() + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function everyDate(fromYear: number, toYear: number): string[] {
  const dates: string[] = [];
  for (let y = fromYear; y <= toYear; y++) for (let m = 1; m <= 12; m++) for (let d = 1; d <= daysInMonth(y, m); d++) dates.push(iso(y, m, d));
  return dates;
}

describe("cycleDate: anchor + n months, clamped to the month's last day", () => {
  it("matches the oracle for every anchor date of 2000-2032 over 60 cycles", { timeout: 180_000 }, () => {
    let checked = 0;
    const mismatches: string[] = [];
    for (const anchor of everyDate(2000, 2032)) {
      for (let n = 0; n <= 60; n++) {
        const actual = cycleDate(anchor, n);
        if (actual !== oracle(anchor, n)) mismatches.push(`${anchor}+${n}: ${actual} != ${oracle(anchor, n)}`);
        checked++;
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(checked).toBe(12_054 * 61);
  });

  it("keeps the anchor's day whenever the month has it, and the month's last day otherwise", () => {
    const wrong: string[] = [];
    for (const anchor of everyDate(2023, 2024)) {
      const a = parseIsoDate(anchor);
      for (let n = 0; n <= 240; n++) {
        const c = parseIsoDate(cycleDate(anchor, n));
        if ((c.year - a.year) * 12 + c.month - a.month !== n || c.day !== Math.min(a.day, daysInMonth(c.year, c.month))) {
          wrong.push(`${anchor}+${n}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("an anchor on Jan 31 resets on Feb 29 in a leap year, Feb 28 otherwise, then back on the 31st", () => {
    expect([0, 1, 2, 3, 4, 12, 13, 14].map((n) => cycleDate("2024-01-31", n))).toEqual([
      "2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2025-01-31", "2025-02-28", "2025-03-31",
    ]);
  });

  it("an anchor on Feb 29 resets on the 29th, on Feb 28 in common years and Feb 29 in leap years", () => {
    expect([1, 11, 12, 13, 47, 48].map((n) => cycleDate("2024-02-29", n))).toEqual([
      "2024-03-29", "2025-01-29", "2025-02-28", "2025-03-29", "2028-01-29", "2028-02-29",
    ]);
  });

  it("knows the Gregorian leap years: 2000 is one, 1900 and 2100 are not", () => {
    expect([1900, 2000, 2024, 2025, 2100, 2400].map(isLeapYear)).toEqual([false, true, true, false, false, true]);
    expect(cycleDate("2099-02-28", 12)).toBe("2100-02-28");
    expect(cycleDate("2096-02-29", 48)).toBe("2100-02-28");
    expect(cycleDate("1999-01-31", 13)).toBe("2000-02-29");
  });

  it("crosses year boundaries from December anchors", () => {
    for (let day = 1; day <= 31; day++) {
      const anchor = iso(2023, 12, day);
      expect(cycleDate(anchor, 1)).toBe(iso(2024, 1, day));
      expect(cycleDate(anchor, 12)).toBe(iso(2024, 12, day));
      expect(cycleDate(anchor, 13)).toBe(iso(2025, 1, day));
    }
  });

  it("never drifts: counted from the anchor, unlike a month added to the last reset", () => {
    // Chaining "last reset + 1 month" from Jan 31 sticks to the 28th/29th for ever after February.
    let chained = "2024-01-31";
    for (let n = 1; n <= 12; n++) chained = cycleDate(chained, 1);
    expect(chained).toBe("2025-01-29");
    expect(cycleDate("2024-01-31", 12)).toBe("2025-01-31");
  });

  it("refuses a negative, fractional or unsafe cycle index, and dates that do not exist", () => {
    expect(() => cycleDate("2024-01-31", -1)).toThrow(RangeError);
    expect(() => cycleDate("2024-01-31", 1.5)).toThrow(RangeError);
    expect(() => cycleDate("2024-01-31", Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => cycleDate("9999-12-31", 1)).toThrow(RangeError);
    for (const bad of ["2025-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-1-1", "", "2024-01-01T00:00", "2024-01-01\u0000"]) {
      expect(isIsoDate(bad), bad).toBe(false);
      expect(() => cycleDate(bad, 1), bad).toThrow(RangeError);
    }
  });
});

describe("nextCycleAfter: the first cycle date after today (n >= 1)", () => {
  const anchors = [...Array.from({ length: 31 }, (_, i) => iso(2023, 12, i + 1)), "2020-02-29", "2023-01-31"];
  const days: string[] = [];
  for (let day = "2024-01-01"; day <= "2032-12-31"; day = addDays(day, 1)) days.push(day);

  it("matches a brute-force search for anchors on every day of the month and Feb 29, every day of 2024-2032", () => {
    expect(days).toHaveLength(3_288);
    const mismatches: string[] = [];
    for (const anchor of anchors) {
      let n = 1; // the brute force walks forward: the answer never decreases as today advances
      for (const today of days) {
        while (cycleDate(anchor, n) <= today) n++;
        const actual = nextCycleAfter(anchor, today);
        if (actual.index !== n || actual.date !== cycleDate(anchor, n)) mismatches.push(`${anchor} on ${today}: ${actual.date}`);
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it("is at least one cycle after the anchor, also for a today before the anchor", () => {
    expect(nextCycleAfter("2024-05-31", "2024-05-31")).toEqual({ index: 1, date: "2024-06-30" });
    expect(nextCycleAfter("2024-05-31", "2020-01-01")).toEqual({ index: 1, date: "2024-06-30" });
    expect(nextCycleAfter("2024-05-31", "2024-06-29")).toEqual({ index: 1, date: "2024-06-30" });
    expect(nextCycleAfter("2024-05-31", "2024-06-30")).toEqual({ index: 2, date: "2024-07-31" });
  });

  it("after an outage falls back on the anchor's day: one step, whatever was missed", () => {
    // Anchor Jan 31; due Feb 29 2024, nothing ran until Apr 9: the next is Apr 30, not a month after Apr 9.
    expect(nextCycleAfter("2024-01-31", "2024-04-09")).toEqual({ index: 3, date: "2024-04-30" });
    expect(cycleOnOrBefore("2024-01-31", "2024-04-09")).toEqual({ index: 2, date: "2024-03-31" });
    expect(cycleOnOrBefore("2024-01-31", "2024-01-30")).toBeNull();
  });
});

describe("addDays", () => {
  it("walks the calendar, leap days included, also before year 100", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("0050-01-01", -1)).toBe("0049-12-31");
  });
});
