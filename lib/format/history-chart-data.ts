// The history page's chart data, computed on the server and drawn in the browser (decision
// 0041): one number per bucket and job type in plain arrays, so a day per minute (1,440
// buckets, every type) crosses to the browser as a few tens of kilobytes, not as a map of
// objects keyed by bucket, and the server renders no chart. The browser expands it into the
// rows recharts reads (chartRows, tickRows) and the window of a bucket (bucketWindow) for the
// link behind a bar. Pure: no database, no zone data (the server has already placed the buckets).

export type ChartStep = "minute" | "hour";

export interface ChartBucket {
  /** The local start of the bucket, "YYYY-MM-DDTHH:MM". */
  key: string;
  /** The instant it starts; a bucket ends where the next starts (the last at the window's end). */
  from: Date;
}

export interface ChartRun {
  bucket: string;
  jobType: string;
  succeeded: number;
  failed: number;
  maxDelayMs: number | null;
}

export interface ChartTick {
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

/** The axis label of a bucket: "14:05" per minute, "Mon 14:00" per hour. */
export function bucketLabel(key: string, step: ChartStep): string {
  if (step === "minute") return key.slice(11);
  const day = new Date(`${key.slice(0, 10)}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "short", timeZone: "UTC" });
  return `${day} ${key.slice(11)}`;
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
