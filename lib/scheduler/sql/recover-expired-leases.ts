// Jobs whose worker died (SIGKILL, OOM, a lost host) stay 'running' until their lease passes.
// Then they go back to pending to run again, or to dead if that was their last attempt; the
// open run record is closed as 'lost'.
//
// Why SKIP LOCKED here too: a job whose handler is still inside its transaction holds a row
// lock (see holdClaimedJob), so a live worker's job is never taken from it, even after its
// lease, while a dead worker's lock vanished with its connection.
import { pgPoolOf, type Db } from "../../db/client.ts";

export interface RecoveredJob {
  id: bigint;
  status: "pending" | "dead";
}

const recoverSql = `
  WITH expired AS (
    SELECT id FROM scheduled_jobs
    WHERE status = 'running' AND lease_expires_at <= $1::timestamptz
    ORDER BY lease_expires_at
    LIMIT $2
    FOR UPDATE SKIP LOCKED
  ), released AS (
    UPDATE scheduled_jobs j
    SET status = CASE WHEN j.attempts >= j.max_attempts THEN 'dead' ELSE 'pending' END::job_status,
        run_at = CASE WHEN j.attempts >= j.max_attempts THEN j.run_at ELSE $1::timestamptz END,
        finished_at = CASE WHEN j.attempts >= j.max_attempts THEN $1::timestamptz END,
        last_error = 'attempt ' || j.attempts || ' of ' || j.max_attempts
                     || ': the worker stopped before finishing (lease expired)',
        lease_expires_at = NULL, locked_by = NULL, updated_at = $1::timestamptz
    FROM expired WHERE j.id = expired.id
    RETURNING j.id, j.attempts, j.status, j.last_error
  ), closed_runs AS (
    UPDATE job_runs r SET outcome = 'lost', finished_at = $1::timestamptz, error = released.last_error
    FROM released WHERE r.job_id = released.id AND r.attempt = released.attempts AND r.outcome = 'running'
  )
  SELECT id::text, status::text FROM released`;

export async function recoverExpiredLeases(db: Db, now: Date, limit = 100): Promise<RecoveredJob[]> {
  const { rows } = await pgPoolOf(db).query<{ id: string; status: "pending" | "dead" }>(recoverSql, [now, limit]);
  return rows.map((r) => ({ id: BigInt(r.id), status: r.status }));
}
