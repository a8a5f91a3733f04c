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
// - Only job types this deployment knows are claimed, and only payload versions it can read
//   (a rolling deploy: newer code may schedule version 3 while older code still ticks). The
//   type and version tests are plain filters and the order is the index's own (run_at), so the
//   scan walks the index in order and stops after `limit` rows. (An earlier version joined the
//   types in and ordered by (run_at, id): the planner then read and sorted every due row on
//   each claim, which made draining a backlog quadratic; bench/RESULTS.md.)
// - A job type an operator paused (job_type_pauses, the incident switch) is not among the
//   types passed in (the tick reads the pauses in its housekeeping): its jobs stay pending with
//   their run times.
// - It runs on the lane's own connection (lanes.ts): a job is claimed only by a lane that holds
//   the connection it will run on, so nothing is claimed that cannot start.
// - The clock is the database's (statement_timestamp(): stable within the statement, so the
//   due test stays an index condition) unless the caller passes one (tests, time travel).
// - The UPDATE finds its rows by `id = ANY (ARRAY(subquery))`, an index lookup whatever the
//   planner thinks the subquery returns. So the named statement's generic plan is safe and is
//   kept: the earlier `UPDATE ... FROM due` shape was re-planned on every call (its generic
//   plan, a hash join over a sequential scan, took 325 ms at 1M rows; bench/RESULTS.md).
// Hot path: plain pg with bind parameters (docs/decisions/0003-engine-hot-path-on-pg.md).
import { statement, type Queryable } from "./queryable.ts";

/**
 * Added to every lease the claim (and a renewal) writes. Between its claim and the first
 * statement of its group a job is not row-locked, and a process starved of CPU right then (a
 * machine at many times its cores' load, a GC pause, a paused VM) would lose it to another
 * tick's recovery although it is alive. The grace covers that moment; the cost is that a dead
 * worker's jobs are recovered this much later. Decision 0005.
 */
export const startGraceMs = 5_000;

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
  /** When this attempt's lease ends, as written by the claim. */
  leaseExpiresAt: Date;
}

/** A job type as the claim sees it. */
export interface ClaimableType {
  jobType: string;
  leaseMs: number;
  /** The newest payload version this code reads. */
  version: number;
}

export interface ClaimRequest {
  /** Due means run_at <= now. Null: the database's clock (production: one clock for every decision). */
  now: Date | null;
  /** The lease starts here. Null: the database's clock (production, and time travel: leases are real). */
  leaseFrom: Date | null;
  /** Recorded on each run (job_runs.tick_id). */
  tickId: string;
  /** Recorded on each job (locked_by): the lane, so it can find what it claimed (findClaimedBy). */
  claimer: string;
  limit: number;
  types: ClaimableType[];
  /**
   * Jobs not to take again. A time-travelling tick passes those it already attempted: their
   * retries back off from the real clock, so at the travelled instant they would be due again at
   * once and could use up every attempt in one call.
   */
  exclude?: bigint[];
}

const claimSql = `
  WITH types AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(job_type text, lease_ms int, version int)
  ), claimed AS (
    UPDATE scheduled_jobs j
    SET status = 'running', attempts = j.attempts + 1, locked_by = $8,
        updated_at = coalesce($7::timestamptz, statement_timestamp()),
        lease_expires_at = coalesce($7::timestamptz, statement_timestamp())
          + (SELECT lease_ms FROM types WHERE types.job_type = j.job_type) * interval '1 millisecond'
    WHERE j.id = ANY (ARRAY(
      SELECT id FROM scheduled_jobs
      WHERE status = 'pending' AND run_at <= coalesce($2::timestamptz, statement_timestamp())
        AND job_type = ANY($5::text[]) AND payload_version <= ($6::jsonb ->> job_type)::int
        AND NOT (id = ANY($9::bigint[]))
      ORDER BY run_at
      LIMIT $3
      FOR UPDATE SKIP LOCKED))
    RETURNING j.id, j.job_type, j.key, j.run_at, j.payload, j.payload_version, j.attempts, j.max_attempts,
              j.subject_type, j.subject_id, j.lease_expires_at
  ), runs AS (
    INSERT INTO job_runs (job_id, attempt, tick_id, started_at)
    SELECT id, attempts, $4, coalesce($7::timestamptz, statement_timestamp()) FROM claimed
  )
  SELECT id::text, job_type, key, run_at, payload, payload_version, attempts, max_attempts, subject_type, subject_id,
         lease_expires_at
  FROM claimed ORDER BY run_at`;

interface ClaimRow {
  id: string; job_type: string; key: string | null; run_at: Date; payload: unknown; payload_version: number;
  attempts: number; max_attempts: number; subject_type: string | null; subject_id: string | null; lease_expires_at: Date;
}

export async function claimDueJobs(connection: Queryable, { now, leaseFrom, tickId, claimer, limit, types, exclude = [] }: ClaimRequest): Promise<ClaimedJob[]> {
  if (types.length === 0 || limit < 1) return [];
  const typesJson = JSON.stringify(types.map((t) => ({ job_type: t.jobType, lease_ms: t.leaseMs + startGraceMs, version: t.version })));
  const versions = JSON.stringify(Object.fromEntries(types.map((t) => [t.jobType, t.version])));
  const { rows } = await connection.query<ClaimRow>(statement(connection, "duly_claim", claimSql, [
    typesJson, now, limit, tickId, types.map((t) => t.jobType), versions, leaseFrom, claimer, exclude,
  ]));
  return rows.map(toClaimedJob);
}

/**
 * The jobs `claimer` holds as running. A claim whose connection died may have committed
 * without its answer reaching the lane; the lane looks here before claiming again, so those
 * jobs run now (same attempt) instead of waiting out their lease and losing an attempt.
 */
export async function findClaimedBy(connection: Queryable, claimer: string): Promise<ClaimedJob[]> {
  const { rows } = await connection.query<ClaimRow>(
    `SELECT id::text, job_type, key, run_at, payload, payload_version, attempts, max_attempts, subject_type, subject_id,
            lease_expires_at
     FROM scheduled_jobs WHERE status = 'running' AND locked_by = $1
     ORDER BY run_at`,
    [claimer],
  );
  return rows.map(toClaimedJob);
}

function toClaimedJob(r: ClaimRow): ClaimedJob {
  return {
    id: BigInt(r.id), jobType: r.job_type, key: r.key, runAt: r.run_at, payload: r.payload, payloadVersion: r.payload_version,
    attempt: r.attempts, maxAttempts: r.max_attempts, subjectType: r.subject_type, subjectId: r.subject_id,
    leaseExpiresAt: r.lease_expires_at,
  };
}
