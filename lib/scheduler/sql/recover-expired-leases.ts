// Jobs whose worker died (SIGKILL, OOM, a lost host) stay 'running' until their lease passes.
// Then they go back to pending to run again, or to dead if that was their last attempt; the
// open run record is closed as 'lost'.
//
// Why SKIP LOCKED here too: a job whose handler is still inside its transaction holds a row
// lock (see run-claimed-job.ts), so a live worker's job is never taken from it, even after its
// lease, while a dead worker's lock vanished with its connection.
import type { Db } from "../../db/client.ts";

export interface RecoveredJob {
  id: bigint;
  status: "pending" | "dead";
}

export async function recoverExpiredLeases(db: Db, now: Date, limit = 100): Promise<RecoveredJob[]> {
  return db.$queryRaw<RecoveredJob[]>`
    WITH expired AS (
      SELECT id FROM scheduled_jobs
      WHERE status = 'running' AND lease_expires_at <= ${now}
      ORDER BY lease_expires_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), released AS (
      UPDATE scheduled_jobs j
      SET status = CASE WHEN j.attempts >= j.max_attempts THEN 'dead' ELSE 'pending' END::job_status,
          run_at = CASE WHEN j.attempts >= j.max_attempts THEN j.run_at ELSE ${now} END,
          finished_at = CASE WHEN j.attempts >= j.max_attempts THEN ${now}::timestamptz END,
          last_error = 'attempt ' || j.attempts || ' of ' || j.max_attempts
                       || ': the worker stopped before finishing (lease expired)',
          lease_expires_at = NULL, locked_by = NULL, updated_at = ${now}
      FROM expired WHERE j.id = expired.id
      RETURNING j.id, j.attempts, j.status, j.last_error
    ), closed_runs AS (
      UPDATE job_runs r SET outcome = 'lost', finished_at = ${now}, error = released.last_error
      FROM released WHERE r.job_id = released.id AND r.attempt = released.attempts AND r.outcome = 'running'
    )
    SELECT id, status::text AS status FROM released`;
}
