// The recurring sweep: due schedules become ordinary jobs, one per occurrence, keyed
// recurring:<name>:<instant>, so two ticks that both decide to enqueue the same occurrence
// collide on the unique key instead of running it twice.
//
// What keeps it from ever stopping the tick:
// - Cost follows what is enqueued (cron-occurrences.ts walks back from now, at most `cap`
//   occurrences), never the length of an outage.
// - Each schedule runs in its own savepoint: one that fails (its payload no longer fits, its
//   cron or zone cannot be computed, a key clash) records the error on its own row and is
//   advanced (or, when its next run cannot be computed, paused); the others go on.
// - Only schedules of job types this code knows are taken; due ones of unknown types get the
//   error written on their row and are left for a deployment that knows them (during a
//   rollout the other version may). So no number of broken rows can hide a healthy one.
// - Likewise a schedule whose cron or time zone this code cannot compute while a live deployment
//   declares it as it stands (another version's cron syntax or zone): left for that deployment,
//   never paused here (a pause is for good: no reconciliation resumes it). Only a schedule no
//   live deployment declares so (edited by hand) is paused.
// - Batches of a few schedules per short transaction, within a time budget; what is left is
//   picked up at the next housekeeping, a second later.
// - Time travel never writes a schedule's own row: a travelled tick enqueues the occurrences
//   its instant makes due and leaves next_run_at to real ticks, which find those occurrences
//   already enqueued (same keys) and carry on in real time.
import type pg from "pg";
import { DulyError, ErrorCode, isDulyError } from "../../errors.ts";
import { boundClients } from "../bound-clients.ts";
import { dueOccurrences, type CatchUpPolicy } from "../cron-occurrences.ts";
import type { Catalogue } from "../job-definition.ts";
import { schedule } from "../schedule-job.ts";
import { describeError } from "../describe-error.ts";
import { validateCron } from "../cron-occurrences.ts";
import { liveDeployments, type LiveSet } from "./deployments.ts";

/** Most occurrences one schedule enqueues at once under the 'all' policy (the newest ones). */
export const catchUpAllCap = 100;
const batchSize = 20;
const sweepBudgetMs = 250;

export function occurrenceKey(name: string, occurrence: Date): string {
  return `recurring:${name}:${occurrence.toISOString()}`;
}

export interface RecurringSweep {
  enqueued: number;
  /** False when the time budget ran out with schedules still due (the next housekeeping goes on). */
  complete: boolean;
  /** One line per schedule that failed, for the tick's summary. */
  errors: string[];
}

interface DueSchedule {
  id: number;
  name: string;
  cron: string;
  time_zone: string;
  job_type: string;
  payload: unknown;
  catch_up: CatchUpPolicy;
  next_run_at: Date;
}

export async function sweepRecurringSchedules(
  connection: pg.PoolClient,
  catalogue: Catalogue,
  { now, travelling }: { now: Date; travelling: boolean },
): Promise<RecurringSweep> {
  const sweep: RecurringSweep = { enqueued: 0, complete: true, errors: [] };
  // A travelled sweep enqueues only what a travelled tick runs (no retention job parked at the
  // travelled instant, for real time to meet years later).
  const knownTypes = catalogue.claimableTypes(travelling).map((t) => t.jobType);
  if (!travelling) await flagUnknownTypes(connection, catalogue.all().map((d) => d.name), now);
  const startedAt = performance.now();
  /** Schedules left due for the deployment that declares them (above): not taken again by this sweep. */
  const leftForOthers: number[] = [];
  let live: Promise<LiveSet> | undefined;
  const liveDeclarations = () => (live ??= liveDeployments(connection, now));
  // A travelled sweep leaves schedules due, so it looks at one batch only.
  for (let batch = 0; ; batch++) {
    const taken = await sweepBatch(connection, catalogue, { knownTypes, leftForOthers, liveDeclarations }, now, travelling, sweep);
    if (taken < batchSize || travelling) break;
    if (performance.now() - startedAt >= sweepBudgetMs) {
      sweep.complete = false;
      break;
    }
  }
  return sweep;
}

async function sweepBatch(
  connection: pg.PoolClient,
  catalogue: Catalogue,
  { knownTypes, leftForOthers, liveDeclarations }: { knownTypes: string[]; leftForOthers: number[]; liveDeclarations: () => Promise<LiveSet> },
  now: Date,
  travelling: boolean,
  sweep: RecurringSweep,
): Promise<number> {
  await connection.query("BEGIN; SET LOCAL statement_timeout = 5000; SET LOCAL lock_timeout = 2000");
  const bound = boundClients.bind(connection);
  try {
    const { rows } = await connection.query<DueSchedule>(
      `SELECT id, name, cron, time_zone, job_type, payload, catch_up::text AS catch_up, next_run_at
       FROM recurring_schedules
       WHERE enabled AND retired_at IS NULL AND next_run_at <= $1::timestamptz AND job_type = ANY($2::text[])
         AND NOT (id = ANY($4::int[]))
       ORDER BY next_run_at
       LIMIT $3
       FOR UPDATE SKIP LOCKED`,
      [now, knownTypes, batchSize, leftForOthers],
    );
    for (const row of rows) {
      await connection.query("SAVEPOINT schedule");
      try {
        const definition = catalogue.get(row.job_type)!;
        const due = dueOccurrences(row.cron, row.time_zone, row.next_run_at, now, row.catch_up, catchUpAllCap);
        for (const occurrence of due.toRun) {
          const result = await schedule(bound.tx, definition, {
            runAt: occurrence,
            payload: row.payload,
            key: occurrenceKey(row.name, occurrence),
            recurringName: row.name,
          });
          if (result.created) sweep.enqueued += 1;
        }
        if (!travelling) {
          if (!due.next) throw new DulyError(ErrorCode.InvalidSchedule, `cron "${row.cron}" never fires after ${now.toISOString()}`);
          const note =
            row.catch_up === "all" && due.skipped > 0
              ? `caught up on the newest ${due.toRun.length} missed occurrences; at least ${due.skipped} older ones were skipped (the 'all' policy's cap is ${catchUpAllCap})`
              : null;
          await connection.query(
            `UPDATE recurring_schedules
             SET next_run_at = $2, last_enqueued_at = CASE WHEN $3::boolean THEN $4::timestamptz ELSE last_enqueued_at END,
                 last_error = $5, last_error_at = CASE WHEN $5::text IS NULL THEN NULL ELSE $4::timestamptz END,
                 updated_at = $4::timestamptz
             WHERE id = $1`,
            [row.id, due.next, due.toRun.length > 0, now, note],
          );
        }
        await connection.query("RELEASE SAVEPOINT schedule");
      } catch (error) {
        await connection.query("ROLLBACK TO SAVEPOINT schedule");
        const message = error instanceof Error ? describeError(error.message) : describeError(error);
        if (!travelling && (await declaredElsewhere(row, liveDeclarations))) {
          leftForOthers.push(row.id);
          await leaveForDeclaringDeployment(connection, row, message, now);
          continue;
        }
        sweep.errors.push(`recurring schedule ${row.name}: ${message}`);
        if (!travelling) await recordFailure(connection, row, message, now, error);
      }
    }
    await connection.query("COMMIT");
    return rows.length;
  } catch (error) {
    await connection.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    bound.release();
  }
}

/**
 * A schedule that failed: its error on its row, and the schedule moved past `now` so the
 * others (and its own next occurrence) go on; paused when no next run can be computed.
 */
async function recordFailure(connection: pg.PoolClient, row: DueSchedule, message: string, now: Date, error: unknown): Promise<void> {
  let next: Date | null = null;
  if (!isDulyError(error, ErrorCode.InvalidSchedule)) {
    try {
      next = dueOccurrences(row.cron, row.time_zone, now, now, "latest", 1).next;
    } catch {
      next = null; // the cron itself is what fails: pause below
    }
  }
  await connection.query(
    `UPDATE recurring_schedules
     SET next_run_at = coalesce($2::timestamptz, next_run_at), enabled = ($2::timestamptz IS NOT NULL) AND enabled,
         last_error = $3, last_error_at = $4, updated_at = $4
     WHERE id = $1`,
    [row.id, next, next ? message : `${message} (paused: no next run can be computed; fix it and resume the schedule)`, now],
  );
}

/**
 * Whether `row`'s timing is what this code cannot compute while a live deployment declares the
 * schedule exactly so (name, cron and zone): that deployment's runtime computes it. The live
 * deployments are read once per sweep, and only when a schedule failed to compute.
 */
async function declaredElsewhere(row: DueSchedule, liveDeclarations: () => Promise<LiveSet>): Promise<boolean> {
  try {
    validateCron(row.cron, row.time_zone);
    return false; // computable here: the failure is the schedule's own (its payload, a key clash)
  } catch {
    // this runtime cannot compute it; does a live deployment declare it as it stands?
  }
  const { deployments } = await liveDeclarations();
  return deployments.some((deployment) =>
    deployment.recurring.some((d) => d.name === row.name && d.cron === row.cron && d.timeZone === row.time_zone));
}

/** Says on the row why this code leaves it due (once: the same text is not written again); nothing else changes. */
async function leaveForDeclaringDeployment(connection: pg.PoolClient, row: DueSchedule, message: string, now: Date): Promise<void> {
  const note = `${message} (this code cannot compute it; left due for the live deployment that declares it)`;
  await connection.query(
    `UPDATE recurring_schedules SET last_error = $2, last_error_at = $3 WHERE id = $1 AND last_error IS DISTINCT FROM $2`,
    [row.id, note, now],
  );
}

/** Due schedules naming a job type this code does not know: say so on their rows. */
async function flagUnknownTypes(connection: pg.PoolClient, knownTypes: string[], now: Date): Promise<void> {
  await connection.query(
    `UPDATE recurring_schedules
     SET last_error = 'job type ' || job_type || ' is unknown to the code that ticked; left due for a deployment that knows it',
         last_error_at = $2
     WHERE enabled AND retired_at IS NULL AND next_run_at <= $2::timestamptz AND NOT (job_type = ANY($1::text[]))
       AND last_error IS DISTINCT FROM 'job type ' || job_type || ' is unknown to the code that ticked; left due for a deployment that knows it'`,
    [knownTypes, now],
  );
}
