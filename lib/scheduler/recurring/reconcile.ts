// The deployed code declares its recurring schedules (jobs/index.ts); the table follows the code
// without a manual step. Every housekeeping reads what the last reconciliation wrote
// (scheduler_state: the catalogue's fingerprint and build time) and a digest of the table's
// active rows; when they call for it (below), the tick reconciles: upserts each declared schedule, retires those the code no longer declares, and
// writes the new fingerprint, in one transaction under a transaction-scoped advisory lock
// (pooler-safe: no session state), so two ticks of a new deployment reconcile once.
//
// When to reconcile (shouldReconcile):
// - nothing is stored (a new or emptied database): always;
// - the stored fingerprint is this code's but the table has drifted from it (rows deleted, a
//   schedule retired or edited by hand; housekeeping hashes the active rows): this code owns
//   the table, so it puts it back;
// - another fingerprint is stored: only if this code was built later than the code that wrote
//   it. During a rollout the old and the new code both tick; the new one wins, and an old
//   process that starts late (a cold start, a lingering instance) leaves the table alone
//   instead of retiring the new schedules. (An instant rollback to an older build therefore
//   keeps the newer build's schedules until a build newer than it is deployed.)
import type pg from "pg";
import type { Catalogue, RecurringDefinition } from "../job-definition.ts";
import { nextOccurrenceAfter, validateCron } from "../cron-occurrences.ts";

export const fingerprintKey = "recurring_fingerprint";
/** pg_advisory_xact_lock key: "duly:recurring-reconcile". */
const reconcileLockKey = 0x4455_4c59;

interface StoredState {
  fingerprint: string;
  builtAt: number;
}

/** The stored value: JSON {fingerprint, builtAt}; a bare fingerprint (first format) counts as built at 0. */
export function parseStoredState(value: string | null): StoredState | null {
  if (value === null) return null;
  try {
    const parsed = JSON.parse(value) as Partial<StoredState>;
    if (typeof parsed.fingerprint === "string" && typeof parsed.builtAt === "number") return { fingerprint: parsed.fingerprint, builtAt: parsed.builtAt };
  } catch {
    // the first format: the fingerprint alone
  }
  return { fingerprint: value, builtAt: 0 };
}

/** Whether this catalogue should reconcile, given what housekeeping read (see above). */
export function shouldReconcile(catalogue: Catalogue, storedValue: string | null, tableDigest: string): boolean {
  const stored = parseStoredState(storedValue);
  if (!stored) return true;
  if (stored.fingerprint === catalogue.recurringFingerprint) return tableDigest !== catalogue.recurringTableDigest;
  return catalogue.builtAt.getTime() > stored.builtAt;
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
    // Decide again under the lock: another tick may have reconciled while we waited for it.
    const { rows } = await connection.query<{ value: string; digest: string }>(
      `SELECT (SELECT value FROM scheduler_state WHERE key = $1) AS value,
              (SELECT md5(coalesce(string_agg(name || E'\t' || cron || E'\t' || time_zone || E'\t' || job_type || E'\t' || catch_up::text,
                                               E'\n' ORDER BY name COLLATE "C"), ''))
               FROM recurring_schedules WHERE retired_at IS NULL) AS digest`,
      [fingerprintKey],
    );
    if (!shouldReconcile(catalogue, rows[0]?.value ?? null, rows[0]?.digest ?? "")) {
      await connection.query("COMMIT");
      return null;
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
      [fingerprintKey, JSON.stringify({ fingerprint: catalogue.recurringFingerprint, builtAt: catalogue.builtAt.getTime() }), now],
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
