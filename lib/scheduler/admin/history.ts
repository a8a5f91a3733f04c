// What ran over time, for the dashboard's history: attempts started, succeeded and failed per
// local minute or hour and job type, with how late they started, from the run tallies
// (decision 0033); and per tick, how late the oldest due job was and how many were due, from
// the tick history. Both read a handful of rows per bucket, whatever the number of jobs.
import type { DbOrTx } from "../../db/client.ts";

export type HistoryStep = "minute" | "hour";

export interface HistoryWindow {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  step: HistoryStep;
  /** Buckets are local minutes or hours in this IANA zone. */
  zone: string;
}

export interface RunBucket {
  /** The earliest minute counted in the row (a minute of the bucket it belongs to). */
  at: Date;
  jobType: string;
  started: number;
  succeeded: number;
  /** failed, dead, lost and lease-lost attempts. */
  failed: number;
  /** Mean of how late the bucket's attempts started after their run time (null: none started). */
  meanDelayMs: number | null;
  maxDelayMs: number | null;
}

/** Attempts per local bucket (and UTC offset) and job type, in time then type order. */
export async function runHistory(db: DbOrTx, { from, to, step, zone }: HistoryWindow): Promise<RunBucket[]> {
  const rows = await db.$queryRaw<Array<{
    at: Date; job_type: string; started: number; succeeded: number; failed: number; mean_delay_ms: number | null; max_delay_ms: bigint | null;
  }>>`
    SELECT min(minute) AS at,
           job_type,
           coalesce(sum(n) FILTER (WHERE outcome = 'running'), 0)::int AS started,
           coalesce(sum(n) FILTER (WHERE outcome = 'succeeded'), 0)::int AS succeeded,
           coalesce(sum(n) FILTER (WHERE outcome IN ('failed', 'dead', 'lost', 'lease_lost')), 0)::int AS failed,
           (sum(delay_ms_total) FILTER (WHERE outcome = 'running'))::float8
             / nullif(sum(n) FILTER (WHERE outcome = 'running'), 0) AS mean_delay_ms,
           max(delay_ms_max) FILTER (WHERE outcome = 'running') AS max_delay_ms
    FROM job_run_tallies
    WHERE minute >= ${from} AND minute < ${to}
    -- The local minute or hour and the offset it is read at: the passes of a repeated one differ.
    GROUP BY date_trunc(${step}, minute AT TIME ZONE ${zone}), (minute AT TIME ZONE ${zone}) - (minute AT TIME ZONE 'UTC'), job_type
    ORDER BY 1, 2`;
  return rows.map((r) => ({
    at: r.at,
    jobType: r.job_type,
    started: r.started,
    succeeded: r.succeeded,
    failed: r.failed,
    meanDelayMs: r.mean_delay_ms === null ? null : Math.round(r.mean_delay_ms),
    maxDelayMs: r.max_delay_ms === null ? null : Number(r.max_delay_ms),
  }));
}

export interface TickBucket {
  /** The minute of the row's earliest tick (buckets start on whole minutes: one of its bucket's). */
  at: Date;
  ticks: number;
  /** The largest lag a tick of the bucket started with. */
  maxLagMs: number;
  /** The most jobs due when a tick of the bucket ended (capped at 10,001 per tick). */
  maxDue: number;
  /** Ticks that ended degraded or unavailable. */
  troubled: number;
}

/** Ticks per local bucket (and UTC offset), in time order: lag and queue depth over time. */
export async function tickHistory(db: DbOrTx, { from, to, step, zone }: HistoryWindow): Promise<TickBucket[]> {
  const rows = await db.$queryRaw<Array<{ at: Date; ticks: number; max_lag_ms: bigint; max_due: number; troubled: number }>>`
    SELECT date_trunc('minute', min(at)) AS at,
           count(*)::int AS ticks, max(lag_ms) AS max_lag_ms, max(due_after)::int AS max_due,
           (count(*) FILTER (WHERE status <> 'ok'))::int AS troubled
    FROM tick_history
    WHERE at >= ${from} AND at < ${to}
    GROUP BY date_trunc(${step}, at AT TIME ZONE ${zone}), (at AT TIME ZONE ${zone}) - (at AT TIME ZONE 'UTC')
    ORDER BY 1`;
  return rows.map((r) => ({ at: r.at, ticks: r.ticks, maxLagMs: Number(r.max_lag_ms), maxDue: r.max_due, troubled: r.troubled }));
}
