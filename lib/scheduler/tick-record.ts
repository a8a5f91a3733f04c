// The last tick, as the dashboard shows it: when it ended (the database's clock) and its summary.
// One row of scheduler_state, overwritten by every tick the cron route runs, so "no tick for
// three minutes" (the trigger stopped firing) is one primary-key read.
import type { DbOrTx } from "../db/client.ts";
import type { TickSummary } from "./tick.ts";

const key = "last_tick";

export interface RecordedTick {
  /** When the tick ended, by the database's clock. */
  at: Date;
  summary: TickSummary;
}

/** Due jobs counted at most this many (+1) for the history's queue depth, as the overview counts them. */
const dueCap = 10_000;

/**
 * Records the tick: the last-tick row the overview reads (overwritten) and a row of the tick
 * history (kept until the retention sweep), with how many jobs were due when it ended, by the
 * tick's clock carried to its end (a travelled tick counts what is due in its travelled time).
 * One statement.
 */
export async function recordTick(db: DbOrTx, summary: TickSummary): Promise<void> {
  const value = JSON.stringify(summary);
  // An unavailable tick's summary has no clock and counts nothing: recorded with zeros.
  const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0);
  const startedAt = Date.parse(summary.now);
  const endedAt = Number.isNaN(startedAt) ? null : new Date(startedAt + whole(summary.durationMs));
  const failed = whole(summary.failed) + whole(summary.dead) + whole(summary.leaseLost);
  await db.$executeRaw`
    WITH last AS (
      INSERT INTO scheduler_state (key, value, updated_at) VALUES (${key}, ${value}, clock_timestamp())
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
    )
    INSERT INTO tick_history (at, tick_id, status, lag_ms, due_after, claimed, failed, duration_ms)
    SELECT coalesce(${endedAt}::timestamptz, clock_timestamp()), ${summary.tickId}, ${summary.status},
           ${whole(summary.lagMs)}::bigint,
           (SELECT count(*)::int FROM (SELECT 1 FROM scheduled_jobs
              WHERE status = 'pending' AND run_at <= coalesce(${endedAt}::timestamptz, clock_timestamp()) LIMIT ${dueCap + 1}) due),
           ${whole(summary.claimed)}::int, ${failed}::int, ${whole(summary.durationMs)}::int`;
}

export async function lastTick(db: DbOrTx): Promise<RecordedTick | null> {
  const row = await db.schedulerState.findUnique({ where: { key } });
  if (!row) return null;
  try {
    return { at: row.updatedAt, summary: JSON.parse(row.value) as TickSummary };
  } catch {
    // A row someone edited by hand: the time still says when a tick last ran.
    return { at: row.updatedAt, summary: { errors: [`unreadable summary: ${row.value.slice(0, 200)}`] } as TickSummary };
  }
}
