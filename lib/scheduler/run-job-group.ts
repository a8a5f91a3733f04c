// Runs claimed jobs on a lane's connection. Each job's handler writes and its completion share
// one transaction, so a crash anywhere leaves either the old state with the job still due, or
// the new state with the job done. Several jobs share that transaction (a "group"), each inside
// its own savepoint: a failing job rolls back only its own writes, and one commit (one WAL
// flush) serves the whole group (docs/decisions/0004-group-commit.md).
//
// The lease is enforced twice (docs/decisions/0005): by a timer, which abandons the
// transaction, and by PostgreSQL itself, which is told the remaining lease as the job's
// statement_timeout and lock_timeout, and whose backend is ended when the timer fires, so a
// handler stuck in a slow statement or a lock wait cannot hold the group's row locks past it.
//
// The steps, one module each in group/: check each claimed job can run here (below); one
// transaction over what the queue lets it take (transaction.ts): run each job (run-job.ts) in its
// savepoint (job-scope.ts) within its lease (lease-timeout.ts), then record and commit
// (commit.ts), or handle the transaction's failure (transaction-failed.ts); record what could
// not be recorded inside it (on-lane.ts), and go again until the queue is empty.
import type { Lane } from "./lane.ts";
import { PermanentJobError, type Catalogue, type JobDefinition } from "./job-definition.ts";
import type { ClaimedJob } from "./sql/claim-due-jobs.ts";
import { markRunLeaseLost } from "./sql/finish-attempt.ts";
import { describeIssues } from "../validation/describe-issues.ts";
import { describeError } from "./describe-error.ts";
import { LeaseLostError } from "./group/errors.ts";
import { onLane, reconnectPatience, recordOutside } from "./group/on-lane.ts";
import { failedAt, failure, type RunOptions, type Runnable, type TransactionEnding } from "./group/runnable.ts";
import { runOneTransaction } from "./group/transaction.ts";

export { LeaseLostError, LeaseTimeoutError, SwallowedDatabaseError } from "./group/errors.ts";
export { maxGroupSize } from "./group/runnable.ts";
export type { AttemptOutcome, RunOptions } from "./group/runnable.ts";

/** Runs `jobs` (claimed by this lane) to completion, reporting each outcome; says how many its types' batches did. */
export async function runClaimedJobs(lane: Lane, jobs: ClaimedJob[], options: RunOptions): Promise<{ batched: number }> {
  const queue: Runnable[] = [];
  for (const job of jobs) {
    const ready = readyToRun(job, options.catalogue);
    if ("runnable" in ready) {
      queue.push(ready.runnable);
      continue;
    }
    const { error, definition } = ready;
    options.onOutcome(job, await onLane(lane, jobs.length, (c) => recordOutside(c, job, failure(job, error, definition, failedAt(options, job)))));
  }

  // A transaction that fails before taking any job (BEGIN refused, a row lock it cannot get)
  // leaves its jobs queued for a fresh one; after a few such failures they record it instead,
  // so the loop always ends.
  let failuresWithoutProgress = 0;
  const runnables = [...queue];
  while (queue.length > 0) {
    const before = queue.length;
    const ending = await runOneTransaction(lane, queue, options, failuresWithoutProgress >= 2);
    if (ending.destroy) await lane.replace(ending.destroy, reconnectPatience(queue, ending, options));
    failuresWithoutProgress = queue.length === before && ending.destroy ? failuresWithoutProgress + 1 : 0;
    await recordAfterTransaction(lane, queue, ending, options);
  }
  return { batched: runnables.filter((r) => r.doneByBatch).length };
}

/**
 * A claimed job as this code can run it, or why it cannot. The claim only takes known types
 * and readable versions, but a catalogue can be swapped between claim and run.
 */
function readyToRun(job: ClaimedJob, catalogue: Catalogue): { runnable: Runnable } | { error: Error; definition: JobDefinition | undefined } {
  const definition = catalogue.get(job.jobType);
  if (!definition) return { error: new PermanentJobError(`unknown job type ${job.jobType}`), definition };
  if (job.payloadVersion > definition.version) {
    const error = new Error(`payload version ${job.payloadVersion} is newer than ${definition.name} version ${definition.version} in this code; newer code will run it`);
    return { error, definition };
  }
  const parsed = definition.payload.safeParse(job.payload);
  if (!parsed.success) {
    const error = new PermanentJobError(
      `payload (version ${job.payloadVersion}) does not fit ${definition.name} version ${definition.version}: ${describeIssues(parsed.error)}`,
    );
    return { error, definition };
  }
  return { runnable: { job, definition, payload: parsed.data, leaseExpiresAt: job.leaseExpiresAt, connectionLosses: 0 } };
}

/** What a transaction left to record outside it: failures of a transaction that did not land, and lost leases. */
async function recordAfterTransaction(lane: Lane, queue: Runnable[], ending: TransactionEnding, options: RunOptions): Promise<void> {
  for (const { runnable, record } of ending.failuresToRecord) {
    options.onOutcome(runnable.job, await onLane(lane, queue.length, (c) => recordOutside(c, runnable.job, record)));
  }
  for (const { job } of ending.leaseLost) {
    await onLane(lane, queue.length, (c) => markRunLeaseLost(c, job.id, job.attempt, describeError(new LeaseLostError(job)), options.clock()));
    options.onOutcome(job, "lease_lost");
  }
}
