// A job type's batch (JobDefinition.handleMany, docs/decisions/0027) inside a group transaction:
// before any handler runs, each type that handles batches gets its held, uncancelled candidates
// at once, in one savepoint of its own (the JobScope's, as a job's), within its lease. The jobs
// it says it did are taken and marked succeeded with the group, in the commit that holds their
// effects; every other job runs its handler as usual. A batch that throws (or swallows a
// database error) is rolled back to its savepoint and its jobs run their handlers: so one bad
// job in a batch never fails or undoes another's work, it only sends the batch's jobs the slow
// way. Each job is tried in a batch once (Runnable.batchTried), so a failing batch cannot loop.
import type { BatchJob, JobDefinition } from "../job-definition.ts";
import { LeaseTimeoutError, SwallowedDatabaseError } from "./errors.ts";
import { regainConnection, withinLease } from "./lease-timeout.ts";
import type { OpenGroup } from "./progress.ts";
import { transactionAborted } from "./run-job.ts";
import { batchable, minBatch, type Runnable, type TransactionEnding } from "./runnable.ts";

/** After the batches: run the handlers, take no further job (a batch's lease ran out), or give the transaction up. */
export type BatchesStep = "handlers" | "stop" | { abandoned: TransactionEnding };

/** Runs every batch the group's candidates make; the jobs they did are taken and recorded as run. */
export async function runBatches(group: OpenGroup): Promise<BatchesStep> {
  for (const [definition, runnables] of batchesOf(group)) {
    for (const r of runnables) r.batchTried = true;
    const step = await runBatch(group, definition, runnables);
    if (step !== "handlers") return step;
  }
  return "handlers";
}

/** The candidates each batching type may take now: held by this transaction, not cancelled, at least minBatch. */
function batchesOf({ progress, held, options }: OpenGroup): Map<JobDefinition, Runnable[]> {
  const byType = new Map<JobDefinition, Runnable[]>();
  if (options.windowMs === 0) return byType; // the caller asked for one transaction per job
  for (const r of progress.candidates) {
    const hold = held.get(r.job.id);
    if (!batchable(r) || !hold || hold.cancelRequested) continue;
    byType.set(r.definition, [...(byType.get(r.definition) ?? []), r]);
  }
  for (const [definition, runnables] of byType) if (runnables.length < minBatch) byType.delete(definition);
  return byType;
}

async function runBatch(group: OpenGroup, definition: JobDefinition, runnables: Runnable[]): Promise<BatchesStep> {
  const { connection, scope, progress, queue, options } = group;
  const handleMany = definition.handleMany!;
  // One lease for the batch: a job's (its type's), from now; the savepoint's first query tells
  // PostgreSQL what is left of it, as for a handler.
  scope.startJob(definition.leaseMs);
  const jobs: Array<BatchJob<unknown>> = runnables.map(({ job, payload }) => ({
    id: job.id, attempt: job.attempt, runAt: job.runAt, key: job.key, subjectType: job.subjectType, subjectId: job.subjectId, payload,
  }));
  let done: Set<bigint>;
  try {
    const lease = scope.bound!;
    const returned = await withinLease(definition, () => lease.runScoped(() => handleMany({ tx: lease.tx, jobs, now: options.clock() })));
    if (scope.opening && (await transactionAborted(connection, lease.firstQueryError() !== undefined))) {
      throw new SwallowedDatabaseError(definition, lease.firstQueryError());
    }
    done = new Set(returned);
  } catch (thrown) {
    if (thrown instanceof LeaseTimeoutError) return batchTimedOut(group);
    // Not the jobs' failure, nor the tick's: each job now runs its handler, which records its own outcome.
    await scope.rollbackJob();
    return "handlers";
  }
  const finishedAt = options.clock();
  for (const r of runnables) {
    if (!done.has(r.job.id)) continue;
    queue.splice(queue.indexOf(r), 1);
    progress.taken.push(r);
    progress.ran.push({ runnable: r, finishedAt });
    r.doneByBatch = true;
  }
  return "handlers";
}

/**
 * The batch overran its lease: cut it off as a handler would be (lease-timeout.ts). Its jobs
 * stay queued, each to run its own handler under its own lease, and spend no attempt on the
 * batch. The transaction commits what it has (nothing of the batch) if the connection comes
 * back, else it is dropped with every job still queued.
 */
async function batchTimedOut(group: OpenGroup): Promise<BatchesStep> {
  const { connection, backendPid, scope, progress, options } = group;
  scope.discard();
  const regained = await regainConnection(connection, backendPid, scope.opening, options);
  if (regained) return "stop";
  return { abandoned: { destroy: new Error("a batch overran its lease and its connection did not come back"), failuresToRecord: [], leaseLost: progress.leaseLost } };
}
