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
export function settleTime(plan: DelayPlan): number {
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
