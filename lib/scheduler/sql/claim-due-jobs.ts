// The claim: one statement picks due jobs, counts the attempt, sets the lease and opens the
// run record, and commits before any handler runs.
//
// Why this shape:
// - `FOR UPDATE SKIP LOCKED` in the CTE lets any number of ticks claim at once; each row goes
//   to exactly one of them and nobody waits on another's locks.
// - The WHERE matches the partial index scheduled_jobs_due_idx (run_at WHERE status =
//   'pending'), so the cost follows what is due, not how many months of work are scheduled.
// - The attempt is counted here, in its own commit, so a job that kills its worker still uses
//   up attempts and ends dead instead of looping forever.
// - The attempt number is the fencing token: completion later requires attempts to be
//   unchanged, so a worker whose lease was lost and re-claimed cannot finish the job.
// - Only job types this deployment knows are claimed; leases come from their definitions.
//   The type test is a plain filter (`= ANY`) and the order is the index's own (run_at), so
//   the scan walks the index in order and stops after `limit` rows. An earlier version
//   joined the types in and ordered by (run_at, id): the planner then read and sorted every
//   due row on each claim, which made draining a backlog quadratic (bench/RESULTS.md).
// Hot path: plain pg with bind parameters (docs/decisions/0003-engine-hot-path-on-pg.md).
import { pgPoolOf, type Db } from "../../db/client.ts";

export interface ClaimedJob {
  id: bigint;
  jobType: string;
  key: string | null;
  runAt: Date;
  payload: unknown;
  payloadVersion: number;
  attempt: number;
  maxAttempts: number;
  subjectType: string | null;
  subjectId: string | null;
}

export interface ClaimRequest {
  now: Date;
  tickId: string;
  limit: number;
  /** Lease per known job type, in milliseconds. */
  leases: Array<{ jobType: string; leaseMs: number }>;
}

const claimSql = `
  WITH leases AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS l(job_type text, lease_ms int)
  ), due AS (
    SELECT id FROM scheduled_jobs
    WHERE status = 'pending' AND run_at <= $2::timestamptz AND job_type = ANY($5::text[])
    ORDER BY run_at
    LIMIT $3
    FOR UPDATE SKIP LOCKED
  ), claimed AS (
    UPDATE scheduled_jobs j
    SET status = 'running', attempts = j.attempts + 1, locked_by = $4, updated_at = $2::timestamptz,
        lease_expires_at = $2::timestamptz
          + (SELECT lease_ms FROM leases WHERE leases.job_type = j.job_type) * interval '1 millisecond'
    FROM due WHERE j.id = due.id
    RETURNING j.id, j.job_type, j.key, j.run_at, j.payload, j.payload_version, j.attempts, j.max_attempts,
              j.subject_type, j.subject_id
  ), runs AS (
    INSERT INTO job_runs (job_id, attempt, tick_id, started_at)
    SELECT id, attempts, $4, $2::timestamptz FROM claimed
  )
  SELECT id::text, job_type, key, run_at, payload, payload_version, attempts, max_attempts, subject_type, subject_id
  FROM claimed ORDER BY run_at`;

interface ClaimRow {
  id: string; job_type: string; key: string | null; run_at: Date; payload: unknown; payload_version: number;
  attempts: number; max_attempts: number; subject_type: string | null; subject_id: string | null;
}

export async function claimDueJobs(db: Db, { now, tickId, limit, leases }: ClaimRequest): Promise<ClaimedJob[]> {
  const leasesJson = JSON.stringify(leases.map((l) => ({ job_type: l.jobType, lease_ms: l.leaseMs })));
  const jobTypes = leases.map((l) => l.jobType);
  const { rows } = await pgPoolOf(db).query<ClaimRow>(claimSql, [leasesJson, now, limit, tickId, jobTypes]);
  return rows.map((r) => ({
    id: BigInt(r.id), jobType: r.job_type, key: r.key, runAt: r.run_at, payload: r.payload, payloadVersion: r.payload_version,
    attempt: r.attempts, maxAttempts: r.max_attempts, subjectType: r.subject_type, subjectId: r.subject_id,
  }));
}
