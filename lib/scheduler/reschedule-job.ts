// Move work in time: one job to another instant (an event moved to December), or every job of
// a business record by the same offset (an event moved by a week).
//
// A running job is moved too: its attempt cannot be stopped, so the move is recorded as intent
// (on the row's run_at and on the attempt's history) and takes effect when the attempt ends:
// if it fails, the retry happens at the new time instead of after the usual backoff; if it
// succeeds, the work is done. The caller is told which jobs were running.
import type { Tx } from "../db/client.ts";
import { explainUnchangedJob } from "./job-guard.ts";
import { check, limits, runAt as runAtSchema, shiftOffsetMs, subject as subjectSchema } from "./limits.ts";
import { subjectColumns, type Subject } from "./subject.ts";
import { dueSoonChannel, notifyWindowMs } from "./wake-up.ts";

export interface RescheduleResult {
  /** "moved", or "when_attempt_ends": the job was running (see above). */
  outcome: "moved" | "when_attempt_ends";
}

export interface ShiftResult {
  /** Pending jobs moved. */
  moved: number;
  /** Running jobs whose next attempt, if any, moves. */
  whenAttemptEnds: bigint[];
}

export async function reschedule(tx: Tx, jobId: bigint, runAt: Date): Promise<RescheduleResult> {
  const target = check(runAtSchema, runAt, "reschedule: runAt");
  const note = `moved to ${target.toISOString()} while this attempt ran`;
  const rows = await tx.$queryRaw<Array<{ status: string; woken: number }>>`
    WITH target AS (
      UPDATE scheduled_jobs SET run_at = ${target}, updated_at = CURRENT_TIMESTAMP
      WHERE id = ${jobId} AND status IN ('pending', 'running')
      RETURNING id, status, attempts, run_at
    ), noted AS (
      UPDATE job_runs r SET note = concat_ws(E'\\n', r.note, ${note}::text)
      FROM target t WHERE t.status = 'running' AND r.job_id = t.id AND r.attempt = t.attempts AND r.outcome = 'running'
    ), wake AS (
      SELECT pg_notify(${dueSoonChannel}::text, '') FROM target
      WHERE target.status = 'pending' AND target.run_at <= now() + ${notifyWindowMs}::int * interval '1 millisecond'
    )
    SELECT status::text AS status, (SELECT count(*)::int FROM wake) AS woken FROM target`;
  if (!rows[0]) await explainUnchangedJob(tx, jobId, "reschedule", ["pending", "running"]);
  return { outcome: rows[0]!.status === "running" ? "when_attempt_ends" : "moved" };
}

/** Move every pending or running job of a business record by the same offset. */
export async function shiftForSubject(tx: Tx, subject: Subject, offsetMs: number): Promise<ShiftResult> {
  const { subjectType, subjectId } = subjectColumns(check(subjectSchema, subject, "shift: subject"));
  const offset = check(shiftOffsetMs, offsetMs, "shift: offset");
  const note = `moved by ${offset} ms while this attempt ran`;
  const rows = await tx.$queryRaw<Array<{ id: bigint; status: string; woken: number }>>`
    WITH target AS (
      UPDATE scheduled_jobs
      SET run_at = least(greatest(run_at + ${offset}::float8 * interval '1 millisecond', ${limits.earliestRunAt}::timestamptz),
                         ${limits.latestRunAt}::timestamptz),
          updated_at = CURRENT_TIMESTAMP
      WHERE subject_type = ${subjectType} AND subject_id = ${subjectId} AND status IN ('pending', 'running')
      RETURNING id, status, attempts, run_at
    ), noted AS (
      UPDATE job_runs r SET note = concat_ws(E'\\n', r.note, ${note}::text)
      FROM target t WHERE t.status = 'running' AND r.job_id = t.id AND r.attempt = t.attempts AND r.outcome = 'running'
    ), wake AS (
      SELECT pg_notify(${dueSoonChannel}::text, '')
      WHERE EXISTS (SELECT 1 FROM target WHERE status = 'pending' AND run_at <= now() + ${notifyWindowMs}::int * interval '1 millisecond')
    )
    SELECT id, status::text AS status, (SELECT count(*)::int FROM wake) AS woken FROM target`;
  return {
    moved: rows.filter((r) => r.status !== "running").length,
    whenAttemptEnds: rows.filter((r) => r.status === "running").map((r) => r.id),
  };
}
