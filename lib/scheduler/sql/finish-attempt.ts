// Ending an attempt. Every write is guarded by (status = 'running' AND attempts = token): zero
// rows means another worker took the job after this one's lease ran out, never success.
import type { Db, Tx } from "../../db/client.ts";
import type { RetryPolicy } from "../job-definition.ts";

/**
 * First statement of a job's transaction: locks the job row (so lease recovery skips it while
 * the handler runs) and proves this worker still holds it. NO KEY UPDATE so that inserting
 * job_runs rows, which reference the job, is not blocked.
 */
export async function holdClaimedJob(tx: Tx, jobId: bigint, attempt: number): Promise<boolean> {
  const rows = await tx.$queryRaw<Array<{ id: bigint }>>`
    SELECT id FROM scheduled_jobs
    WHERE id = ${jobId} AND status = 'running' AND attempts = ${attempt}
    FOR NO KEY UPDATE`;
  return rows.length === 1;
}

/** Last statement of a job's transaction: the completion commits with the handler's writes. */
export async function markSucceeded(tx: Tx, jobId: bigint, attempt: number, now: Date): Promise<boolean> {
  const rows = await tx.$queryRaw<Array<{ id: bigint }>>`
    WITH done AS (
      UPDATE scheduled_jobs
      SET status = 'succeeded', finished_at = ${now}, lease_expires_at = NULL, last_error = NULL, updated_at = ${now}
      WHERE id = ${jobId} AND status = 'running' AND attempts = ${attempt}
      RETURNING id
    ), run AS (
      UPDATE job_runs SET outcome = 'succeeded', finished_at = ${now}
      WHERE job_id IN (SELECT id FROM done) AND attempt = ${attempt}
    )
    SELECT id FROM done`;
  return rows.length === 1;
}

export interface FailureRecord {
  jobId: bigint;
  attempt: number;
  error: string;
  /** No retry can help: go straight to dead. */
  permanent: boolean;
  retry: RetryPolicy;
  now: Date;
}

/**
 * Records a failed attempt after its transaction rolled back: back to pending with exponential
 * backoff and "equal jitter" (half the delay fixed, half random, so delays still grow while
 * retries of many jobs spread out), or dead after the last attempt. The arithmetic is in SQL,
 * next to the attempt count it depends on. Returns null if the job was no longer ours.
 */
export async function markFailed(db: Db, f: FailureRecord): Promise<{ status: "pending" | "dead"; runAt: Date } | null> {
  const rows = await db.$queryRaw<Array<{ status: "pending" | "dead"; run_at: Date }>>`
    WITH failed AS (
      UPDATE scheduled_jobs j
      SET status = CASE WHEN ${f.permanent} OR j.attempts >= j.max_attempts THEN 'dead' ELSE 'pending' END::job_status,
          run_at = CASE WHEN ${f.permanent} OR j.attempts >= j.max_attempts THEN j.run_at
                   ELSE ${f.now}::timestamptz + least(${f.retry.backoffMaxMs}::float8,
                          ${f.retry.backoffBaseMs}::float8 * power(2, j.attempts - 1))
                        * (0.5 + random() * 0.5) * interval '1 millisecond' END,
          finished_at = CASE WHEN ${f.permanent} OR j.attempts >= j.max_attempts THEN ${f.now}::timestamptz END,
          last_error = ${f.error}, lease_expires_at = NULL, locked_by = NULL, updated_at = ${f.now}
      WHERE j.id = ${f.jobId} AND j.status = 'running' AND j.attempts = ${f.attempt}
      RETURNING j.id, j.status, j.run_at
    ), run AS (
      UPDATE job_runs r
      SET outcome = CASE WHEN failed.status = 'dead' THEN 'dead' ELSE 'failed' END::run_outcome,
          finished_at = ${f.now}, error = ${f.error}
      FROM failed WHERE r.job_id = failed.id AND r.attempt = ${f.attempt}
    )
    SELECT status::text AS status, run_at FROM failed`;
  return rows[0] ? { status: rows[0].status, runAt: rows[0].run_at } : null;
}

/** The attempt lost its job to another worker: record that its writes were rolled back. */
export async function markRunLeaseLost(db: Db, jobId: bigint, attempt: number, error: string, now: Date): Promise<void> {
  await db.$executeRaw`
    UPDATE job_runs SET outcome = 'lease_lost', finished_at = ${now}, error = ${error}
    WHERE job_id = ${jobId} AND attempt = ${attempt} AND outcome IN ('running', 'lost')`;
}
