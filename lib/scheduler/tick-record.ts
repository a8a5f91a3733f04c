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

export async function recordTick(db: DbOrTx, summary: TickSummary): Promise<void> {
  const value = JSON.stringify(summary);
  await db.$executeRaw`
    INSERT INTO scheduler_state (key, value, updated_at) VALUES (${key}, ${value}, clock_timestamp())
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`;
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
