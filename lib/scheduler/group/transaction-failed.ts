// A group transaction that failed as a whole (BEGIN or COMMIT refused, a lock or statement
// timeout in the engine's own statements, the connection lost): nothing of it landed. Every
// job it took records its own error, or the transaction's, as a failed attempt; unless the
// connection died, which is no job's fault (below).
import type pg from "pg";
import { isConnectionLoss } from "../../db/connection-errors.ts";
import { describeError, toError } from "../describe-error.ts";
import type { Lane } from "../lane.ts";
import type { GroupProgress } from "./progress.ts";
import { failedAt, failure, maxConnectionLosses, type RunOptions, type Runnable, type TransactionEnding } from "./runnable.ts";

export interface FailedTransaction {
  lane: Lane;
  /** The lane's connection the transaction ran on. */
  connection: pg.PoolClient;
  queue: Runnable[];
  progress: GroupProgress;
  /** The transaction has failed before taking any job several times in a row: record it rather than loop. */
  giveUpOnFailure: boolean;
  options: RunOptions;
}

export async function transactionFailed({ lane, connection, queue, progress, giveUpOnFailure, options }: FailedTransaction, error: unknown): Promise<TransactionEnding> {
  let destroy: Error | undefined = lane.broken ?? undefined;
  if (!destroy) await connection.query("ROLLBACK").catch((rollbackError: Error) => (destroy = rollbackError));
  options.onError(`a group transaction failed: ${describeError(error)}`);
  queue.unshift(...progress.cancelledBeforeStart); // not ended: the next transaction ends them
  const { taken } = progress;
  let unfinished = taken;
  if (lane.broken || isConnectionLoss(error)) {
    unfinished = requeueAfterConnectionLoss(queue, taken);
    destroy ??= toError(error);
  } else if (taken.length === 0 && giveUpOnFailure) {
    // Nothing could start, repeatedly: record it rather than loop.
    unfinished = progress.candidates.filter((r) => queue.includes(r));
    for (const r of unfinished) queue.splice(queue.indexOf(r), 1);
  }
  const failuresToRecord = unfinished.map((runnable) => ({
    runnable,
    record: progress.failed.get(runnable) ?? failure(runnable.job, error, runnable.definition, failedAt(options, runnable.job)),
  }));
  // No progress: replace the connection anyway, so the next try starts clean.
  return { destroy: destroy ?? (taken.length === 0 ? toError(error) : undefined), failuresToRecord, leaseLost: progress.leaseLost };
}

/**
 * The connection died (a killed backend, a restarted server or pooler): the server rolled the
 * transaction back and nothing of it landed. Its jobs are not at fault: they run again in a
 * fresh transaction under the same attempt, which re-holds them first and so finds out if
 * another worker took one meanwhile. Only a job that keeps losing its connection records a
 * failed attempt: those are returned.
 */
function requeueAfterConnectionLoss(queue: Runnable[], taken: Runnable[]): Runnable[] {
  const again = taken.filter((r) => r.connectionLosses < maxConnectionLosses);
  for (const r of again) r.connectionLosses += 1;
  queue.unshift(...again);
  return taken.filter((r) => !again.includes(r));
}
