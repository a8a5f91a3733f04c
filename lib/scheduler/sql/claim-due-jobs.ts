// The claim: one statement picks due jobs, counts the attempt, sets the lease and opens the
// run record, and commits before any handler runs.
//
// Why this shape:
// - `FOR UPDATE SKIP LOCKED` lets any number of ticks claim at once; each row goes to exactly
//   one of them and nobody waits on another's locks.
// - Fair across types (docs/decisions/0026). Each job type's due jobs are read on their own
//   (pending-of-type.ts: a range of the (job_type, run_at) index per type), so a type's cost
//   follows its own due jobs: a paused type is not among the types passed in and its backlog is
//   never read, and a backlog of one type cannot put another's due job behind it. The batch is
//   shared round robin between the types with due work: each type's first job ranks before any
//   type's second ("place"), and at equal place the types take turns leading ("turn", rotated
//   by the caller from claim to claim), so with a batch smaller than the number of types each
//   still leads within that many claims. To size the shares without locking rows it will not
//   take, the statement first counts each type's due jobs (at most the batch), then locks each
//   type's share in run_at order.
// - A type's own limit (JobDefinition.maxRunning) caps its share at the limit minus its jobs
//   claimed or running, everywhere. duly_job_type_room() counts them under a transaction-scoped
//   advisory lock of the type, taken without waiting: PL/pgSQL runs that count with a snapshot
//   taken after the lock, so it sees every claim that committed before, and no other claim of
//   the type can commit before this one does. A claim that finds the lock taken (another claim
//   of the type is under way) takes none of that type this time.
// - The attempt is counted here, in its own commit, so a job that kills its worker still uses
//   up attempts and ends dead instead of looping forever.
// - The attempt number is the fencing token: completion later requires attempts to be
//   unchanged, so a worker whose lease was lost and re-claimed cannot finish the job.
// - Only job types this deployment knows are claimed, and only payload versions it can read
//   (a rolling deploy: newer code may schedule version 3 while older code still ticks).
// - A job type an operator paused (job_type_pauses, the incident switch) is not among the
//   types passed in (the tick reads the pauses in its housekeeping): its jobs stay pending with
//   their run times.
// - It runs on the lane's own connection (lanes.ts): a job is claimed only by a lane that holds
//   the connection it will run on, so nothing is claimed that cannot start.
// - The clock is the database's (statement_timestamp(): stable within the statement) unless the
//   caller passes one (tests, time travel).
// - The UPDATE finds its rows by `id = ANY (ARRAY(subquery))`, an index lookup whatever the
//   planner thinks the subquery returns. So the named statement's generic plan is safe: the
//   earlier `UPDATE ... FROM due` shape was re-planned on every call (its generic plan, a hash
//   join over a sequential scan, took 325 ms at 1M rows; bench/RESULTS.md).
// - The jobs come back in the order the lane runs them: each type's first job, then each
//   type's second, and so on (oldest first within a place), so a type's job is not queued behind
//   another type's whole share in the group transaction.
// Hot path: plain pg with bind parameters (docs/decisions/0003-engine-hot-path-on-pg.md).
import { inIndexOrder, pendingOfType } from "./pending-of-type.ts";
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
  /** At most this many of its jobs claimed or running at once, everywhere (JobDefinition.maxRunning); null: no limit of its own. */
  maxRunning: number | null;
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

/** Due means run_at at or before this: the caller's clock, else the database's. */
const dueBy = "coalesce($2::timestamptz, statement_timestamp())";

const claimSql = `
  WITH types AS MATERIALIZED (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(job_type text, lease_ms int, version int, max_running int)
  ), due AS MATERIALIZED (
    -- Each type's due jobs this claim could take, counted up to the batch.
    SELECT t.job_type, t.max_running,
           (SELECT count(*)::int FROM (
              SELECT FROM scheduled_jobs j
              WHERE ${pendingOfType("j", "t.job_type", dueBy)}
                AND j.payload_version <= t.version AND NOT (j.id = ANY($7::bigint[]))
              ORDER BY ${inIndexOrder("j")}
              LIMIT $3) counted) AS available
    FROM types t
  ), room AS MATERIALIZED (
    -- Types with due work, a limited type capped by its room (evaluated only where due); the
    -- turn rotates the types' order by $8 from one claim to the next.
    SELECT job_type,
           CASE WHEN max_running IS NULL THEN available ELSE least(available, duly_job_type_room(job_type, max_running)) END AS available,
           (row_number() OVER (ORDER BY job_type) + $8::int) % count(*) OVER () AS turn
    FROM due WHERE available > 0
  ), shares AS (
    -- Round robin: every type's first job, then every type's second, ...; the batch takes the first $3.
    SELECT job_type, count(*)::int AS share FROM (
      SELECT r.job_type FROM room r CROSS JOIN generate_series(1, r.available) AS place
      ORDER BY place, r.turn
      LIMIT $3) placed
    GROUP BY job_type
  ), picked AS (
    SELECT p.id FROM shares s JOIN types t USING (job_type) CROSS JOIN LATERAL (
      SELECT j.id FROM scheduled_jobs j
      WHERE ${pendingOfType("j", "t.job_type", dueBy)}
        AND j.payload_version <= t.version AND NOT (j.id = ANY($7::bigint[]))
      ORDER BY ${inIndexOrder("j")}
      LIMIT s.share
      FOR UPDATE OF j SKIP LOCKED) p
  ), claimed AS (
    UPDATE scheduled_jobs j
    SET status = 'running', attempts = j.attempts + 1, locked_by = $6,
        updated_at = coalesce($5::timestamptz, statement_timestamp()),
        lease_expires_at = coalesce($5::timestamptz, statement_timestamp())
          + (SELECT lease_ms FROM types WHERE types.job_type = j.job_type) * interval '1 millisecond'
    WHERE j.id = ANY (ARRAY(SELECT id FROM picked))
    RETURNING j.id, j.job_type, j.key, j.run_at, j.payload, j.payload_version, j.attempts, j.max_attempts,
              j.subject_type, j.subject_id, j.lease_expires_at
  ), runs AS (
    INSERT INTO job_runs (job_id, attempt, tick_id, started_at)
    SELECT id, attempts, $4, coalesce($5::timestamptz, statement_timestamp()) FROM claimed
  )
  SELECT id::text, job_type, key, run_at, payload, payload_version, attempts, max_attempts, subject_type, subject_id,
         lease_expires_at
  FROM claimed
  ORDER BY row_number() OVER (PARTITION BY job_type ORDER BY run_at, id), run_at, id`;

interface ClaimRow {
  id: string; job_type: string; key: string | null; run_at: Date; payload: unknown; payload_version: number;
  attempts: number; max_attempts: number; subject_type: string | null; subject_id: string | null; lease_expires_at: Date;
}

/**
 * Which type leads at equal place: moves on by one with every claim this process makes, so the
 * types take turns (see the header). Where it starts does not matter.
 */
let turnOffset = 0;

export async function claimDueJobs(connection: Queryable, { now, leaseFrom, tickId, claimer, limit, types, exclude = [] }: ClaimRequest): Promise<ClaimedJob[]> {
  if (types.length === 0 || limit < 1) return [];
  const typesJson = JSON.stringify(types.map((t) => ({
    job_type: t.jobType, lease_ms: t.leaseMs + startGraceMs, version: t.version, max_running: t.maxRunning ?? null,
  })));
  turnOffset = (turnOffset + 1) % 1_000_000;
  const { rows } = await connection.query<ClaimRow>(statement(connection, "duly_claim", claimSql, [
    typesJson, now, limit, tickId, leaseFrom, claimer, exclude, turnOffset,
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
