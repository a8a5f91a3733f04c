// The history's chart data (lib/format/history-chart-data.ts), packed on the server and expanded
// in the browser: every run and tick lands in its bucket and type, zero counts draw no bar, a
// bucket's window ends where the next starts (a fall-back hour is one longer bucket), and runs of
// a type not drawn or of a bucket outside the window are left out; the buckets are the zone's own
// minutes and hours across a DST change, in a zone a quarter off the hour and one that shifts by
// half an hour.
import { describe, expect, it } from "vitest";
import { bucketLabel, bucketWindow, chartRows, historyBuckets, historyChartData, runsInBuckets, tickRows, ticksInBuckets } from "../../../lib/format/history-chart-data.ts";
import { formatLocal } from "../../../lib/time/zoned-time.ts";

const at = (iso: string) => new Date(iso);

describe("history chart data", () => {
  const buckets = [
    { key: "2026-10-25T02:00", from: at("2026-10-25T00:00:00Z") },
    // Europe/Berlin's repeated 02:00 hour: one bucket of two hours, then 03:00.
    { key: "2026-10-25T03:00", from: at("2026-10-25T02:00:00Z") },
    { key: "2026-10-25T04:00", from: at("2026-10-25T03:00:00Z") },
  ];
  const end = at("2026-10-25T04:00:00Z");
  const runs = [
    { bucket: "2026-10-25T02:00", jobType: "a", succeeded: 3, failed: 0, maxDelayMs: 0 },
    { bucket: "2026-10-25T02:00", jobType: "b", succeeded: 0, failed: 2, maxDelayMs: 1500 },
    { bucket: "2026-10-25T04:00", jobType: "a", succeeded: 1, failed: 1, maxDelayMs: null },
    { bucket: "2026-10-25T04:00", jobType: "hidden", succeeded: 9, failed: 9, maxDelayMs: 9 },
    { bucket: "2026-10-24T23:00", jobType: "a", succeeded: 9, failed: 9, maxDelayMs: 9 },
  ];
  const ticks = [{ bucket: "2026-10-25T03:00", maxLagMs: 2500, maxDue: 40 }];
  const data = historyChartData("hour", buckets, end, ["a", "b"], runs, ticks);

  it("packs one number per type and bucket, nothing of a type not drawn or a bucket outside", () => {
    expect(data.succeeded).toEqual([[3, 0, 1], []]); // nothing: sent empty
    expect(data.failed).toEqual([[0, 0, 1], [2, 0, 0]]);
    expect(data.delaySeconds).toEqual([[0, null, null], [1.5, null, null]]);
    expect(data.due).toEqual([null, 40, null]);
    expect(data.lagSeconds).toEqual([null, 2.5, null]);
  });

  it("sends a series with nothing in it as an empty array, and expands it to no values", () => {
    const quiet = historyChartData("hour", buckets, end, ["a", "c"], runs, []);
    expect(quiet.succeeded).toEqual([[3, 0, 1], []]);
    expect(quiet.due).toEqual([]);
    expect(chartRows(quiet, quiet.succeeded, { skipZero: true })[1]).toEqual({ label: "Sun 03:00", key: "2026-10-25T03:00" });
    expect(tickRows(quiet)[1]).toEqual({ label: "Sun 03:00", due: null, lag: null });
  });

  it("expands to recharts rows: a zero count draws no bar, a zero delay is a point", () => {
    expect(chartRows(data, data.succeeded, { skipZero: true })).toEqual([
      { label: "Sun 02:00", key: "2026-10-25T02:00", a: 3 },
      { label: "Sun 03:00", key: "2026-10-25T03:00" },
      { label: "Sun 04:00", key: "2026-10-25T04:00", a: 1 },
    ]);
    expect(chartRows(data, data.delaySeconds, { skipZero: false })[0]).toEqual({ label: "Sun 02:00", key: "2026-10-25T02:00", a: 0, b: 1.5 });
    expect(tickRows(data)).toEqual([
      { label: "Sun 02:00", due: null, lag: null },
      { label: "Sun 03:00", due: 40, lag: 2.5 },
      { label: "Sun 04:00", due: null, lag: null },
    ]);
  });

  it("gives each bucket the window of its jobs: up to the next bucket, the last up to the end", () => {
    expect(bucketWindow(data, 0)).toEqual({ from: "2026-10-25T00:00:00.000Z", to: "2026-10-25T02:00:00.000Z" });
    expect(bucketWindow(data, 2)).toEqual({ from: "2026-10-25T03:00:00.000Z", to: "2026-10-25T04:00:00.000Z" });
  });

  it("labels a minute by its time and an hour by its weekday too", () => {
    expect(bucketLabel("2026-12-02T14:05", "minute")).toBe("14:05");
    expect(bucketLabel("2026-12-02T14:00", "hour")).toBe("Wed 14:00");
  });
});

describe("history buckets", () => {
  /** The zone's offset at `t` as Intl writes it ("GMT+01:00", "GMT" for none), as "+01:00". */
  function intlOffset(t: number, zone: string): string {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(new Date(t)).find((p) => p.type === "timeZoneName")!.value;
    return name === "GMT" ? "+00:00" : name.slice(3);
  }

  /** The reference: every minute (or quarter hour) read from the zone; a local start the window
   * has had before (a fall-back night's second pass) keyed with its offset. */
  function readEveryStep(from: Date, to: Date, step: "minute" | "hour", zone: string) {
    const walkMs = step === "minute" ? 60_000 : 900_000;
    const out: Array<{ key: string; local: string; from: Date; to: Date }> = [];
    for (let t = Math.floor(from.getTime() / walkMs) * walkMs; t < to.getTime(); t += walkMs) {
      const time = formatLocal(new Date(t), zone, { seconds: false }).replace(" ", "T");
      const local = step === "minute" ? time : `${time.slice(0, 13)}:00`;
      const last = out.at(-1);
      if (last?.local === local) last.to = new Date(t + walkMs);
      else out.push({ key: out.some((b) => b.local === local) ? `${local}${intlOffset(t, zone)}` : local, local, from: new Date(t), to: new Date(t + walkMs) });
    }
    return out.map(({ local: _local, ...bucket }) => bucket);
  }

  // A fall-back night, a spring-forward night, a zone a quarter off the hour and a window that
  // starts mid-quarter, a half-hour DST shift (Lord Howe), and a change inside a quarter hour.
  const cases: Array<[string, string, string]> = [
    ["Europe/Berlin", "2026-10-24T12:00:00Z", "2026-10-25T12:00:00Z"],
    ["America/New_York", "2026-03-07T20:00:00Z", "2026-03-08T20:00:00Z"],
    ["Asia/Kathmandu", "2026-12-01T00:07:00Z", "2026-12-02T00:07:00Z"],
    ["Australia/Lord_Howe", "2026-04-04T06:00:00Z", "2026-04-05T06:00:00Z"],
    // St. John's changed its clocks at 00:01 local until 2011: a change inside a quarter hour.
    ["America/St_Johns", "2010-11-06T12:00:00Z", "2010-11-07T12:00:00Z"],
  ];
  for (const [zone, from, to] of cases) {
    it(`places every minute and hour as the zone reads it: ${zone}`, () => {
      for (const step of ["minute", "hour"] as const) {
        const buckets = historyBuckets(new Date(from), new Date(to), step, zone);
        expect(buckets).toEqual(readEveryStep(new Date(from), new Date(to), step, zone));
        expect(new Set(buckets.map((b) => b.key)).size).toBe(buckets.length);
      }
    });
  }

  it("keys and labels a fall-back night's second pass of a minute with its offset, one hour bucket for both passes", () => {
    const minutes = historyBuckets(at("2026-10-25T00:29:00Z"), at("2026-10-25T01:32:00Z"), "minute", "Europe/Berlin");
    expect(minutes.filter((b) => b.key.startsWith("2026-10-25T02:30")).map((b) => [b.key, b.from.toISOString(), bucketLabel(b.key, "minute")])).toEqual([
      ["2026-10-25T02:30", "2026-10-25T00:30:00.000Z", "02:30"],
      ["2026-10-25T02:30+01:00", "2026-10-25T01:30:00.000Z", "02:30 (UTC+01:00)"],
    ]);
    expect(bucketLabel("2026-10-25T02:00+01:00", "hour")).toBe("Sun 02:00 (UTC+01:00)");
    const hours = historyBuckets(at("2026-10-24T23:00:00Z"), at("2026-10-25T03:00:00Z"), "hour", "Europe/Berlin");
    expect(hours.map((b) => [b.key, b.from.toISOString(), b.to.toISOString()])).toEqual([
      ["2026-10-25T01:00", "2026-10-24T23:00:00.000Z", "2026-10-25T00:00:00.000Z"],
      ["2026-10-25T02:00", "2026-10-25T00:00:00.000Z", "2026-10-25T02:00:00.000Z"],
      ["2026-10-25T03:00", "2026-10-25T02:00:00.000Z", "2026-10-25T03:00:00.000Z"],
    ]);
  });
});

describe("history rows placed in their buckets by instant", () => {
  const zone = "Europe/Berlin";
  const run = (iso: string, jobType: string, started: number, failed: number, meanDelayMs: number | null, maxDelayMs: number | null) =>
    ({ at: at(iso), jobType, started, succeeded: started - failed, failed, meanDelayMs, maxDelayMs });

  it("per minute: each pass of a repeated minute keeps its own runs and ticks", () => {
    const buckets = historyBuckets(at("2026-10-24T12:00:00Z"), at("2026-10-25T12:00:00Z"), "minute", zone);
    const runs = runsInBuckets(buckets, [run("2026-10-25T00:30:00Z", "a", 2, 1, 500, 900), run("2026-10-25T01:30:00Z", "a", 1, 0, 0, 0)]);
    expect(runs).toEqual([
      { bucket: "2026-10-25T02:30", jobType: "a", started: 2, succeeded: 1, failed: 1, meanDelayMs: 500, maxDelayMs: 900 },
      { bucket: "2026-10-25T02:30+01:00", jobType: "a", started: 1, succeeded: 1, failed: 0, meanDelayMs: 0, maxDelayMs: 0 },
    ]);
    const ticks = ticksInBuckets(buckets, [{ at: at("2026-10-25T00:30:20Z"), ticks: 1, maxLagMs: 10, maxDue: 3, troubled: 0 }]);
    expect(ticks).toEqual([{ bucket: "2026-10-25T02:30", ticks: 1, maxLagMs: 10, maxDue: 3, troubled: 0 }]);
    // Drawn in the first pass's bar, whose link covers the minute it ran in.
    const data = historyChartData("minute", buckets, buckets.at(-1)!.to, ["a"], runs, ticks);
    const index = data.keys.indexOf("2026-10-25T02:30");
    expect([data.failed[0]![index], bucketWindow(data, index)]).toEqual([1, { from: "2026-10-25T00:30:00.000Z", to: "2026-10-25T00:31:00.000Z" }]);
    expect(data.succeeded[0]![data.keys.indexOf("2026-10-25T02:30+01:00")]).toBe(1);
  });

  it("per hour: the two passes of a repeated hour (a row each) merge into its one bucket; rows outside are left out", () => {
    const buckets = historyBuckets(at("2026-10-24T23:00:00Z"), at("2026-10-25T03:00:00Z"), "hour", zone);
    const runs = runsInBuckets(buckets, [
      run("2026-10-24T22:59:00Z", "a", 9, 9, 9, 9),
      run("2026-10-25T00:10:00Z", "b", 1, 0, 1000, 1000),
      run("2026-10-25T00:10:00Z", "a", 3, 1, 100, 200),
      run("2026-10-25T01:05:00Z", "a", 1, 1, 500, 500),
      run("2026-10-25T01:06:00Z", "b", 0, 1, null, null),
      run("2026-10-25T03:00:00Z", "a", 9, 9, 9, 9),
    ]);
    expect(runs).toEqual([
      { bucket: "2026-10-25T02:00", jobType: "a", started: 4, succeeded: 2, failed: 2, meanDelayMs: 200, maxDelayMs: 500 },
      { bucket: "2026-10-25T02:00", jobType: "b", started: 1, succeeded: 0, failed: 1, meanDelayMs: 1000, maxDelayMs: 1000 },
    ]);
    const ticks = ticksInBuckets(buckets, [
      { at: at("2026-10-25T00:00:05Z"), ticks: 60, maxLagMs: 10, maxDue: 3, troubled: 1 },
      { at: at("2026-10-25T01:00:05Z"), ticks: 60, maxLagMs: 5, maxDue: 7, troubled: 0 },
    ]);
    expect(ticks).toEqual([{ bucket: "2026-10-25T02:00", ticks: 120, maxLagMs: 10, maxDue: 7, troubled: 1 }]);
  });
});
