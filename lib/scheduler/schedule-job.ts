// Enqueue future work inside the caller's transaction, so it commits (or rolls back) with the
// business change that caused it.
import type { z } from "zod";
import type { Tx } from "../db/client.ts";
import { Prisma } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import type { JobDefinition } from "./job-definition.ts";
import { check, jobKey, maxAttempts as maxAttemptsSchema, payloadJson, runAt as runAtSchema, subject as subjectSchema } from "./limits.ts";
import { dueSoonChannel, notifyWindowMs } from "./wake-up.ts";
import { subjectColumns, type Subject } from "./subject.ts";
import { describeIssues } from "../validation/describe-issues.ts";

export interface ScheduleInput<Schema extends z.ZodType> {
  runAt: Date;
  payload: z.input<Schema>;
  /**
   * Idempotency key, unique across all job types. Scheduling the same key again returns the
   * same job; if that job is still pending its run time and payload are moved to the new
   * values. A key held by a job of another type is refused (KEY_TAKEN).
   */
  key?: string;
  subject?: Subject;
  /** Overrides the job type's retry policy for this job. */
  maxAttempts?: number;
  /** Set by the recurring sweep: which schedule this occurrence came from. */
  recurringName?: string;
}

export interface ScheduleResult {
  id: bigint;
  /** false when a job with this key already existed. */
  created: boolean;
  status: string;
  runAt: Date;
}

interface CheckedInput {
  key: string | null;
  runAt: Date;
  payloadJson: string;
  maxAttempts: number;
  subjectType: string | null;
  subjectId: string | null;
}

/** Every limit of limits.ts, and the payload against its job type's schema. */
function checkInput<Schema extends z.ZodType>(definition: JobDefinition<Schema>, input: ScheduleInput<Schema>, label: string): CheckedInput {
  const parsed = definition.payload.safeParse(input.payload);
  if (!parsed.success) {
    throw new DulyError(ErrorCode.InvalidPayload, `${label} for ${definition.name} is invalid: ${describeIssues(parsed.error)}`);
  }
  const stored = payloadJson(parsed.data, definition.name);
  // What is stored is JSON, and the handler gets it parsed again: a schema whose output does not
  // survive that (z.date(), a transform to a Map...) would schedule fine and fail at run time.
  const reread = definition.payload.safeParse(JSON.parse(stored));
  if (!reread.success) {
    throw new DulyError(
      ErrorCode.InvalidPayload,
      `${label} for ${definition.name} does not survive being stored as JSON: ${describeIssues(reread.error)} ` +
        "(the payload schema must accept its own output as JSON, e.g. z.coerce.date() or ISO strings instead of z.date())",
    );
  }
  const key = input.key === undefined ? null : check(jobKey, input.key, `${label}: key`);
  const subject = input.subject === undefined ? undefined : check(subjectSchema, input.subject, `${label}: subject`);
  const { subjectType, subjectId } = subjectColumns(subject);
  return {
    key,
    runAt: check(runAtSchema, input.runAt, `${label}: runAt`),
    payloadJson: stored,
    maxAttempts: check(maxAttemptsSchema, input.maxAttempts ?? definition.retry.maxAttempts, `${label}: maxAttempts`),
    subjectType,
    subjectId,
  };
}

/** schedule()'s ON CONFLICT, for scheduleMany's existingKey "move". */
const moveExisting = Prisma.sql`
  ON CONFLICT (key) DO UPDATE
    SET run_at = EXCLUDED.run_at, payload = EXCLUDED.payload,
        payload_version = EXCLUDED.payload_version, updated_at = CURRENT_TIMESTAMP
    WHERE scheduled_jobs.status = 'pending' AND scheduled_jobs.job_type = EXCLUDED.job_type`;

export async function schedule<Schema extends z.ZodType>(
  tx: Tx,
  definition: JobDefinition<Schema>,
  input: ScheduleInput<Schema>,
): Promise<ScheduleResult> {
  const job = checkInput(definition, input, "payload");

  // ON CONFLICT ... WHERE: a second schedule with the same key moves a job of the same type
  // that has not run yet, and leaves a running or finished one, or one of another type, alone
  // (no row returned). A job due within the notify window wakes listening ticks at commit.
  const rows = await tx.$queryRaw<Array<{ id: bigint; inserted: boolean; status: string; run_at: Date; notified: number }>>`
    WITH upserted AS (
      INSERT INTO scheduled_jobs
        (job_type, key, run_at, payload, payload_version, max_attempts, subject_type, subject_id, recurring_name)
      VALUES
        (${definition.name}, ${job.key}, ${job.runAt}, ${job.payloadJson}::jsonb, ${definition.version},
         ${job.maxAttempts}, ${job.subjectType}, ${job.subjectId}, ${input.recurringName ?? null})
      ON CONFLICT (key) DO UPDATE
        SET run_at = EXCLUDED.run_at, payload = EXCLUDED.payload,
            payload_version = EXCLUDED.payload_version, updated_at = CURRENT_TIMESTAMP
        WHERE scheduled_jobs.status = 'pending' AND scheduled_jobs.job_type = EXCLUDED.job_type
      RETURNING id, (xmax = 0) AS inserted, status::text AS status, run_at
    ), wake AS (
      SELECT pg_notify(${dueSoonChannel}::text, '') FROM upserted
      WHERE upserted.run_at <= now() + ${notifyWindowMs}::int * interval '1 millisecond'
    )
    SELECT id, inserted, status, run_at, (SELECT count(*)::int FROM wake) AS notified FROM upserted`;
  if (rows[0]) return { id: rows[0].id, created: rows[0].inserted, status: rows[0].status, runAt: rows[0].run_at };

  const existing = await tx.$queryRaw<Array<{ id: bigint; status: string; run_at: Date; job_type: string }>>`
    SELECT id, status::text AS status, run_at, job_type FROM scheduled_jobs WHERE key = ${job.key}`;
  if (!existing[0]) throw new Error(`schedule: key ${job.key} conflicted but no job holds it`);
  if (existing[0].job_type !== definition.name) {
    throw new DulyError(
      ErrorCode.KeyTaken,
      `key ${JSON.stringify(job.key)} is already used by job ${existing[0].id} of type ${existing[0].job_type}; ` +
        `keys are unique across job types (prefix them with the type, e.g. "${definition.name}:…")`,
    );
  }
  return { id: existing[0].id, created: false, status: existing[0].status, runAt: existing[0].run_at };
}

export interface ScheduleManyOptions {
  /**
   * A key that already exists with this type: "keep" (default) leaves that job as it is;
   * "move" does what schedule() does, one job at a time: a pending job is moved to the new run
   * time and payload, a running or finished one is left alone (a batch of handlers scheduling
   * their follow-ups, docs/decisions/0027).
   */
  existingKey?: "keep" | "move";
}

/**
 * Enqueues many jobs of one type in one statement (a seed, a bulk import, a fan-out). Jobs
 * whose key already exists with this type are left as they are (or moved, `existingKey`); a
 * key held by another type is refused (KEY_TAKEN) and nothing is written. Returns how many
 * were created (or moved).
 */
export async function scheduleMany<Schema extends z.ZodType>(
  tx: Tx,
  definition: JobDefinition<Schema>,
  inputs: Array<Omit<ScheduleInput<Schema>, "recurringName">>,
  options: ScheduleManyOptions = {},
): Promise<number> {
  const rows = inputs.map((input, index) => {
    const job = checkInput(definition, input, `payload #${index}`);
    return {
      key: job.key,
      run_at: job.runAt.toISOString(),
      payload: JSON.parse(job.payloadJson) as unknown,
      max_attempts: job.maxAttempts,
      subject_type: job.subjectType,
      subject_id: job.subjectId,
    };
  });
  if (rows.length === 0) return 0;
  // One JSON parameter rather than thousands of bind parameters (Postgres allows 65,535).
  const [result] = await tx.$queryRaw<Array<{ created: number; foreign_key: string | null; foreign_type: string | null }>>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(key text, run_at timestamptz, payload jsonb, max_attempts int, subject_type text, subject_id text)
    ), inserted AS (
      INSERT INTO scheduled_jobs (job_type, key, run_at, payload, payload_version, max_attempts, subject_type, subject_id)
      SELECT ${definition.name}, r.key, r.run_at, r.payload, ${definition.version}, r.max_attempts, r.subject_type, r.subject_id
      FROM input r
      ${options.existingKey === "move" ? moveExisting : Prisma.sql`ON CONFLICT (key) DO NOTHING`}
      RETURNING run_at
    ), wake AS (
      SELECT pg_notify(${dueSoonChannel}::text, '')
      WHERE EXISTS (SELECT 1 FROM inserted WHERE run_at <= now() + ${notifyWindowMs}::int * interval '1 millisecond')
    ), foreign_keys AS (
      SELECT j.key, j.job_type FROM scheduled_jobs j JOIN input r ON r.key = j.key
      WHERE j.job_type <> ${definition.name}
      LIMIT 1
    )
    SELECT (SELECT count(*)::int FROM inserted) AS created,
           (SELECT count(*) FROM wake) AS woken,
           (SELECT key FROM foreign_keys) AS foreign_key, (SELECT job_type FROM foreign_keys) AS foreign_type`;
  if (result?.foreign_key) {
    throw new DulyError(
      ErrorCode.KeyTaken,
      `key ${JSON.stringify(result.foreign_key)} is already used by a job of type ${result.foreign_type}; keys are unique across job types`,
    );
  }
  return result?.created ?? 0;
}
