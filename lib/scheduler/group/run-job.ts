// One job of an open group: its handler runs in the job's own savepoint (job-scope.ts) within
// its lease (lease-timeout.ts). A failure rolls back only the job's writes; a deferral
// (NotBefore) too, but spends no attempt; an overrun lease cuts the handler off and, if the
// connection does not come back, abandons the whole transaction.
import type pg from "pg";
import { checkDeferral, NotBefore } from "../deferral.ts";
import { isAbortedTransaction, LeaseTimeoutError, SwallowedDatabaseError } from "./errors.ts";
import { regainConnection, withinLease } from "./lease-timeout.ts";
import type { OpenGroup } from "./progress.ts";
import { deferralRecord, failedAt, failure, type Runnable, type TransactionEnding } from "./runnable.ts";

/** What the group does after a job: run the next, take no further job, or give the transaction up. */
export type JobStep = "next" | "stop" | { abandoned: TransactionEnding };

/** Runs a job the group has taken, recording how it ended in the group's progress. */
export async function runJob(group: OpenGroup, runnable: Runnable): Promise<JobStep> {
  const { connection, scope, progress, options } = group;
  const { job, definition } = runnable;
  scope.startJob(definition.leaseMs);
  const handlerNow = options.clock();
  try {
    const lease = scope.bound!; // released only after the last job, discarded only on a lease timeout (then no job follows)
    await withinLease(definition, () =>
      lease.runScoped(() =>
        definition.handler({
          tx: lease.tx,
          payload: runnable.payload,
          job: { id: job.id, attempt: job.attempt, runAt: job.runAt, key: job.key, subjectType: job.subjectType, subjectId: job.subjectId },
          now: handlerNow,
        }),
      ),
    );
    if (scope.opening && (await transactionAborted(connection, lease.firstQueryError() !== undefined))) {
      throw new SwallowedDatabaseError(definition, lease.firstQueryError());
    }
    progress.ran.push({ runnable, finishedAt: options.clock() });
    return "next";
  } catch (thrown) {
    // A handler that swallowed a database error usually fails on its next query with
    // "current transaction is aborted": name the error it swallowed instead.
    const first = scope.bound?.firstQueryError();
    const error = isAbortedTransaction(thrown) && first && !isAbortedTransaction(first) ? new SwallowedDatabaseError(definition, first) : thrown;
    if (error instanceof LeaseTimeoutError) return leaseTimedOut(group, runnable, error);
    await scope.rollbackJob();
    // "Not before T": its writes are undone like a failure's, but no attempt is spent.
    const deferral = error instanceof NotBefore ? checkDeferral(error, handlerNow) : undefined;
    if (deferral?.ok) progress.deferred.set(runnable, deferralRecord(runnable, deferral.deferral, failedAt(options, job)));
    else progress.failed.set(runnable, failure(job, deferral ? deferral.error : error, definition, failedAt(options, job)));
    return "next";
  }
}

/**
 * The handler may still be running, maybe inside a statement or a lock wait. Cut it off from
 * the connection, cancel what it is doing in the database (the transaction and its row locks
 * stay ours, so the jobs waiting their turn stay protected) and roll its writes back; the group
 * then commits as usual with this job failed. Only if the connection does not come back
 * promptly is its backend ended and the transaction dropped, the others of the group going back
 * to the queue.
 */
async function leaseTimedOut(group: OpenGroup, runnable: Runnable, error: LeaseTimeoutError): Promise<JobStep> {
  const { connection, backendPid, scope, progress, queue, options } = group;
  const { job, definition } = runnable;
  scope.discard();
  const regained = await regainConnection(connection, backendPid, scope.opening, options);
  if (!regained) {
    queue.unshift(...progress.taken.filter((r) => r !== runnable), ...progress.cancelledBeforeStart);
    const failuresToRecord = [{ runnable, record: failure(job, error, definition, failedAt(options, job)) }];
    return { abandoned: { destroy: error, failuresToRecord, leaseLost: progress.leaseLost } };
  }
  progress.failed.set(runnable, failure(job, error, definition, failedAt(options, job)));
  return "stop";
}

/**
 * Whether the transaction is aborted after a handler returned. The status comes with each
 * ReadyForQuery, but pg settles a failed query's promise on the ErrorResponse, which can arrive
 * in a packet of its own (seen behind PgBouncer): a handler that caught the error may return
 * before the status says "E". So when one of its queries failed, ask the database: a statement
 * in an aborted transaction fails with 25P02. (No query failed: nothing to ask, no round trip.)
 */
export async function transactionAborted(connection: pg.PoolClient, aQueryFailed: boolean): Promise<boolean> {
  if ((connection as unknown as { getTransactionStatus(): string }).getTransactionStatus() === "E") return true;
  if (!aQueryFailed) return false;
  try {
    await connection.query("SELECT 1");
    return false;
  } catch (error) {
    if (isAbortedTransaction(error)) return true;
    throw error;
  }
}
