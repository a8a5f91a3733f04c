// The history page's chart data, computed on the server and drawn in the browser (decision
// 0041): one number per bucket and job type in plain arrays, so a day per minute (1,440
// buckets, every type) crosses to the browser as a few tens of kilobytes, not as a map of
// objects keyed by bucket, and the server renders no chart. The browser expands it into the
// rows recharts reads (chartRows, tickRows) and the window of a bucket (bucketWindow) for the
// link behind a bar. Pure: no database; historyBuckets places the buckets in the zone (server).
import { formatLocal, formatOffset, localPartsOf, offsetMinutesAt } from "../time/zoned-time.ts";

export type ChartStep = "minute" | "hour";

export interface ChartBucket {
  /** The local start of the bucket, "YYYY-MM-DDTHH:MM"; a local minute or hour the window has
   * already had (a fall-back night's second pass) adds the UTC offset it is read at,
   * "YYYY-MM-DDTHH:MM+01:00", so a key names one bucket. */
  key: string;
  /** The instant it starts; a bucket ends where the next starts (the last at the window's end). */
  from: Date;
}

export interface ChartRun {
  /** The key of its bucket (runsInBuckets). */
  bucket: string;
  jobType: string;
  succeeded: number;
  failed: number;
  maxDelayMs: number | null;
}

export interface ChartTick {
  /** The key of its bucket (ticksInBuckets). */
  bucket: string;
  maxLagMs: number;
  maxDue: number;
}

export interface HistoryChartData {
  step: ChartStep;
  /** Bucket keys, oldest first. */
  keys: string[];
  /** Epoch milliseconds each bucket starts at (same order as keys). */
  starts: number[];
  /** Epoch milliseconds the last bucket ends at. */
  end: number;
  /** The job types drawn, in legend order. */
  types: string[];
  /** Per type (types' order), per bucket: attempts succeeded, attempts failed (0: none). Any
   * series here is [] when it has nothing in any bucket. */
  succeeded: number[][];
  failed: number[][];
  /** Per type, per bucket: the latest start delay in seconds (null: none started). */
  delaySeconds: Array<Array<number | null>>;
  /** Per bucket: the most jobs due when a tick ended, the largest lag in seconds (null: no tick). */
  due: Array<number | null>;
  lagSeconds: Array<number | null>;
}

/** Packs the page's runs and ticks (only those of `types` and of a bucket in `buckets` are kept). */
export function historyChartData(step: ChartStep, buckets: ChartBucket[], end: Date, types: string[], runs: ChartRun[], ticks: ChartTick[]): HistoryChartData {
  const bucketIndex = new Map(buckets.map((b, i) => [b.key, i]));
  const typeIndex = new Map(types.map((t, i) => [t, i]));
  const filled = <T>(value: T) => types.map(() => buckets.map(() => value));
  const succeeded = filled(0);
  const failed = filled(0);
  const delaySeconds = filled<number | null>(null);
  for (const r of runs) {
    const b = bucketIndex.get(r.bucket);
    const t = typeIndex.get(r.jobType);
    if (b === undefined || t === undefined) continue;
    succeeded[t]![b] = r.succeeded;
    failed[t]![b] = r.failed;
    if (r.maxDelayMs !== null) delaySeconds[t]![b] = r.maxDelayMs / 1000;
  }
  const due: Array<number | null> = buckets.map(() => null);
  const lagSeconds: Array<number | null> = buckets.map(() => null);
  for (const tick of ticks) {
    const b = bucketIndex.get(tick.bucket);
    if (b === undefined) continue;
    due[b] = tick.maxDue;
    lagSeconds[b] = tick.maxLagMs / 1000;
  }
  // A series with nothing in it crosses as [] (a day per minute of one type is 1,440 numbers).
  // (A count of 0 is nothing; a delay of 0 is an attempt on time.)
  const sparse = <T>(series: T[], nothing: T) => (series.every((v) => v === nothing) ? [] : series);
  return {
    step, keys: buckets.map((b) => b.key), starts: buckets.map((b) => b.from.getTime()), end: end.getTime(), types,
    succeeded: succeeded.map((s) => sparse(s, 0)), failed: failed.map((s) => sparse(s, 0)), delaySeconds: delaySeconds.map((s) => sparse(s, null)),
    due: sparse(due, null), lagSeconds: sparse(lagSeconds, null),
  };
}

/** The axis label of a bucket: "14:05" per minute, "Mon 14:00" per hour; a repeated one
 * (a fall-back night's second pass) says its offset: "02:30 (UTC+01:00)". */
export function bucketLabel(key: string, step: ChartStep): string {
  const time = key.length > 16 ? `${key.slice(11, 16)} (UTC${key.slice(16)})` : key.slice(11);
  if (step === "minute") return time;
  const day = new Date(`${key.slice(0, 10)}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "short", timeZone: "UTC" });
  return `${day} ${time}`;
}

/** The instants bucket `index` covers, ISO, for the link to its jobs. */
export function bucketWindow(data: HistoryChartData, index: number): { from: string; to: string } {
  return { from: new Date(data.starts[index]!).toISOString(), to: new Date(data.starts[index + 1] ?? data.end).toISOString() };
}

/**
 * recharts rows, one per bucket: its label and, per type, its value. A zero count is left out
 * (a stacked bar of height 0 is not drawn); a delay is left out only when none started.
 */
export function chartRows(data: HistoryChartData, values: Array<Array<number | null>>, { skipZero }: { skipZero: boolean }): Array<Record<string, string | number>> {
  return data.keys.map((key, b) => {
    const row: Record<string, string | number> = { label: bucketLabel(key, data.step), key };
    data.types.forEach((type, t) => {
      const value = values[t]?.[b];
      if (value === null || value === undefined || (skipZero && value === 0)) return;
      row[type] = value;
    });
    return row;
  });
}

/** recharts rows of the ticks chart: per bucket, the due jobs and the lag (null: no tick then). */
export function tickRows(data: HistoryChartData): Array<{ label: string; due: number | null; lag: number | null }> {
  return data.keys.map((key, b) => ({ label: bucketLabel(key, data.step), due: data.due[b] ?? null, lag: data.lagSeconds[b] ?? null }));
}

const minuteMs = 60_000;
const quarterMs = 15 * minuteMs;

/** The zone's offset at `instant` in whole minutes, or null when it is not whole minutes (old local mean times). */
function wholeMinuteOffsetMs(instant: number, zone: string): number | null {
  const p = localPartsOf(new Date(instant), zone);
  const offsetMs = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
  return offsetMs % minuteMs === 0 ? offsetMs : null;
}

/**
 * The window's buckets in the zone, oldest first: every local minute, or every local hour (found
 * by walking quarter hours: an hour starts at :30 or :45 UTC in some zones, and a repeated hour
 * on a fall-back night is one bucket; a minute's second pass is a bucket of its own, with
 * its own key). Per minute, the zone is asked its
 * offset at both ends of each quarter hour and the quarter's minutes are placed by adding it (a
 * day is 96 quarters, not 1,440 readings of the zone: ~20-50 ms saved per page on a loaded
 * machine); a quarter in which the offset changes is read minute by minute.
 */
export function historyBuckets(from: Date, to: Date, step: ChartStep, zone: string): Array<ChartBucket & { to: Date }> {
  const walkMs = step === "minute" ? minuteMs : quarterMs;
  const start = Math.floor(from.getTime() / walkMs) * walkMs;
  const buckets: Array<ChartBucket & { to: Date }> = [];
  let quarter = Number.NaN;
  let steadyOffsetMs: number | null = null;
  // Local starts the window has had, and the last one: a fall-back night repeats them.
  const seen = new Set<string>();
  let lastLocalKey: string | undefined;
  for (let at = start; at < to.getTime(); at += walkMs) {
    let local: string; // "YYYY-MM-DDTHH:MM"
    if (step === "minute") {
      const q = Math.floor(at / quarterMs) * quarterMs;
      if (q !== quarter) {
        quarter = q;
        const first = wholeMinuteOffsetMs(q, zone);
        steadyOffsetMs = first !== null && first === wholeMinuteOffsetMs(q + quarterMs - minuteMs, zone) ? first : null;
      }
      local = steadyOffsetMs !== null ? new Date(at + steadyOffsetMs).toISOString().slice(0, 16) : formatLocal(new Date(at), zone, { seconds: false }).replace(" ", "T");
    } else {
      local = formatLocal(new Date(at), zone, { seconds: false }).replace(" ", "T");
    }
    const localKey = step === "minute" ? local : `${local.slice(0, 13)}:00`;
    const last = buckets.at(-1);
    if (last !== undefined && lastLocalKey === localKey) {
      // The same local hour a quarter later (or a repeated hour's second pass, right after its
      // first): one bucket, as the hour view draws a fall-back hour.
      last.to = new Date(at + walkMs);
      continue;
    }
    lastLocalKey = localKey;
    // A local start seen before in the window (per minute, each minute of a fall-back night's
    // second pass) gets its offset: a key names one bucket, in the data and the browser's rows.
    const key = seen.has(localKey) ? `${localKey}${formatOffset(offsetMinutesAt(new Date(at), zone))}` : localKey;
    seen.add(localKey);
    buckets.push({ key, from: new Date(at), to: new Date(at + walkMs) });
  }
  return buckets;
}

/** The index of the bucket holding `instant`, or -1 when it is outside them all. */
export function bucketIndexAt(buckets: Array<ChartBucket & { to: Date }>, instant: Date): number {
  const t = instant.getTime();
  const last = buckets.at(-1);
  if (last === undefined || t < buckets[0]!.from.getTime() || t >= last.to.getTime()) return -1;
  let lo = 0;
  let hi = buckets.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (buckets[mid]!.from.getTime() <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Rows placed in the buckets by instant (rows outside them left out), merged per bucket and `same`. */
function placed<R extends { at: Date }>(buckets: Array<ChartBucket & { to: Date }>, rows: R[], same: (row: R) => string, merge: (a: R, b: R) => R): Array<{ index: number; row: R }> {
  const byBucket = new Map<string, { index: number; row: R }>();
  for (const row of rows) {
    const index = bucketIndexAt(buckets, row.at);
    if (index < 0) continue;
    const id = `${index} ${same(row)}`;
    const earlier = byBucket.get(id);
    byBucket.set(id, { index, row: earlier ? merge(earlier.row, row) : row });
  }
  return [...byBucket.values()].sort((a, b) => a.index - b.index || (same(a.row) < same(b.row) ? -1 : same(a.row) > same(b.row) ? 1 : 0));
}

const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

export interface TimedRun {
  /** An instant the row counts (runHistory: its earliest minute). */
  at: Date;
  jobType: string;
  started: number;
  succeeded: number;
  failed: number;
  meanDelayMs: number | null;
  maxDelayMs: number | null;
}

/**
 * runHistory's rows keyed by the bucket that holds them, in bucket then type order: a row is
 * placed by its instant, never by its local text (a fall-back night repeats that), and the rows
 * of one bucket and type (the two passes of a repeated hour, one bucket per hour) are merged.
 */
export function runsInBuckets(buckets: Array<ChartBucket & { to: Date }>, runs: TimedRun[]): Array<Omit<TimedRun, "at"> & { bucket: string }> {
  return placed(buckets, runs, (r) => r.jobType, (a, b) => ({
    at: a.at,
    jobType: a.jobType,
    started: a.started + b.started,
    succeeded: a.succeeded + b.succeeded,
    failed: a.failed + b.failed,
    // The mean of both, weighted by the attempts each started.
    meanDelayMs: a.meanDelayMs === null ? b.meanDelayMs : b.meanDelayMs === null ? a.meanDelayMs : Math.round((a.meanDelayMs * a.started + b.meanDelayMs * b.started) / (a.started + b.started)),
    maxDelayMs: maxOf(a.maxDelayMs, b.maxDelayMs),
  })).map(({ index, row: { at: _at, ...rest } }) => ({ bucket: buckets[index]!.key, ...rest }));
}

export interface TimedTick {
  /** An instant the row counts (tickHistory: its earliest tick). */
  at: Date;
  ticks: number;
  maxLagMs: number;
  maxDue: number;
  troubled: number;
}

/** tickHistory's rows keyed by the bucket that holds them, in bucket order (see runsInBuckets). */
export function ticksInBuckets(buckets: Array<ChartBucket & { to: Date }>, ticks: TimedTick[]): Array<Omit<TimedTick, "at"> & { bucket: string }> {
  return placed(buckets, ticks, () => "", (a, b) => ({
    at: a.at,
    ticks: a.ticks + b.ticks,
    maxLagMs: Math.max(a.maxLagMs, b.maxLagMs),
    maxDue: Math.max(a.maxDue, b.maxDue),
    troubled: a.troubled + b.troubled,
  })).map(({ index, row: { at: _at, ...rest } }) => ({ bucket: buckets[index]!.key, ...rest }));
}
