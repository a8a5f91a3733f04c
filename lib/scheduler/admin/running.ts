// Running now: every job a tick holds, with the attempt under way (when it started, on which
// tick), its lease (a job whose lease passed while its worker is gone goes back to pending at
// the next housekeeping) and whether someone asked to cancel it. Read through the partial lease
// index (status = 'running'): as many rows as the ticks' lanes hold, never the whole table.
import type { DbOrTx } from "../../db/client.ts";

export interface RunningJob {
  id: bigint;
  jobType: string;
  subjectType: string | null;
  subjectId: string | null;
  key: string | null;
  attempt: number;
  maxAttempts: number;
  runAt: Date;
  /** The attempt's start (its job_runs row); null if the run record is missing. */
  startedAt: Date | null;
  tickId: string | null;
  leaseExpiresAt: Date | null;
  cancelRequested: boolean;
}

/** At most `limit` running jobs, the longest running first. */
export async function runningJobs(db: DbOrTx, limit = 500): Promise<RunningJob[]> {
  const rows = await db.$queryRaw<Array<{
    id: bigint; job_type: string; subject_type: string | null; subject_id: string | null; key: string | null; attempts: number;
    max_attempts: number; run_at: Date; started_at: Date | null; tick_id: string | null; lease_expires_at: Date | null; cancel_requested: boolean;
  }>>`
    SELECT j.id, j.job_type, j.subject_type, j.subject_id, j.key, j.attempts, j.max_attempts, j.run_at,
           r.started_at, coalesce(r.tick_id, j.locked_by) AS tick_id, j.lease_expires_at, j.cancelled_at IS NOT NULL AS cancel_requested
    FROM scheduled_jobs j
    LEFT JOIN job_runs r ON r.job_id = j.id AND r.attempt = j.attempts
    WHERE j.status = 'running'
    ORDER BY r.started_at NULLS LAST, j.id
    LIMIT ${limit}`;
  return rows.map((r) => ({
    id: r.id, jobType: r.job_type, subjectType: r.subject_type, subjectId: r.subject_id, key: r.key, attempt: r.attempts,
    maxAttempts: r.max_attempts, runAt: r.run_at, startedAt: r.started_at, tickId: r.tick_id, leaseExpiresAt: r.lease_expires_at,
    cancelRequested: r.cancel_requested,
  }));
}
