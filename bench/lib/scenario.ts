// What every peer's adapter returns, and the shared shape of the start-delay scenario, so the
// three peers are measured the same way and reported side by side.

export interface DrainResult {
  peer: string;
  /** The settings of this run, as shown in the report. */
  settings: string;
  jobs: number;
  /** One call enqueueing all `jobs` (due now). */
  enqueueMs: number;
  /** From starting the worker (or tick) until every job is completed in the database. */
  drainMs: number;
  /** WAL bytes the server wrote during the drain (see walPosition). */
  walBytes: number;
  /** 1-minute load average when the timed drain started. */
  load1: number;
  /** How busy other processes kept the CPUs just before the run (0..1), see lib/machine.ts. */
  otherCpuBusy?: number;
  /** ...and during it (startCpuMeter; NaN when the server is not on this machine). */
  otherCpuDuring?: number;
}

export interface DelayResult {
  peer: string;
  settings: string;
  /** Per job: when its handler started minus the instant it was scheduled for (ms). */
  delaysMs: number[];
  /** Jobs that had not started when the run ended. */
  missing: number;
  load1: number;
  otherCpuBusy?: number;
  otherCpuDuring?: number;
  /** Extra per-peer series (Duly: job_runs.started_at - run_at, the engine's own record). */
  extra?: Record<string, number[]>;
}

export interface DelayPlan {
  jobs: number;
  /** The first job is due this long after scheduling... */
  firstMs: number;
  /** ...and the last this long after. */
  lastMs: number;
  /** The worker runs this long before the jobs are scheduled (it is already idle and waiting)... */
  settleMs: number;
  /**
   * ...plus a random part up to this long, so the insert does not fall at the same point of a
   * poll cycle in every run (a settle time that is a multiple of the poll interval would place
   * the first jobs right before a poll and flatter whoever polls at that period).
   */
  settleJitterMs: number;
}

/** How long to let the worker idle before scheduling: settleMs plus a random part. */
export function settleTime(plan: Pick<DelayPlan, "settleMs" | "settleJitterMs">): number {
  return plan.settleMs + Math.random() * plan.settleJitterMs;
}

/** Offsets from the scheduling instant, evenly spread from firstMs to lastMs. */
export function delayOffsets(plan: DelayPlan): number[] {
  const step = plan.jobs > 1 ? (plan.lastMs - plan.firstMs) / (plan.jobs - 1) : 0;
  return Array.from({ length: plan.jobs }, (_, i) => Math.round(plan.firstMs + i * step));
}

/**
 * Resolves once `predicate` holds, polling every `everyMs`, or rejects after `timeoutMs`.
 * Used only after a peer's handlers have all run, to wait for their completions to land.
 */
export async function pollUntil(predicate: () => Promise<boolean>, everyMs: number, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await predicate())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `current()` reaches `target` or `timeoutMs` passes; never throws (the caller counts what is missing). */
export async function waitForCount(current: () => number, target: number, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (current() < target && performance.now() < deadline) await sleep(20);
}

/**
 * The "now" scenario: a worker is already running, idle and waiting; one job due immediately is
 * scheduled at a time, each in its own transaction, and the time from just before its COMMIT to
 * its handler's first line is taken (performance.now(), one process, so one clock).
 */
export interface NowPlan {
  /** Jobs scheduled one after another. */
  jobs: number;
  /** Before each job a random pause between these (so no insert lines up with a poll)... */
  gapMinMs: number;
  gapMaxMs: number;
  /** ...after the previous job's handler started, or after this long without it. */
  waitMs: number;
  /** The worker idles this long (plus a random part) before the first job. */
  settleMs: number;
  settleJitterMs: number;
}

/** The random pauses of one run, drawn up front so a peer can size its budget from them. */
export function nowGaps(plan: NowPlan): number[] {
  return Array.from({ length: plan.jobs }, () => plan.gapMinMs + Math.random() * (plan.gapMaxMs - plan.gapMinMs));
}

/** When each "now" job's handler started (performance.now()), and a way to await one. */
export class StartLog {
  readonly #started = new Map<number, number>();
  readonly #waiters = new Map<number, () => void>();

  /** The handler's first line: call with the job's number from its payload. */
  record(i: number): void {
    if (this.#started.has(i)) return; // a rerun (should not happen) keeps the first start
    this.#started.set(i, performance.now());
    this.#waiters.get(i)?.();
  }

  get(i: number): number | undefined {
    return this.#started.get(i);
  }

  /** Resolves when job i has started or after `ms`, whichever is first. */
  wait(i: number, ms: number): Promise<void> {
    if (this.#started.has(i)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(i);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#waiters.set(i, done);
    });
  }
}

/**
 * Schedules job 0..gaps.length-1 one at a time: pause, `insert(i)` (which commits one job whose
 * payload carries i and returns performance.now() taken just before its COMMIT), then wait for
 * its handler to start, at most plan.waitMs. Stops scheduling when `stopAt` (performance.now()
 * scale) is near. Returns each started job's delay, and how many of the planned jobs did not
 * start (not scheduled in time, or not started within `graceMs` after the last insert).
 */
export async function runNowLoop(
  plan: NowPlan,
  gaps: number[],
  log: StartLog,
  insert: (i: number) => Promise<number>,
  stopAt = Number.POSITIVE_INFINITY,
  graceMs = 2000,
): Promise<{ delaysMs: number[]; missing: number }> {
  const committing = new Map<number, number>();
  for (let i = 0; i < gaps.length; i++) {
    await sleep(gaps[i]!);
    if (performance.now() + plan.waitMs > stopAt) break;
    committing.set(i, await insert(i));
    await log.wait(i, plan.waitMs);
  }
  const graceUntil = performance.now() + graceMs;
  for (const i of committing.keys()) await log.wait(i, Math.max(0, graceUntil - performance.now()));
  const delaysMs: number[] = [];
  for (const [i, t0] of committing) {
    const t1 = log.get(i);
    if (t1 !== undefined) delaysMs.push(t1 - t0);
  }
  return { delaysMs, missing: gaps.length - delaysMs.length };
}
