// Housekeeping, one statement, at most about once a second per tick (and first thing in every
// tick): read the clock, recover jobs whose worker died, fold the run tallies, and answer the questions the tick
// asks before claiming (how late is the oldest due job? is a recurring schedule due? which
// deployments are live, and has the schedules table changed since it was last reconciled?).
// One round trip instead of five is most of what an idle tick costs (bench/RESULTS.md).
//
// Recovery: jobs whose worker died (SIGKILL, OOM, a lost host) stay 'running' until their
// lease passes; then they go back to pending to run again, or to dead if that was their last
// attempt, or to cancelled if someone cancelled them while they ran. The open run record is
// closed as 'lost'. SKIP LOCKED: a live worker's job is row-locked by its group transaction
// (run-job-group.ts), so it is never taken from it even past its lease; a dead worker's lock
// vanished with its connection.
import { deploymentKeyPrefix, liveStartSql, liveWindowMs } from "../recurring/deployments.ts";
import type { ClaimableType } from "./claim-due-jobs.ts";
import { inIndexOrder, pendingOfType } from "./pending-of-type.ts";
import { statement, type Queryable } from "./queryable.ts";

/**
 * md5 of recurring_schedules' active rows (name, cron, zone, type, catch-up policy; one line each
 * in name order): a reconciliation stores it, housekeeping compares, so a table edited by hand
 * (rows deleted, retired or re-timed) is put back by the next deployment tick. One expression,
 * used by both.
 */
export const activeSchedulesDigestSql = `(SELECT md5(coalesce(string_agg(name || E'\\t' || cron || E'\\t' || time_zone || E'\\t' || job_type || E'\\t' || catch_up::text,
                                    E'\\n' ORDER BY name COLLATE "C"), ''))
     FROM recurring_schedules WHERE retired_at IS NULL)`;

export interface HousekeepingRequest {
  /** The tick's clock; null on its first call in production: the database's clock then. */
  now: Date | null;
  /** Travelling: leases are judged by the database's real clock, never by the travelled one. */
  travelling: boolean;
  /** Whether to compute the lag of the oldest due job (the tick reports it once). */
  withLag: boolean;
  /** Recover at most this many jobs per call. */
  recoverLimit: number;
  /** Job types this code knows: a due schedule of another type counts once, to get its error recorded. */
  knownTypes: string[];
  /**
   * The types the tick claims (their payload versions): the lag and `workDue` count only their
   * due jobs, and not those of a paused type. Omitted: every known type, any version.
   */
  claimable?: ClaimableType[];
}

export interface HousekeepingResult {
  /** The instant the statement judged by (the tick's clock, or the database's). */
  now: Date;
  /** The database's clock at the same moment. */
  databaseNow: Date;
  /** With the lag only: the run time of the oldest due job the tick could run (claimable, not paused). */
  oldestDue: Date | null;
  /** With the lag only: whether such a job is due (false: the claim can be skipped). */
  workDue: boolean | null;
  recurringDue: boolean;
  /** Job types an operator paused (job_type_pauses): no claim takes them. */
  pausedTypes: string[];
  /** What the last reconciliation stored (recurring/reconcile.ts). */
  recurringReconciled: string | null;
  /** Deployments whose latest tick started within liveWindowMs of the real clock (recurring/deployments.ts). */
  liveDeployments: string[];
  /** md5 of the active recurring schedules (activeSchedulesDigestSql). */
  recurringTableDigest: string;
  recovered: Array<{ id: bigint; status: "pending" | "dead" | "cancelled" }>;
}

const housekeepingSql = `
  WITH clock AS MATERIALIZED (
    -- "real": leases and recovery follow the database's clock when the tick travels in time.
    SELECT coalesce($1::timestamptz, clock_timestamp()) AS now, clock_timestamp() AS db_now,
           CASE WHEN $2::boolean THEN clock_timestamp() ELSE coalesce($1::timestamptz, clock_timestamp()) END AS real
  ), expired AS (
    SELECT j.id FROM scheduled_jobs j, clock
    WHERE j.status = 'running'
      AND j.lease_expires_at <= clock.real
    ORDER BY j.lease_expires_at
    LIMIT $4
    FOR UPDATE OF j SKIP LOCKED
  ), released AS (
    UPDATE scheduled_jobs j
    SET status = CASE WHEN j.cancelled_at IS NOT NULL THEN 'cancelled'
                      WHEN j.attempts >= j.max_attempts THEN 'dead'
                      ELSE 'pending' END::job_status,
        -- Retry at once (the lease already waited), or at the time someone moved it to; by the
        -- real clock, so a travelled tick never pushes real work into its future.
        run_at = CASE WHEN j.cancelled_at IS NULL AND j.attempts < j.max_attempts
                      THEN greatest(j.run_at, c.real) ELSE j.run_at END,
        finished_at = CASE WHEN j.cancelled_at IS NOT NULL OR j.attempts >= j.max_attempts THEN c.real END,
        last_error = 'attempt ' || j.attempts || ' of ' || j.max_attempts
                     || ': the worker stopped before finishing (lease expired)',
        lease_expires_at = NULL, locked_by = NULL, updated_at = c.real
    FROM expired, clock c WHERE j.id = expired.id
    RETURNING j.id, j.attempts, j.status, j.last_error
  ), closed_runs AS (
    UPDATE job_runs r SET outcome = 'lost', finished_at = (SELECT real FROM clock), error = released.last_error
    FROM released WHERE r.job_id = released.id AND r.attempt = released.attempts AND r.outcome = 'running'
  ), loose_tallies AS (
    -- Folding the run tallies (decision 0033): the rows statements added for minutes the tick's
    -- clock has left, summed into one row per (minute, type, outcome). Rows another tick's
    -- housekeeping is folding are skipped, never waited for; a sum is the same however the rows
    -- are split, so a late row for a folded minute is simply folded again.
    SELECT t.id FROM job_run_tallies t, clock c
    WHERE NOT t.compacted AND t.minute < date_trunc('minute', c.now)
    ORDER BY t.minute
    LIMIT 5000
    FOR UPDATE OF t SKIP LOCKED
  ), folded AS (
    DELETE FROM job_run_tallies t USING loose_tallies l WHERE t.id = l.id
    RETURNING t.minute, t.job_type, t.outcome, t.n, t.delay_ms_total, t.delay_ms_max
  ), refolded AS (
    INSERT INTO job_run_tallies (minute, job_type, outcome, n, delay_ms_total, delay_ms_max, compacted)
    SELECT minute, job_type, outcome, sum(n)::integer, sum(delay_ms_total)::bigint, max(delay_ms_max), true
    FROM folded GROUP BY 1, 2, 3
  ), runnable AS MATERIALIZED (
    -- The types the tick claims, less those an operator paused: only their jobs are lag.
    SELECT v.key AS job_type, v.value::int AS version FROM jsonb_each_text($7::jsonb) v
    WHERE $3::boolean AND NOT EXISTS (SELECT 1 FROM job_type_pauses p WHERE p.job_type = v.key)
  ), oldest AS MATERIALIZED (
    -- Each runnable type's oldest due job, one index range per type (pending-of-type.ts): a
    -- paused or unknown type's backlog is never read.
    SELECT min(o.run_at) AS run_at FROM runnable t, clock c CROSS JOIN LATERAL (
      SELECT j.run_at FROM scheduled_jobs j
      WHERE ${pendingOfType("j", "t.job_type", "c.now")} AND j.payload_version <= t.version
      ORDER BY ${inIndexOrder("j")} LIMIT 1) o
  )
  SELECT c.now, c.db_now,
    CASE WHEN $3::boolean THEN (SELECT run_at FROM oldest) END AS oldest_due,
    CASE WHEN $3::boolean THEN (SELECT run_at FROM oldest) IS NOT NULL END AS work_due,
    EXISTS (SELECT 1 FROM recurring_schedules
            WHERE enabled AND retired_at IS NULL AND next_run_at <= c.now
              AND (job_type = ANY($5::text[]) OR last_error_at IS NULL)) AS recurring_due,
    (SELECT value FROM scheduler_state WHERE key = 'recurring_fingerprint') AS reconciled,
    -- A handful of rows (one per deployment seen in the last month): no index needed.
    ARRAY(SELECT substr(key, ${deploymentKeyPrefix.length + 1}) FROM scheduler_state
          WHERE key LIKE '${deploymentKeyPrefix}%' AND ${liveStartSql("c.real", "$6")}
          ORDER BY 1) AS live_deployments,
    -- Job types an operator paused. The tick leaves them out of the types it hands the claim and
    -- the next-work probe, instead of those statements reading job_type_pauses themselves: a
    -- "job_type <> ALL (ARRAY(SELECT … FROM job_type_pauses))" predicate made the planner expect
    -- almost no matching rows and seq-scan 1M jobs in the next-work probe (0.5 s a call).
    ARRAY(SELECT job_type FROM job_type_pauses ORDER BY job_type) AS paused_types,
    ${activeSchedulesDigestSql} AS table_digest,
    (SELECT coalesce(json_agg(json_build_object('id', id::text, 'status', status)), '[]'::json) FROM released) AS recovered
  FROM clock c`;

interface HousekeepingRow {
  now: Date;
  db_now: Date;
  oldest_due: Date | null;
  work_due: boolean | null;
  recurring_due: boolean;
  paused_types: string[];
  reconciled: string | null;
  live_deployments: string[];
  table_digest: string;
  recovered: Array<{ id: string; status: "pending" | "dead" | "cancelled" }>;
}

export async function housekeeping(connection: Queryable, request: HousekeepingRequest): Promise<HousekeepingResult> {
  const versions = request.claimable
    ? Object.fromEntries(request.claimable.map((t) => [t.jobType, t.version]))
    : Object.fromEntries(request.knownTypes.map((name) => [name, 2_147_483_647]));
  const { rows } = await connection.query<HousekeepingRow>(statement(connection, "duly_housekeeping", housekeepingSql, [
    request.now, request.travelling, request.withLag, request.recoverLimit, request.knownTypes, liveWindowMs, JSON.stringify(versions),
  ]));
  const row = rows[0]!;
  return {
    now: row.now,
    databaseNow: row.db_now,
    oldestDue: row.oldest_due,
    workDue: row.work_due,
    recurringDue: row.recurring_due,
    pausedTypes: row.paused_types,
    recurringReconciled: row.reconciled,
    liveDeployments: row.live_deployments,
    recurringTableDigest: row.table_digest,
    recovered: row.recovered.map((r) => ({ id: BigInt(r.id), status: r.status })),
  };
}

/**
 * Milliseconds until the next pending job this code can claim is due (0 if one is due now), or
 * null when none is scheduled. One probe of the (job_type, run_at) index per type
 * (pending-of-type.ts): the types passed are the unpaused ones, and no other type's jobs are read.
 */
export async function millisecondsUntilNextWork(connection: Queryable, now: Date, types: ClaimableType[]): Promise<number | null> {
  // The same types and versions as the claim, or a job this code cannot take would wake it in a loop.
  const { rows } = await connection.query<{ next: Date | null }>(
    statement(connection, "duly_next_work", nextWorkSql, [JSON.stringify(types.map((t) => ({ job_type: t.jobType, version: t.version })))]),
  );
  const next = rows[0]?.next;
  return next ? Math.max(0, next.getTime() - now.getTime()) : null;
}

const nextWorkSql = `
  SELECT min(n.run_at) AS next
  FROM jsonb_to_recordset($1::jsonb) AS t(job_type text, version int) CROSS JOIN LATERAL (
    SELECT j.run_at FROM scheduled_jobs j
    WHERE ${pendingOfType("j", "t.job_type", "'infinity'::timestamptz")} AND j.payload_version <= t.version
    ORDER BY ${inIndexOrder("j")} LIMIT 1) n`;
