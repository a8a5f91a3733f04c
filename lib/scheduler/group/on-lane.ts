// Statements a lane sends outside its group transactions (recording a failed attempt or a lost
// lease), and how long it waits for a connection while it holds claimed jobs.
import type pg from "pg";
import { isConnectionLoss } from "../../db/connection-errors.ts";
import { toError } from "../describe-error.ts";
import type { Lane } from "../lane.ts";
import type { ClaimedJob } from "../sql/claim-due-jobs.ts";
import { markFailed, markRunLeaseLost, type FailureRecord } from "../sql/finish-attempt.ts";
import type { Queryable } from "../sql/queryable.ts";
import { outcomeOf, type AttemptOutcome, type RunOptions, type Runnable, type TransactionEnding } from "./runnable.ts";

/**
 * A statement on the lane's connection that survives the connection dying under it: the lane
 * reconnects and sends it again (at most three times). Recording an outcome must not throw the
 * lane's other claimed jobs away.
 */
export async function onLane<T>(lane: Lane, holding: number, work: (connection: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(lane.connection);
    } catch (error) {
      if (attempt >= 3 || !(lane.broken || isConnectionLoss(error))) throw error;
      await lane.replace(toError(error), holding > 0 ? 10_000 : 3_000);
    }
  }
}

/**
 * How long a lane keeps trying to reconnect for the jobs it holds: until the first of their
 * leases is about to run out (after that another tick may take them anyway), at least a few
 * seconds, at most half a minute.
 */
export function reconnectPatience(queue: Runnable[], ending: TransactionEnding, options: RunOptions): number {
  const held = [...queue, ...ending.failuresToRecord.map((f) => f.runnable)];
  if (held.length === 0) return 0;
  const now = options.leaseClock().getTime();
  const firstExpiry = Math.min(...held.map((r) => r.leaseExpiresAt.getTime()));
  return Math.min(30_000, Math.max(3_000, firstExpiry - now - 500));
}

/** Records a failed attempt on its own (outside any group transaction). */
export async function recordOutside(connection: Queryable, job: ClaimedJob, record: FailureRecord): Promise<AttemptOutcome> {
  const result = await markFailed(connection, record);
  if (result) return outcomeOf(result.status);
  await markRunLeaseLost(connection, job.id, job.attempt, record.error, record.now);
  return "lease_lost";
}
