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
  /** The local start of the bucket, "YYYY-MM-DDTHH:MM". */
  bucket: string;
  jobType: string;
  started: number;
  succeeded: number;
  /** failed, dead, lost and lease-lost attempts. */
  failed: number;
  /** Mean of how late the bucket's attempts started after their run time (null: none started). */
  meanDelayMs: number | null;
  maxDelayMs: number | null;
}

/** Attempts per local bucket and job type, in bucket then type order. */
export async function runHistory(db: DbOrTx, { from, to, step, zone }: HistoryWindow): Promise<RunBucket[]> {
  const rows = await db.$queryRaw<Array<{
    bucket: string; job_type: string; started: number; succeeded: number; failed: number; mean_delay_ms: number | null; max_delay_ms: bigint | null;
  }>>`
    SELECT to_char(date_trunc(${step}, minute AT TIME ZONE ${zone}), 'YYYY-MM-DD"T"HH24:MI') AS bucket,
           job_type,
           coalesce(sum(n) FILTER (WHERE outcome = 'running'), 0)::int AS started,
           coalesce(sum(n) FILTER (WHERE outcome = 'succeeded'), 0)::int AS succeeded,
           coalesce(sum(n) FILTER (WHERE outcome IN ('failed', 'dead', 'lost', 'lease_lost')), 0)::int AS failed,
           (sum(delay_ms_total) FILTER (WHERE outcome = 'running'))::float8
             / nullif(sum(n) FILTER (WHERE outcome = 'running'), 0) AS mean_delay_ms,
           max(delay_ms_max) FILTER (WHERE outcome = 'running') AS max_delay_ms
    FROM job_run_tallies
    WHERE minute >= ${from} AND minute < ${to}
    GROUP BY 1, 2
    ORDER BY 1, 2`;
  return rows.map((r) => ({
    bucket: r.bucket,
    jobType: r.job_type,
    started: r.started,
    succeeded: r.succeeded,
    failed: r.failed,
    meanDelayMs: r.mean_delay_ms === null ? null : Math.round(r.mean_delay_ms),
    maxDelayMs: r.max_delay_ms === null ? null : Number(r.max_delay_ms),
  }));
}

export interface TickBucket {
  bucket: string;
  ticks: number;
  /** The largest lag a tick of the bucket started with. */
  maxLagMs: number;
  /** The most jobs due when a tick of the bucket ended (capped at 10,001 per tick). */
  maxDue: number;
  /** Ticks that ended degraded or unavailable. */
  troubled: number;
}

/** Ticks per local bucket: lag and queue depth over time. */
export async function tickHistory(db: DbOrTx, { from, to, step, zone }: HistoryWindow): Promise<TickBucket[]> {
  const rows = await db.$queryRaw<Array<{ bucket: string; ticks: number; max_lag_ms: bigint; max_due: number; troubled: number }>>`
    SELECT to_char(date_trunc(${step}, at AT TIME ZONE ${zone}), 'YYYY-MM-DD"T"HH24:MI') AS bucket,
           count(*)::int AS ticks, max(lag_ms) AS max_lag_ms, max(due_after)::int AS max_due,
           (count(*) FILTER (WHERE status <> 'ok'))::int AS troubled
    FROM tick_history
    WHERE at >= ${from} AND at < ${to}
    GROUP BY 1
    ORDER BY 1`;
  return rows.map((r) => ({ bucket: r.bucket, ticks: r.ticks, maxLagMs: Number(r.max_lag_ms), maxDue: r.max_due, troubled: r.troubled }));
}
