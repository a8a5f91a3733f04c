// Cron arithmetic and catch-up policy: pure functions, dates passed in.
import { describe, expect, it } from "vitest";
import { occurrenceKey } from "../../../lib/scheduler/index.ts";
import { dueOccurrences, nextOccurrenceAfter, occurrencesAtOrBefore, occurrencesToRun } from "../../../lib/scheduler/internal.ts";

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe("dueOccurrences", () => {
  it("finds the due occurrences of a window, both ends included, newest kept when capped", () => {
    const from = new Date("2027-01-31T22:00:00Z");
    const to = new Date("2027-02-01T01:00:00Z");
    const all = dueOccurrences("0 * * * *", "UTC", from, to, "all", 10);
    expect(iso(all.toRun)).toEqual([
      "2027-01-31T22:00:00.000Z", "2027-01-31T23:00:00.000Z", "2027-02-01T00:00:00.000Z", "2027-02-01T01:00:00.000Z",
    ]);
    expect(all).toMatchObject({ skipped: 0, next: new Date("2027-02-01T02:00:00Z") });
    const capped = dueOccurrences("0 * * * *", "UTC", from, to, "all", 2);
    expect(iso(capped.toRun)).toEqual(["2027-02-01T00:00:00.000Z", "2027-02-01T01:00:00.000Z"]);
    expect(capped.skipped).toBeGreaterThanOrEqual(1);
  });

  it("handles month ends, leap days and the year boundary", () => {
    const monthly = dueOccurrences("0 0 1 * *", "UTC", new Date("2027-11-15T00:00:00Z"), new Date("2028-03-02T00:00:00Z"), "all", 10);
    expect(iso(monthly.toRun)).toEqual([
      "2027-12-01T00:00:00.000Z", "2028-01-01T00:00:00.000Z", "2028-02-01T00:00:00.000Z", "2028-03-01T00:00:00.000Z",
    ]);
    const leap = dueOccurrences("0 12 29 2 *", "UTC", new Date("2027-01-01T00:00:00Z"), new Date("2032-12-31T00:00:00Z"), "all", 10);
    expect(iso(leap.toRun)).toEqual(["2028-02-29T12:00:00.000Z", "2032-02-29T12:00:00.000Z"]);
  });

  it("keeps local wall-clock time across daylight saving in the schedule's zone", () => {
    // 02:30 does not exist in New York on 14 March 2027; 09:00 does, at a new UTC offset.
    const mornings = dueOccurrences("0 9 * * *", "America/New_York", new Date("2027-03-13T00:00:00Z"), new Date("2027-03-15T00:00:00Z"), "all", 10);
    expect(iso(mornings.toRun)).toEqual(["2027-03-13T14:00:00.000Z", "2027-03-14T13:00:00.000Z"]);
  });

  it("after ten years of silence costs what it enqueues, under every policy", () => {
    const from = new Date("2027-01-01T00:00:00Z");
    const now = new Date("2037-01-01T00:00:30Z");
    const latest = dueOccurrences("* * * * *", "America/New_York", from, now, "latest", 100);
    expect(iso(latest.toRun)).toEqual(["2037-01-01T00:00:00.000Z"]);
    expect(latest.next).toEqual(new Date("2037-01-01T00:01:00Z"));
    expect(dueOccurrences("* * * * *", "America/New_York", from, now, "skip", 100).toRun).toEqual([]);
    const all = dueOccurrences("* * * * *", "America/New_York", from, now, "all", 100);
    expect(all.toRun).toHaveLength(100);
    expect(all.toRun.at(-1)).toEqual(new Date("2037-01-01T00:00:00Z"));
    expect(all.toRun[0]).toEqual(new Date("2036-12-31T22:21:00Z"));
  });

  it("says when a schedule never fires again (croner stops at the year 3000)", () => {
    expect(dueOccurrences("0 0 1 1 *", "UTC", new Date("2999-06-01T00:00:00Z"), new Date("2999-06-01T00:00:00Z"), "latest", 10).next).toBeNull();
    expect(nextOccurrenceAfter("0 0 30 2 *", "UTC", new Date("2027-01-01T00:00:00Z"))).toBeNull();
  });
});

describe("occurrencesAtOrBefore", () => {
  it("includes an occurrence exactly at the instant", () => {
    expect(iso(occurrencesAtOrBefore("*/15 * * * *", "UTC", new Date("2027-05-05T10:15:00Z"), 2))).toEqual([
      "2027-05-05T10:15:00.000Z", "2027-05-05T10:00:00.000Z",
    ]);
  });
});

describe("nextOccurrenceAfter", () => {
  it("is strictly after the instant given", () => {
    expect(nextOccurrenceAfter("*/15 * * * *", "UTC", new Date("2027-05-05T10:15:00Z"))!.toISOString()).toBe("2027-05-05T10:30:00.000Z");
  });

  it("rejects a bad cron expression or time zone with a scheduler error", () => {
    expect(() => nextOccurrenceAfter("every day", "UTC", new Date(0))).toThrow(expect.objectContaining({ code: "INVALID_SCHEDULE" }));
    expect(() => nextOccurrenceAfter("0 * * * *", "Mars/Olympus", new Date(0))).toThrow(/Mars\/Olympus/);
  });
});

describe("occurrencesToRun", () => {
  const missed = [1, 2, 3].map((h) => new Date(Date.UTC(2027, 0, 1, h)));
  it("runs only the latest by default, all with 'all', none after a miss with 'skip'", () => {
    expect(occurrencesToRun(undefined, missed)).toEqual([missed[2]]);
    expect(occurrencesToRun("latest", missed)).toEqual([missed[2]]);
    expect(occurrencesToRun("all", missed)).toEqual(missed);
    expect(occurrencesToRun("all", missed, 2)).toEqual(missed.slice(1));
    expect(occurrencesToRun("skip", missed)).toEqual([]);
  });
  it("runs a single on-time occurrence under every policy", () => {
    for (const policy of ["latest", "all", "skip"] as const) expect(occurrencesToRun(policy, [missed[0]!])).toEqual([missed[0]]);
    expect(occurrencesToRun("latest", [])).toEqual([]);
  });
});

describe("occurrenceKey", () => {
  it("is deterministic per schedule and instant", () => {
    expect(occurrenceKey("quota-sweep", new Date("2026-12-01T00:00:00Z"))).toBe("recurring:quota-sweep:2026-12-01T00:00:00.000Z");
  });
});
