// Recurring schedules are rows. The tick turns each due occurrence into an ordinary job whose
// key is deterministic (recurring:<name>:<instant>), so two ticks that both decide to enqueue
// the same occurrence collide on the unique key instead of running it twice.
import { pgPoolOf, type Db, type Tx } from "../db/client.ts";
import type { Catalogue, RecurringDefinition } from "./job-definition.ts";
import { nextOccurrenceAfter, occurrencesBetween, validateCron } from "./cron-occurrences.ts";
import { schedule } from "./schedule-job.ts";
import { SchedulerError } from "./errors.ts";

/** Upper bound on occurrences enqueued at once under the 'all' policy. */
const catchUpAllCap = 1000;

export function occurrenceKey(name: string, occurrence: Date): string {
  return `recurring:${name}:${occurrence.toISOString()}`;
}

/**
 * Which due occurrences to run. `latest` (default): after downtime only the most recent runs.
 * `all`: every missed occurrence runs. `skip`: an occurrence runs only if none was missed
 * before it; after downtime nothing runs until the next occurrence.
 */
export function occurrencesToRun(policy: RecurringDefinition["catchUp"], due: Date[]): Date[] {
  if (due.length === 0) return [];
  if (policy === "all") return due;
  if (policy === "skip") return due.length === 1 ? due : [];
  return [due[due.length - 1]!];
}

/** Creates or updates a schedule; its next run is recomputed only when its timing changed. */
export async function upsertRecurringSchedule(tx: Tx, definition: RecurringDefinition, now: Date): Promise<void> {
  validateCron(definition.cron, definition.timeZone);
  const nextRunAt = nextOccurrenceAfter(definition.cron, definition.timeZone, now);
  const payloadJson = JSON.stringify(definition.payload);
  await tx.$executeRaw`
    INSERT INTO recurring_schedules (name, cron, time_zone, job_type, payload, catch_up, next_run_at)
    VALUES (${definition.name}, ${definition.cron}, ${definition.timeZone}, ${definition.jobType}, ${payloadJson}::jsonb,
            ${definition.catchUp ?? "latest"}::catch_up_policy, ${nextRunAt})
    ON CONFLICT (name) DO UPDATE SET
      job_type = EXCLUDED.job_type, payload = EXCLUDED.payload, catch_up = EXCLUDED.catch_up,
      next_run_at = CASE WHEN recurring_schedules.cron IS DISTINCT FROM EXCLUDED.cron
                           OR recurring_schedules.time_zone IS DISTINCT FROM EXCLUDED.time_zone
                         THEN EXCLUDED.next_run_at ELSE recurring_schedules.next_run_at END,
      cron = EXCLUDED.cron, time_zone = EXCLUDED.time_zone, updated_at = CURRENT_TIMESTAMP`;
}

/** Writes the catalogue's recurring schedules into the table (run at start and deploy). */
export async function syncRecurringSchedules(db: Db, catalogue: Catalogue, now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    for (const definition of catalogue.recurring) await upsertRecurringSchedule(tx, definition, now);
  });
}

interface DueSchedule {
  id: number;
  name: string;
  cron: string;
  time_zone: string;
  job_type: string;
  payload: unknown;
  catch_up: "latest" | "all" | "skip";
  next_run_at: Date;
}

export interface RecurringSweep {
  enqueued: number;
  errors: string[];
}

/** Enqueues due occurrences and advances each schedule's next run past `now`. */
export async function enqueueDueRecurring(db: Db, catalogue: Catalogue, now: Date): Promise<RecurringSweep> {
  const sweep: RecurringSweep = { enqueued: 0, errors: [] };
  // Most ticks find nothing due: answer that from the index without opening a transaction.
  const { rowCount } = await pgPoolOf(db).query(
    `SELECT 1 FROM recurring_schedules WHERE enabled AND next_run_at <= $1::timestamptz LIMIT 1`,
    [now],
  );
  if (rowCount === 0) return sweep;
  await db.$transaction(async (tx) => {
    const due = await tx.$queryRaw<DueSchedule[]>`
      SELECT id, name, cron, time_zone, job_type, payload, catch_up::text AS catch_up, next_run_at
      FROM recurring_schedules
      WHERE enabled AND next_run_at <= ${now}
      ORDER BY next_run_at
      LIMIT 100
      FOR UPDATE SKIP LOCKED`;
    for (const row of due) {
      const definition = catalogue.get(row.job_type);
      if (!definition) {
        // Left due (not advanced) so it runs once a deployment that knows the type ticks.
        sweep.errors.push(`recurring schedule ${row.name}: unknown job type ${row.job_type}`);
        continue;
      }
      let occurrences: Date[];
      let nextRunAt: Date;
      try {
        occurrences = occurrencesToRun(
          row.catch_up,
          occurrencesBetween(row.cron, row.time_zone, row.next_run_at, now, catchUpAllCap),
        );
        nextRunAt = nextOccurrenceAfter(row.cron, row.time_zone, now);
        for (const occurrence of occurrences) {
          const result = await schedule(tx, definition, {
            runAt: occurrence,
            payload: row.payload,
            key: occurrenceKey(row.name, occurrence),
            recurringName: row.name,
          });
          if (result.created) sweep.enqueued += 1;
        }
      } catch (error) {
        // Only SchedulerErrors (bad cron, bad payload) are thrown before any SQL runs, so the
        // transaction is still usable for the other schedules.
        if (!(error instanceof SchedulerError)) throw error;
        sweep.errors.push(`recurring schedule ${row.name}: ${error.message}`);
        continue;
      }
      await tx.$executeRaw`
        UPDATE recurring_schedules
        SET next_run_at = ${nextRunAt}, last_enqueued_at = COALESCE(${occurrences.length > 0 ? now : null}::timestamptz, last_enqueued_at),
            updated_at = CURRENT_TIMESTAMP
        WHERE id = ${row.id}`;
    }
  });
  return sweep;
}
