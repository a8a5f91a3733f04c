// The lease of a running handler, enforced twice (docs/decisions/0005): a timer here, which
// abandons the handler, and PostgreSQL itself, told the remaining lease as the job's
// statement_timeout and lock_timeout (job-scope.ts). When the timer fires the handler may still
// be inside a statement or a lock wait: its statement is cancelled from another connection and
// its savepoint rolled back, and if the connection does not come back promptly its backend is
// ended, so it cannot hold the group's row locks past its lease.
import type pg from "pg";
import type { JobDefinition } from "../job-definition.ts";
import { LeaseTimeoutError } from "./errors.ts";
import type { RunOptions } from "./runnable.ts";

/** Runs the handler, giving up when the lease is over (the handler itself cannot be cancelled). */
export async function withinLease<T>(definition: JobDefinition, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LeaseTimeoutError(definition)), definition.leaseMs);
  });
  try {
    return await Promise.race([run(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a cancelled handler's connection may take to come back before its backend is ended. */
const regainGraceMs = 2_000;

/**
 * After a lease timeout: cancels the handler's statement (if it is in one) and rolls back to its
 * savepoint, keeping the transaction. True when the connection is usable again; false when it
 * did not answer within the grace (its backend is then ended, and the caller drops it).
 */
export async function regainConnection(
  connection: pg.PoolClient,
  backendPid: number,
  jobSavepoint: Promise<void> | undefined,
  options: RunOptions,
): Promise<boolean> {
  await options.cancelBackend(backendPid).catch((error: Error) => options.onError(`could not cancel a handler's statement after its lease: ${error.message}`));
  // The pg client runs queries in order: this runs once the cancelled statement (and anything
  // the handler had queued behind it, which fails in the aborted transaction) has ended.
  const rollback = (async () => {
    if (jobSavepoint) {
      await jobSavepoint.catch(() => {});
      await connection.query("ROLLBACK TO SAVEPOINT job");
    } else {
      await connection.query("SELECT 1");
    }
  })();
  rollback.catch(() => {}); // if it loses the race below, its failure is the destroyed connection's
  let timer: NodeJS.Timeout | undefined;
  const regained = await Promise.race([
    rollback.then(() => true, () => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), regainGraceMs))),
  ]);
  clearTimeout(timer);
  if (regained) return true;
  await options.terminateBackend(backendPid).catch((error: Error) =>
    options.onError(`could not end a stuck backend after its lease: ${error.message}`),
  );
  return false;
}
