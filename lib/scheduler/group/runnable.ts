// What a lane's group transactions work with: the options the tick runs them by, a claimed job
// made ready to run (a Runnable), what a transaction hands back, and the records a failed or
// deferred attempt is written from.
import type { Clock } from "../clock.ts";
import { describeError } from "../describe-error.ts";
import { defaultRetry, PermanentJobError, type Catalogue, type JobDefinition } from "../job-definition.ts";
import { deferralNote } from "../deferral.ts";
import type { ClaimedJob } from "../sql/claim-due-jobs.ts";
import type { DeferralRecord, FailureRecord } from "../sql/finish-attempt.ts";

export type AttemptOutcome = "succeeded" | "failed" | "dead" | "cancelled" | "lease_lost" | "deferred";

export interface RunOptions {
  catalogue: Catalogue;
  /** The tick's clock: handlers' `now`, failure times, backoff. */
  clock: Clock;
  /** The real clock leases are renewed by (the same as `clock` unless time-travelling). */
  leaseClock: Clock;
  /** The tick travels in time: a failed attempt backs off from real time, not the travelled instant. */
  travelling?: boolean;
  /** Leases are written by the database's clock (production and time travel); else by leaseClock. */
  databaseLeases?: boolean;
  /**
   * A group's transaction takes no further job once it has been open this long, so a job's
   * effects become visible at most about this much after its handler returns.
   */
  windowMs: number;
  /** Cancels the statement a database backend runs, from another connection (its lease is over). */
  cancelBackend(pid: number): Promise<void>;
  /** Ends a database backend from another connection (it did not come back after a cancel). */
  terminateBackend(pid: number): Promise<void>;
  onOutcome(job: ClaimedJob, outcome: AttemptOutcome): void;
  /** Something went wrong that is not a job's own failure (for the tick's summary). */
  onError(message: string): void;
}

export interface Runnable {
  job: ClaimedJob;
  definition: JobDefinition;
  payload: unknown;
  /** The lease as last written (claim or renewal). */
  leaseExpiresAt: Date;
  /** Transactions of this job that died with their connection (it then runs again, same attempt). */
  connectionLosses: number;
  /** Its type's handleMany was tried on it already (batch.ts): from now on it runs its handler. */
  batchTried?: boolean;
  /** Its type's batch did it (its effects committed with its completion). */
  doneByBatch?: boolean;
}

/** A job whose transaction dies with its connection this many times records a failed attempt. */
export const maxConnectionLosses = 2;

export interface TransactionEnding {
  /** Set when the connection must be destroyed instead of reused. */
  destroy?: Error;
  /** Failures to record after the transaction, outside it. */
  failuresToRecord: Array<{ runnable: Runnable; record: FailureRecord }>;
  /** Jobs found re-claimed by another worker before they started. */
  leaseLost: Runnable[];
}

/** A batch (handleMany) is tried only for this many jobs of a type or more: one job runs its handler. */
export const minBatch = 2;

/**
 * Most jobs one transaction runs handlers for, each in a savepoint: under PostgreSQL's 64
 * cached subtransactions, so snapshots stay cheap. Jobs its types' batches may do (one
 * savepoint a batch) come on top, up to maxGroupWithBatches in all.
 */
export const maxGroupSize = 32;
export const maxGroupWithBatches = 256;

export function deferralRecord({ job }: Runnable, deferral: { until: Date; reason: string }, now: Date): DeferralRecord {
  return { jobId: job.id, attempt: job.attempt, claimedRunAt: job.runAt, until: deferral.until, note: deferralNote(deferral), now };
}

export function failure(job: ClaimedJob, error: unknown, definition: JobDefinition | undefined, now: Date): FailureRecord {
  return {
    jobId: job.id,
    attempt: job.attempt,
    claimedRunAt: job.runAt,
    error: describeError(error),
    permanent: error instanceof PermanentJobError,
    retry: definition?.retry ?? defaultRetry,
    now,
  };
}

/**
 * When a failure is recorded: the tick's clock; when travelling, the later of the job's own
 * run_at and the real clock, so its retry stays where real ticks (or further travel) find it.
 */
export function failedAt(options: RunOptions, job: ClaimedJob): Date {
  if (!options.travelling) return options.clock();
  const real = options.leaseClock();
  return job.runAt > real ? job.runAt : real;
}

/** The outcome of a recorded failure, from the status the job was left in. */
export function outcomeOf(status: "pending" | "dead" | "cancelled"): AttemptOutcome {
  return status === "pending" ? "failed" : status;
}

/** Whether `runnable` can still be handed to its type's handleMany (batch.ts). */
export function batchable(runnable: Runnable): boolean {
  return runnable.definition.handleMany !== undefined && !runnable.batchTried;
}

/**
 * What one transaction may run, in queue order. A job that runs alone at the front: that job, or
 * for a type that handles batches (handleMany) a transaction holding only its batch: every job
 * of its type in the queue not yet tried in one (batch.ts). Otherwise the others in the queue, up
 * to a group's size: a job that runs alone is passed over, to run in its own transaction when it
 * reaches the front, instead of ending the group there and cutting the others' group in two
 * (decision 0053). Passing over never reorders what the engine keeps in order (waitsBehind).
 */
export function candidatesFrom(queue: Runnable[], batches: boolean): Runnable[] {
  const first = queue[0];
  if (first?.definition.isolation === "alone") {
    const batch = batches && batchable(first) ? queue.filter((r) => r.definition === first.definition && batchable(r)) : [];
    return batch.length >= minBatch ? batch : [first];
  }
  const candidates: Runnable[] = [];
  const left = { subjects: new Set<string>(), types: new Set<JobDefinition>() };
  let handlers = 0;
  for (const runnable of queue) {
    if (candidates.length === maxGroupWithBatches) break;
    if (runnable.definition.isolation === "alone" || waitsBehind(runnable, left)) {
      const subject = subjectOf(runnable);
      if (subject !== undefined) left.subjects.add(subject);
      if (runnable.definition.isolation !== "alone") left.types.add(runnable.definition);
      continue;
    }
    if (!(batches && batchable(runnable)) && handlers++ === maxGroupSize) break;
    candidates.push(runnable);
  }
  return candidates;
}

/**
 * Whether a job must stay behind jobs left in the queue before it: one of its subject (a
 * record's jobs run in their claim's order, as when the group stopped at the alone job) or, once
 * one of its own type was left, any later one of its type (a claim's jobs of one type run oldest
 * first, decision 0026).
 */
function waitsBehind(runnable: Runnable, left: { subjects: Set<string>; types: Set<JobDefinition> }): boolean {
  const subject = subjectOf(runnable);
  return left.types.has(runnable.definition) || (subject !== undefined && left.subjects.has(subject));
}

function subjectOf({ job }: Runnable): string | undefined {
  return job.subjectType === null || job.subjectId === null ? undefined : JSON.stringify([job.subjectType, job.subjectId]);
}
