// Hostile (decision 0041, the history's buckets in the operator's zone): a day per minute across
// a fall-back night. Europe/Berlin's 02:00-02:59 happens twice on 2026-10-25 (00:00-00:59Z in
// summer time, 01:00-01:59Z in winter time). historyBuckets places 1,500 minutes, 60 of them
// with a key another bucket has too ("2026-10-25T02:30" at 00:30Z and at 01:30Z), while the run
// tallies (lib/scheduler/admin/history.ts) group by the local minute's text, so both passes' runs
// come back as one row with that key. historyChartData then draws the row on the second bucket
// only (the map keeps the last index per key): a run at 00:30:20Z is drawn in the bar of
// 01:30-01:31Z, whose link (bucketWindow) lists the jobs of a minute it did not run in, and the
// first pass's minute shows nothing although a job ran then. Pre-existing (the page's buckets
// were built the same way before 0041); found walking every zone's 2026 changes.
import { describe, expect, it } from "vitest";
import { bucketWindow, historyBuckets, historyChartData } from "../../../lib/format/history-chart-data.ts";

describe("history per minute on a fall-back night", () => {
  const zone = "Europe/Berlin";
  const from = new Date("2026-10-24T12:00:00Z");
  const to = new Date("2026-10-25T12:00:00Z");
  const buckets = historyBuckets(from, to, "minute", zone);

  it("gives every bucket a key of its own (a key names one bucket, in the data and in the browser's rows)", () => {
    const seen = new Map<string, number>();
    for (const b of buckets) seen.set(b.key, (seen.get(b.key) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([key]) => key)).toEqual([]);
  });

  it("draws a run of the first 02:30 in a bar whose link covers the instant it ran", () => {
    const ranAt = new Date("2026-10-25T00:30:20Z"); // 02:30:20 CEST, the first pass
    // What runHistory returns for it: the local minute's text (both passes share it).
    const runs = [{ bucket: "2026-10-25T02:30", jobType: "a", succeeded: 1, failed: 0, maxDelayMs: 0 }];
    const data = historyChartData("minute", buckets, to, ["a"], runs, []);
    const drawn = data.succeeded[0]!.flatMap((count, index) => (count > 0 ? [bucketWindow(data, index)] : []));
    expect(drawn.some((w) => new Date(w.from) <= ranAt && ranAt < new Date(w.to)), JSON.stringify(drawn)).toBe(true);
  });
});
