// One group transaction over a lane's queue (which jobs it may take: runnable.ts, candidatesFrom):
// BEGIN, hold every job the lane still has, run the batches of types that handle several jobs at
// once (batch.ts), then the other candidates one by one (run-job.ts) while the group's window is
// open, then record and commit (commit.ts); or, when the transaction fails as a whole,
// transaction-failed.ts.
import type pg from "pg";
import type { Lane } from "../lane.ts";
import { holdClaimedJobs } from "../sql/finish-attempt.ts";
import { commitGroup } from "./commit.ts";
import { runBatches } from "./batch.ts";
import { beginGroupSql, JobScope } from "./job-scope.ts";
import { newGroupProgress, type OpenGroup } from "./progress.ts";
import { runJob } from "./run-job.ts";
import { candidatesFrom, maxGroupSize, type RunOptions, type Runnable, type TransactionEnding } from "./runnable.ts";
import { transactionFailed } from "./transaction-failed.ts";

/**
 * Takes jobs off the queue as it runs them; jobs it could not finish for a reason that is not
 * their own (another job's timeout) go back.
 */
export async function runOneTransaction(lane: Lane, queue: Runnable[], options: RunOptions, giveUpOnFailure: boolean): Promise<TransactionEnding> {
  const connection = lane.connection;
  const progress = newGroupProgress(candidatesFrom(queue, options.windowMs > 0));
  let scope: JobScope | undefined;
  try {
    const backendPid = await beginGroup(connection);
    // Every job this lane still holds is locked, not only those this transaction will run: a
    // job waiting for its turn is as protected from lease recovery as a running one.
    const held = await holdClaimedJobs(connection, queue.map((r) => r.job));
    const openedAt = performance.now();
    scope = new JobScope(connection);
    const group: OpenGroup = { connection, backendPid, openedAt, held, queue, scope, progress, options };
    const batches = await runBatches(group);
    if (typeof batches === "object") return batches.abandoned;
    if (batches === "handlers") {
      const abandoned = await runCandidates(group);
      if (abandoned) return abandoned;
    }
    scope.release();
    return await commitGroup(group);
  } catch (error) {
    scope?.discard();
    return transactionFailed({ lane, connection, queue, progress, giveUpOnFailure, options }, error);
  }
}

/** BEGIN with the engine's timeouts; the backend's pid (what a lease timeout signals). */
async function beginGroup(connection: pg.PoolClient): Promise<number> {
  const [, , , backend] = (await connection.query(beginGroupSql)) as unknown as [unknown, unknown, unknown, pg.QueryResult<{ pid: number }>];
  return backend.rows[0]!.pid;
}

/** Runs the candidates in turn until the window closes; the ending if the transaction had to be given up. */
async function runCandidates(group: OpenGroup): Promise<TransactionEnding | undefined> {
  const { progress, queue, held, options } = group;
  // A transaction of an `alone` type's batch (runnable.ts, candidatesFrom) runs no handler: the
  // jobs its batch did not do go back to the queue, each to run alone.
  const batchOnly = progress.candidates.length > 1 && progress.candidates[0]!.definition.isolation === "alone";
  for (const runnable of progress.candidates) {
    if (!queue.includes(runnable)) continue; // done by its type's batch
    if (progress.taken.length > 0 && performance.now() - group.openedAt > options.windowMs) break;
    if (progress.taken.filter((r) => !r.doneByBatch).length === maxGroupSize) break; // a batch's left-overs: savepoints are few
    const hold = held.get(runnable.job.id);
    if (batchOnly && hold && !hold.cancelRequested) continue;
    queue.splice(queue.indexOf(runnable), 1);
    if (!hold) {
      progress.leaseLost.push(runnable);
      continue;
    }
    if (hold.cancelRequested) {
      // Cancelled after the claim, before its handler started: not run at all.
      progress.cancelledBeforeStart.push(runnable);
      continue;
    }
    progress.taken.push(runnable);
    const step = await runJob(group, runnable);
    if (step === "stop") break;
    if (step !== "next") return step.abandoned;
  }
  return undefined;
}
