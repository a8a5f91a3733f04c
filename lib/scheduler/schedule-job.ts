// Enqueue future work inside the caller's transaction, so it commits (or rolls back) with the
// business change that caused it.
import type { z } from "zod";
import type { Tx } from "../db/client.ts";
import type { JobDefinition } from "./job-definition.ts";
import { SchedulerError, SchedulerErrorCode } from "./errors.ts";
import { subjectColumns, type Subject } from "./subject.ts";
import { describeIssues } from "../validation/describe-issues.ts";

export interface ScheduleInput<Schema extends z.ZodType> {
  runAt: Date;
  payload: z.input<Schema>;
  /**
   * Idempotency key. Scheduling the same key again returns the same job; if that job is still
   * pending its run time and payload are moved to the new values.
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

export async function schedule<Schema extends z.ZodType>(
  tx: Tx,
  definition: JobDefinition<Schema>,
  input: ScheduleInput<Schema>,
): Promise<ScheduleResult> {
  const parsed = definition.payload.safeParse(input.payload);
  if (!parsed.success) {
    throw new SchedulerError(
      SchedulerErrorCode.InvalidPayload,
      `payload for ${definition.name} is invalid: ${describeIssues(parsed.error)}`,
    );
  }
  const { subjectType, subjectId } = subjectColumns(input.subject);
  const payloadJson = JSON.stringify(parsed.data);
  const maxAttempts = input.maxAttempts ?? definition.retry.maxAttempts;

  // ON CONFLICT ... WHERE status = 'pending': a second schedule with the same key moves a job
  // that has not run yet and leaves a running or finished one alone (no row returned).
  const rows = await tx.$queryRaw<Array<{ id: bigint; inserted: boolean; status: string; run_at: Date }>>`
    INSERT INTO scheduled_jobs
      (job_type, key, run_at, payload, payload_version, max_attempts, subject_type, subject_id, recurring_name)
    VALUES
      (${definition.name}, ${input.key ?? null}, ${input.runAt}, ${payloadJson}::jsonb, ${definition.version},
       ${maxAttempts}, ${subjectType}, ${subjectId}, ${input.recurringName ?? null})
    ON CONFLICT (key) DO UPDATE
      SET run_at = EXCLUDED.run_at, payload = EXCLUDED.payload,
          payload_version = EXCLUDED.payload_version, updated_at = CURRENT_TIMESTAMP
      WHERE scheduled_jobs.status = 'pending'
    RETURNING id, (xmax = 0) AS inserted, status::text AS status, run_at`;
  if (rows[0]) return { id: rows[0].id, created: rows[0].inserted, status: rows[0].status, runAt: rows[0].run_at };

  const existing = await tx.$queryRaw<Array<{ id: bigint; status: string; run_at: Date }>>`
    SELECT id, status::text AS status, run_at FROM scheduled_jobs WHERE key = ${input.key ?? null}`;
  if (!existing[0]) throw new Error(`schedule: key ${input.key} conflicted but no job holds it`);
  return { id: existing[0].id, created: false, status: existing[0].status, runAt: existing[0].run_at };
}

/**
 * Enqueues many jobs of one type in one statement (a seed, a bulk import, a fan-out). Jobs
 * whose key already exists are left as they are. Returns how many were created.
 */
export async function scheduleMany<Schema extends z.ZodType>(
  tx: Tx,
  definition: JobDefinition<Schema>,
  inputs: Array<Omit<ScheduleInput<Schema>, "recurringName">>,
): Promise<number> {
  const rows = inputs.map((input, index) => {
    const parsed = definition.payload.safeParse(input.payload);
    if (!parsed.success) {
      throw new SchedulerError(
        SchedulerErrorCode.InvalidPayload,
        `payload #${index} for ${definition.name} is invalid: ${describeIssues(parsed.error)}`,
      );
    }
    const { subjectType, subjectId } = subjectColumns(input.subject);
    return {
      key: input.key ?? null,
      run_at: input.runAt.toISOString(),
      payload: parsed.data,
      max_attempts: input.maxAttempts ?? definition.retry.maxAttempts,
      subject_type: subjectType,
      subject_id: subjectId,
    };
  });
  // One JSON parameter rather than thousands of bind parameters (Postgres allows 65,535).
  return tx.$executeRaw`
    INSERT INTO scheduled_jobs (job_type, key, run_at, payload, payload_version, max_attempts, subject_type, subject_id)
    SELECT ${definition.name}, r.key, r.run_at, r.payload, ${definition.version}, r.max_attempts, r.subject_type, r.subject_id
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(key text, run_at timestamptz, payload jsonb, max_attempts int, subject_type text, subject_id text)
    ON CONFLICT (key) DO NOTHING`;
}
