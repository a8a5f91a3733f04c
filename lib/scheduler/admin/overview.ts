// The overview's numbers, each one small indexed query (bench/dashboard.ts measures them on
// 1,000,000 jobs): what is due per day of the next week (and per hour of one day) by type,
// what is due now and how late the oldest is, failures and dead jobs in the last 24 hours.
// Days and hours are the operator's (`zone`), so "Tuesday" means their Tuesday.
import type { DbOrTx } from "../../db/client.ts";

export interface DueBucket {
  /** Local day (YYYY-MM-DD) or local hour (YYYY-MM-DDTHH) in the zone. */
  bucket: string;
  jobType: string;
  count: number;
}

/**
 * Pending jobs due in [from, to), counted per local day and type. Each local day is one bounded
 * range of scheduled_jobs_status_run_at_id_job_type_idx, counted per type from the index alone:
 * no row is read from the table and no row's time is converted to the zone (the day boundaries
 * are, eight of them). Local midnights come from the zone's rules (a day of 23 or 25 hours
 * across a clock change; a midnight the clocks skip starts its day at the first later instant).
 *
 * The days are numbered with an integer series, whose length the planner knows: with a
 * timestamp series it assumed 1,000 days, and the plan's cost then crossed PostgreSQL's JIT
 * threshold, so every call spent 0.1-1.6 s compiling (bench/RESULTS.md).
 */
export async function dueByDay(db: DbOrTx, { from, to, zone }: { from: Date; to: Date; zone: string }): Promise<DueBucket[]> {
  // Local days touched by [from, to): at most one more than its length in days (plus one for a
  // clock change); a day past `to` is an empty range.
  const lastDay = Math.max(0, Math.ceil((to.getTime() - from.getTime()) / 86_400_000) + 1);
  const rows = await db.$queryRaw<Array<{ bucket: string; job_type: string; n: number }>>`
    SELECT to_char(days.local_day, 'YYYY-MM-DD') AS bucket, due.job_type, due.n
    FROM (
      SELECT date_trunc('day', ${from}::timestamptz AT TIME ZONE ${zone}) + n * interval '1 day' AS local_day
      FROM generate_series(0, ${lastDay}::int) n
    ) days
    CROSS JOIN LATERAL (
      SELECT job_type, count(*)::int AS n
      FROM scheduled_jobs
      WHERE status = 'pending'
        AND run_at >= greatest(days.local_day AT TIME ZONE ${zone}, ${from}::timestamptz)
        AND run_at < least((days.local_day + interval '1 day') AT TIME ZONE ${zone}, ${to}::timestamptz)
      GROUP BY job_type
    ) due
    ORDER BY 1, 2`;
  return rows.map((r) => ({ bucket: r.bucket, jobType: r.job_type, count: r.n }));
}

/** Pending jobs due in [from, to), per local hour and type. */
export async function dueByHour(db: DbOrTx, { from, to, zone }: { from: Date; to: Date; zone: string }): Promise<DueBucket[]> {
  const rows = await db.$queryRaw<Array<{ bucket: string; job_type: string; n: number }>>`
    SELECT to_char(run_at AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24') AS bucket, job_type, count(*)::int AS n
    FROM scheduled_jobs
    WHERE status = 'pending' AND run_at >= ${from} AND run_at < ${to}
    GROUP BY 1, 2 ORDER BY 1, 2`;
  return rows.map((r) => ({ bucket: r.bucket, jobType: r.job_type, count: r.n }));
}

export interface OverviewFigures {
  /** Pending jobs whose run time has come (at most figureCap + 1: more shows as "10,000+"). */
  dueNow: number;
  /** Run time of the oldest of them (lag = now - this). */
  oldestDue: Date | null;
  running: number;
  /** Jobs that ended dead in the last 24 hours. */
  dead24h: number;
  /** Every dead job (waiting for an operator; at most figureCap + 1). */
  deadTotal: number;
}

/** Counts stop here ("10,000+"): a backlog of a million due jobs must not cost a second to count. */
export const figureCap = 10_000;

/**
 * Each figure reads one index alone: the due index (pending, run_at), the lease index
 * (running), and scheduled_jobs_dead_finished_at_idx (dead jobs only, by when they ended).
 */
export async function overviewFigures(db: DbOrTx, now: Date): Promise<OverviewFigures> {
  const [row] = await db.$queryRaw<Array<OverviewFigures>>`
    SELECT
      (SELECT count(*)::int FROM (SELECT 1 FROM scheduled_jobs WHERE status = 'pending' AND run_at <= ${now} LIMIT ${figureCap + 1}) capped) AS "dueNow",
      (SELECT min(run_at) FROM scheduled_jobs WHERE status = 'pending' AND run_at <= ${now}) AS "oldestDue",
      (SELECT count(*)::int FROM scheduled_jobs WHERE status = 'running') AS running,
      (SELECT count(*)::int FROM scheduled_jobs
         WHERE status = 'dead' AND finished_at >= ${now}::timestamptz - interval '24 hours') AS "dead24h",
      (SELECT count(*)::int FROM (SELECT 1 FROM scheduled_jobs WHERE status = 'dead' LIMIT ${figureCap + 1}) capped) AS "deadTotal"`;
  return row!;
}

/** Pending jobs whose run time has come, counted up to `cap` (a seed or script deciding whether a tick has work). */
export async function dueJobCount(db: DbOrTx, now: Date, cap = figureCap): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM scheduled_jobs WHERE status = 'pending' AND run_at <= ${now} LIMIT ${cap}) capped`;
  return row!.n;
}

/**
 * Attempts that failed (or whose worker was lost) in the last 24 hours, to the minute (from the
 * start of the minute 24 hours ago). Read from the run tallies (decision 0033): a sum over at most
 * a day of minutes per type and outcome, not every run of the day from job_runs, whose outcome
 * cannot be indexed without making every run's finish a non-HOT update.
 */
export async function failedAttempts24h(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ n: number }>>`
    SELECT coalesce(sum(n), 0)::int AS n FROM job_run_tallies
    WHERE minute >= date_trunc('minute', ${now}::timestamptz - interval '24 hours')
      AND outcome IN ('failed', 'dead', 'lost', 'lease_lost')`;
  return row!.n;
}

/** A recurring schedule the deployed code declares that does not run: no row, or retired. */
export interface ScheduleNotInForce {
  name: string;
  /** When it was retired; null: it has no row at all. */
  retiredAt: Date | null;
}

/**
 * Which of `declared` (the names the code serving this page declares) are missing from
 * recurring_schedules or retired there. The deployment's own next tick puts them back
 * (docs/decisions/0007); one that stays listed means its ticks do not reach this database or
 * fail. A handful of names, each one lookup on the unique name index.
 */
export async function declaredSchedulesNotInForce(db: DbOrTx, declared: string[]): Promise<ScheduleNotInForce[]> {
  const rows = await db.$queryRaw<Array<{ name: string; retired_at: Date | null }>>`
    SELECT d.name, s.retired_at
    FROM unnest(${declared}::text[]) AS d(name)
    LEFT JOIN recurring_schedules s ON s.name = d.name
    WHERE s.id IS NULL OR s.retired_at IS NOT NULL
    ORDER BY d.name`;
  return rows.map((r) => ({ name: r.name, retiredAt: r.retired_at }));
}
