// Ending an attempt. Every write is guarded by (status = 'running' AND attempts = token): zero
// rows means another worker took the job after this one's lease ran out, never success.
// Intent recorded while the attempt ran (cancel-job.ts, reschedule-job.ts) is applied here:
// a cancelled job whose attempt fails ends cancelled; a moved one retries at its new time.
import type { RetryPolicy } from "../job-definition.ts";
import { statement, type Queryable } from "./queryable.ts";

export interface FailureRecord {
  jobId: bigint;
  attempt: number;
  /** run_at as claimed: a different run_at now means someone moved the job while it ran. */
  claimedRunAt: Date;
  error: string;
  /** No retry can help: go straight to dead. */
  permanent: boolean;
  retry: RetryPolicy;
  now: Date;
}

export type FailedStatus = "pending" | "dead" | "cancelled";

// Back to pending with exponential backoff and "equal jitter" (half the delay fixed, half
// random, so delays still grow with each attempt while retries of many jobs spread out), or
// dead after the last attempt. The arithmetic is in SQL, next to the attempt count; the
// exponent is capped so a job retried a thousand times cannot overflow float8.
const failedSql = `
  WITH failed AS (
    UPDATE scheduled_jobs j
    SET status = CASE WHEN j.cancelled_at IS NOT NULL THEN 'cancelled'
                      WHEN $4::boolean OR j.attempts >= j.max_attempts THEN 'dead'
                      ELSE 'pending' END::job_status,
        run_at = CASE WHEN j.cancelled_at IS NOT NULL OR $4::boolean OR j.attempts >= j.max_attempts THEN j.run_at
                      WHEN j.run_at IS DISTINCT FROM $8::timestamptz THEN j.run_at
                      ELSE $5::timestamptz + least($7::float8, $6::float8 * power(2::float8, least(j.attempts - 1, 62)))
                           * (0.5 + random() * 0.5) * interval '1 millisecond' END,
        finished_at = CASE WHEN j.cancelled_at IS NOT NULL OR $4::boolean OR j.attempts >= j.max_attempts
                           THEN $5::timestamptz END,
        last_error = $3, lease_expires_at = NULL, locked_by = NULL, updated_at = $5::timestamptz
    WHERE j.id = $1 AND j.status = 'running' AND j.attempts = $2
    RETURNING j.id, j.status, j.run_at
  ), run AS (
    UPDATE job_runs r
    SET outcome = CASE WHEN failed.status = 'dead' THEN 'dead' ELSE 'failed' END::run_outcome,
        finished_at = $5::timestamptz, error = $3
    FROM failed WHERE r.job_id = failed.id AND r.attempt = $2
  )
  SELECT status::text, run_at FROM failed`;

/** Records a failed attempt. Null if the job was no longer this attempt's. */
export async function markFailed(connection: Queryable, f: FailureRecord): Promise<{ status: FailedStatus; runAt: Date } | null> {
  const { rows } = await connection.query<{ status: FailedStatus; run_at: Date }>(statement(connection, "duly_mark_failed", failedSql, [
    f.jobId, f.attempt, f.error, f.permanent, f.now, f.retry.backoffBaseMs, f.retry.backoffMaxMs, f.claimedRunAt,
  ]));
  return rows[0] ? { status: rows[0].status, runAt: rows[0].run_at } : null;
}

export interface DeferralRecord {
  jobId: bigint;
  attempt: number;
  /** run_at as claimed: a different run_at now means someone moved the job while it ran. */
  claimedRunAt: Date;
  /** Where the handler deferred the job to (checked: after the attempt's clock, within limits). */
  until: Date;
  /** job_runs.note for the attempt: where to and why. */
  note: string;
  now: Date;
}

// A deferred attempt (deferral.ts, decision 0020): the handler said its business instant has not
// come. Back to pending at that instant, with the attempt given back (max_attempts + 1: the
// attempt number itself never goes back, it is the fencing token), its run closed 'deferred'.
// A job moved while it ran keeps the later of the two instants: moved later, the operator's time
// wins; moved earlier, it would only defer again. In the group's transaction, one statement for
// all of the group's deferrals. Not applied (the job is left to markFailed) when the job has had
// the most claims any job may have, so deferrals cannot keep a job looping for ever.
const deferredSql = `
  WITH deferred AS (
    UPDATE scheduled_jobs j
    SET status = 'pending',
        run_at = CASE WHEN j.run_at IS DISTINCT FROM mine.claimed_run_at THEN greatest(j.run_at, mine.until) ELSE mine.until END,
        max_attempts = j.max_attempts + 1,
        last_error = NULL, lease_expires_at = NULL, locked_by = NULL, updated_at = mine.at
    FROM unnest($1::bigint[], $2::int[], $3::timestamptz[], $4::timestamptz[], $5::text[], $6::timestamptz[])
         AS mine(id, attempt, claimed_run_at, until, note, at)
    WHERE j.id = mine.id AND j.status = 'running' AND j.attempts = mine.attempt AND j.cancelled_at IS NULL
      AND j.max_attempts < $7::int
    RETURNING j.id, j.attempts, mine.note, mine.at
  ), runs AS (
    UPDATE job_runs r SET outcome = 'deferred', finished_at = deferred.at, note = concat_ws(E'\\n', r.note, deferred.note)
    FROM deferred WHERE r.job_id = deferred.id AND r.attempt = deferred.attempts
  )
  SELECT id::text AS id FROM deferred`;

/** Records deferred attempts; returns the ids deferred (the others are left for markFailed). */
export async function markManyDeferred(connection: Queryable, jobs: DeferralRecord[], maxAttempts: number): Promise<Set<bigint>> {
  if (jobs.length === 0) return new Set();
  const { rows } = await connection.query<{ id: string }>(statement(connection, "duly_mark_deferred", deferredSql, [
    jobs.map((j) => j.jobId), jobs.map((j) => j.attempt), jobs.map((j) => j.claimedRunAt), jobs.map((j) => j.until),
    jobs.map((j) => j.note), jobs.map((j) => j.now), maxAttempts,
  ]));
  return new Set(rows.map((r) => BigInt(r.id)));
}

/** The attempt lost its job to another worker: record that its writes were rolled back. */
export async function markRunLeaseLost(connection: Queryable, jobId: bigint, attempt: number, error: string, now: Date): Promise<void> {
  await connection.query(
    `UPDATE job_runs SET outcome = 'lease_lost', finished_at = $4::timestamptz, error = $3
     WHERE job_id = $1 AND attempt = $2 AND outcome IN ('running', 'lost')`,
    [jobId, attempt, error, now],
  );
}

/**
 * First statement of a group's transaction after BEGIN: locks the rows of every job in the
 * group (so lease recovery skips them while handlers run) and returns the ids this worker
 * still holds, each with whether someone cancelled it meanwhile (then it is not run).
 */
export async function holdClaimedJobs(connection: Queryable, jobs: Array<{ id: bigint; attempt: number }>): Promise<Map<bigint, { cancelRequested: boolean }>> {
  const { rows } = await connection.query<{ id: string; cancel_requested: boolean }>(
    statement(
      connection,
      "duly_hold",
      `SELECT j.id::text AS id, j.cancelled_at IS NOT NULL AS cancel_requested
       FROM scheduled_jobs j
       JOIN unnest($1::bigint[], $2::int[]) AS mine(id, attempt) ON j.id = mine.id AND j.attempts = mine.attempt
       WHERE j.status = 'running'
       FOR NO KEY UPDATE OF j`,
      [jobs.map((j) => j.id), jobs.map((j) => j.attempt)],
    ),
  );
  return new Map(rows.map((r) => [BigInt(r.id), { cancelRequested: r.cancel_requested }]));
}

/** Ends attempts whose job was cancelled after the claim, before its handler started. Returns the ids ended. */
export async function markCancelledBeforeStart(connection: Queryable, jobs: Array<{ id: bigint; attempt: number }>, now: Date): Promise<Set<bigint>> {
  if (jobs.length === 0) return new Set();
  const { rows } = await connection.query<{ id: string }>(
    `WITH ended AS (
       UPDATE scheduled_jobs j
       SET status = 'cancelled', finished_at = $3::timestamptz, lease_expires_at = NULL, locked_by = NULL, updated_at = $3::timestamptz
       FROM unnest($1::bigint[], $2::int[]) AS mine(id, attempt)
       WHERE j.id = mine.id AND j.status = 'running' AND j.attempts = mine.attempt AND j.cancelled_at IS NOT NULL
       RETURNING j.id, j.attempts
     ), runs AS (
       UPDATE job_runs r SET outcome = 'cancelled', finished_at = $3::timestamptz, error = 'cancelled before its handler started'
       FROM ended WHERE r.job_id = ended.id AND r.attempt = ended.attempts
     )
     SELECT id::text AS id FROM ended`,
    [jobs.map((j) => j.id), jobs.map((j) => j.attempt), now],
  );
  return new Set(rows.map((r) => BigInt(r.id)));
}

/**
 * Extends the lease of claimed jobs that are still waiting for their turn, so a job is
 * protected until its handler starts (docs/decisions/0005). Written in the group's own
 * transaction, just before it commits and lets go of their row locks.
 */
export async function renewLeases(connection: Queryable, jobs: Array<{ id: bigint; attempt: number; leaseMs: number }>, from: Date | null): Promise<void> {
  if (jobs.length === 0) return;
  await connection.query(
    `UPDATE scheduled_jobs j
     SET lease_expires_at = coalesce($4::timestamptz, statement_timestamp()) + mine.lease_ms * interval '1 millisecond'
     FROM unnest($1::bigint[], $2::int[], $3::int[]) AS mine(id, attempt, lease_ms)
     WHERE j.id = mine.id AND j.status = 'running' AND j.attempts = mine.attempt`,
    [jobs.map((j) => j.id), jobs.map((j) => j.attempt), jobs.map((j) => j.leaseMs), from],
  );
}

const succeededManySql = `
  WITH done AS (
    UPDATE scheduled_jobs j
    SET status = 'succeeded', finished_at = mine.finished_at, lease_expires_at = NULL, last_error = NULL,
        updated_at = mine.finished_at
    FROM unnest($1::bigint[], $2::int[], $3::timestamptz[]) AS mine(id, attempt, finished_at)
    WHERE j.id = mine.id AND j.status = 'running' AND j.attempts = mine.attempt
    RETURNING j.id, j.attempts, mine.finished_at
  ), runs AS (
    UPDATE job_runs r SET outcome = 'succeeded', finished_at = done.finished_at
    FROM done WHERE r.job_id = done.id AND r.attempt = done.attempts
  )
  SELECT id::text AS id FROM done`;

/** Marks the group's succeeded jobs done, in the transaction that holds their effects. */
export async function markManySucceeded(
  connection: Queryable,
  jobs: Array<{ id: bigint; attempt: number; finishedAt: Date }>,
): Promise<Set<bigint>> {
  if (jobs.length === 0) return new Set();
  const { rows } = await connection.query<{ id: string }>(statement(connection, "duly_mark_succeeded", succeededManySql, [
    jobs.map((j) => j.id), jobs.map((j) => j.attempt), jobs.map((j) => j.finishedAt),
  ]));
  return new Set(rows.map((r) => BigInt(r.id)));
}
