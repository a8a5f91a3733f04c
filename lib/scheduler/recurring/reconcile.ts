// The deployed code declares its recurring schedules (jobs/index.ts); the table follows the code
// without a manual step. Every housekeeping reads the fingerprint of the schedules the last
// reconciliation wrote (scheduler_state); when it differs from this catalogue's, the tick
// reconciles: upserts each declared schedule, retires those the code no longer declares, and
// writes the new fingerprint, in one transaction under a transaction-scoped advisory lock
// (pooler-safe: no session state), so two ticks of a new deployment reconcile once.
//
// A catalogue reconciles when no fingerprint is stored (a new or emptied database), and
// otherwise at most once, the first time it sees a fingerprint other than its own. A later
// difference means another deployment reconciled after it (a newer one, or an older one still
// finishing a call during a rollout); that deployment owns the table now, and flipping it back
// and forth would skip or repeat occurrences.
import type pg from "pg";
import type { Catalogue, RecurringDefinition } from "../job-definition.ts";
import { nextOccurrenceAfter, validateCron } from "../cron-occurrences.ts";

export const fingerprintKey = "recurring_fingerprint";
/** pg_advisory_xact_lock key: "duly:recurring-reconcile". */
const reconcileLockKey = 0x4455_4c59;

const checked = new WeakSet<Catalogue>();

/** Whether this catalogue should reconcile now, given the fingerprint housekeeping read. */
export function shouldReconcile(catalogue: Catalogue, storedFingerprint: string | null): boolean {
  if (storedFingerprint === null) return true;
  if (checked.has(catalogue)) return false;
  if (storedFingerprint === catalogue.recurringFingerprint) checked.add(catalogue);
  return !checked.has(catalogue);
}

/** The catalogue has reconciled (or found the table in step): it never reconciles again. */
export function markReconciled(catalogue: Catalogue): void {
  checked.add(catalogue);
}

export interface Reconciliation {
  upserted: number;
  retired: number;
}

/**
 * Makes recurring_schedules match the catalogue, on `connection` (outside any transaction).
 * `now` is the real clock: new schedules start from the next occurrence after it.
 */
export async function reconcileRecurringSchedules(connection: pg.PoolClient, catalogue: Catalogue, now: Date): Promise<Reconciliation | null> {
  await connection.query("BEGIN; SET LOCAL statement_timeout = 10000; SET LOCAL lock_timeout = 5000");
  try {
    await connection.query("SELECT pg_advisory_xact_lock($1)", [reconcileLockKey]);
    const { rows } = await connection.query<{ value: string }>("SELECT value FROM scheduler_state WHERE key = $1", [fingerprintKey]);
    if (rows[0]?.value === catalogue.recurringFingerprint) {
      await connection.query("COMMIT");
      return null; // another tick of this deployment did it while we waited for the lock
    }
    for (const definition of catalogue.recurring) await upsert(connection, definition, now);
    const retired = await connection.query(
      `UPDATE recurring_schedules SET retired_at = $2, updated_at = $2
       WHERE retired_at IS NULL AND NOT (name = ANY($1::text[]))`,
      [catalogue.recurring.map((d) => d.name), now],
    );
    await connection.query(
      `INSERT INTO scheduler_state (key, value, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      [fingerprintKey, catalogue.recurringFingerprint, now],
    );
    await connection.query("COMMIT");
    return { upserted: catalogue.recurring.length, retired: retired.rowCount ?? 0 };
  } catch (error) {
    await connection.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

/**
 * Creates or updates one schedule. Its next run is recomputed only when its timing changed or
 * it comes back from retirement (it starts afresh rather than catching up on its retirement).
 */
async function upsert(connection: pg.PoolClient, definition: RecurringDefinition, now: Date): Promise<void> {
  validateCron(definition.cron, definition.timeZone);
  const nextRunAt = nextOccurrenceAfter(definition.cron, definition.timeZone, now);
  await connection.query(
    `INSERT INTO recurring_schedules (name, cron, time_zone, job_type, payload, catch_up, next_run_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::catch_up_policy, $7)
     ON CONFLICT (name) DO UPDATE SET
       job_type = EXCLUDED.job_type, payload = EXCLUDED.payload, catch_up = EXCLUDED.catch_up,
       next_run_at = CASE WHEN recurring_schedules.cron IS DISTINCT FROM EXCLUDED.cron
                            OR recurring_schedules.time_zone IS DISTINCT FROM EXCLUDED.time_zone
                            OR recurring_schedules.retired_at IS NOT NULL
                          THEN EXCLUDED.next_run_at ELSE recurring_schedules.next_run_at END,
       cron = EXCLUDED.cron, time_zone = EXCLUDED.time_zone, retired_at = NULL, updated_at = CURRENT_TIMESTAMP`,
    [
      definition.name, definition.cron, definition.timeZone, definition.jobType, JSON.stringify(definition.payload),
      definition.catchUp ?? "latest", nextRunAt ?? new Date("9999-12-31T00:00:00Z"),
    ],
  );
}
