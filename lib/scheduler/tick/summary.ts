// The tick's summary: what the route answers and the dashboard shows. Every phase reports into
// it through these functions, and `settleStatus` decides the final status once the lanes are
// done.
import type { AttemptOutcome } from "../run-job-group.ts";
import type { ClaimedJob } from "../sql/claim-due-jobs.ts";
import type { TickMode } from "./options.ts";

export interface TickSummary {
  tickId: string;
  mode: TickMode;
  /**
   * ok; degraded: something failed (see errors) but the tick ran; unavailable: it could not
   * get a database connection at all (the route answers 503).
   */
  status: "ok" | "degraded" | "unavailable";
  /** The tick's clock when it started (ISO). */
  now: string;
  claimed: number;
  succeeded: number;
  failed: number;
  dead: number;
  cancelled: number;
  leaseLost: number;
  /**
   * Attempts whose handler said its business instant has not come (NotBefore): moved to that
   * instant, no attempt spent (decision 0020).
   */
  deferred: number;
  /** Jobs whose worker died, returned to pending (or dead, or cancelled) by this tick. */
  recovered: number;
  recurringEnqueued: number;
  /** Jobs claimed, per job type. */
  jobTypes: Record<string, number>;
  /** How late the oldest due job it could run (known, not paused) was when the tick started (0 if none was due). */
  lagMs: number;
  durationMs: number;
  /** Whether a staying tick listened for notifications (else it polled). */
  listening: boolean;
  errors: string[];
}

/** At most this many errors are kept in a summary (a kill storm would fill it). */
export const maxSummaryErrors = 20;

export function emptySummary(tickId: string, mode: TickMode): TickSummary {
  return {
    tickId,
    mode,
    status: "ok",
    now: "",
    claimed: 0, succeeded: 0, failed: 0, dead: 0, cancelled: 0, leaseLost: 0, deferred: 0, recovered: 0, recurringEnqueued: 0,
    jobTypes: {},
    lagMs: 0,
    durationMs: 0,
    listening: false,
    errors: [],
  };
}

/** Something went wrong that the tick rode out: the status becomes degraded, the error is kept. */
export function addError(summary: TickSummary, message: string): void {
  if (summary.status === "ok") summary.status = "degraded";
  if (summary.errors.length < maxSummaryErrors) summary.errors.push(message);
  else if (summary.errors.length === maxSummaryErrors) summary.errors.push("(more errors not shown)");
}

/** How an attempt ended. */
export function countOutcome(summary: TickSummary, outcome: AttemptOutcome): void {
  if (outcome === "succeeded") summary.succeeded += 1;
  else if (outcome === "failed") summary.failed += 1;
  else if (outcome === "dead") summary.dead += 1;
  else if (outcome === "cancelled") summary.cancelled += 1;
  else if (outcome === "deferred") summary.deferred += 1;
  else summary.leaseLost += 1;
}

/** Jobs a housekeeping took back from dead workers (some of them ended dead or cancelled). */
export function countRecovered(summary: TickSummary, recovered: Array<{ status: "pending" | "dead" | "cancelled" }>): void {
  summary.recovered += recovered.length;
  for (const job of recovered) {
    if (job.status === "dead") summary.dead += 1;
    if (job.status === "cancelled") summary.cancelled += 1;
  }
}

/** Jobs a lane claimed, in all and per type. */
export function countClaimed(summary: TickSummary, jobs: ClaimedJob[]): void {
  summary.claimed += jobs.length;
  for (const job of jobs) summary.jobTypes[job.jobType] = (summary.jobTypes[job.jobType] ?? 0) + 1;
}

/**
 * The final word, once every lane is done: a tick that claimed nothing and whose every error was
 * a refused connection could not reach the database at all (the route answers 503), however
 * many lanes tried.
 */
export function settleStatus(summary: TickSummary): void {
  if (summary.claimed === 0 && summary.errors.length > 0 && summary.errors.every((e) => e.includes("could not get a database connection"))) {
    summary.status = "unavailable";
  }
}
