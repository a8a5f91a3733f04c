// Cancel work that should no longer happen. The row stays, with who cancelled it and why.
//
// A job whose attempt is running cannot be stopped half way (its effects commit with its
// completion, or not at all). Cancelling it records the intent on the row and on the running
// attempt's history; the intent takes effect when the attempt ends: a failed or lost attempt
// ends the job cancelled instead of retrying, a successful one stands (the work happened).
// The caller is told which jobs were running. If the attempt's group transaction holds the
// row at that moment, the cancel waits for it (at most the attempt's lease) and then sees how
// it ended.
import type { Tx } from "../db/client.ts";
import { explainUnchangedJob } from "./job-guard.ts";
import { actor as actorSchema, check, reason as reasonSchema, subject as subjectSchema } from "./limits.ts";
import { subjectColumns, type Subject } from "./subject.ts";

export interface Cancellation {
  /** Who asked: an operator's email, or "system:<use case>" for business changes. */
  actor: string;
  reason: string;
  now: Date;
}

export interface CancelResult {
  /** "cancelled" at once, or "when_attempt_ends": the job was running. */
  outcome: "cancelled" | "when_attempt_ends";
}

export interface SubjectCancelResult {
  /** Jobs cancelled at once (pending or dead). */
  cancelled: number;
  /** Jobs that were running: cancelled when their attempt ends, unless it succeeds. */
  whenAttemptEnds: bigint[];
}

function checked({ actor, reason, now }: Cancellation): Cancellation {
  return { actor: check(actorSchema, actor, "cancel: actor"), reason: check(reasonSchema, reason, "cancel: reason"), now };
}

export async function cancel(tx: Tx, jobId: bigint, cancellation: Cancellation): Promise<CancelResult> {
  const { actor, reason, now } = checked(cancellation);
  const note = `cancel requested at ${now.toISOString()} by ${actor}: ${reason}`;
  const rows = await tx.$queryRaw<Array<{ status: string }>>`
    WITH target AS (
      UPDATE scheduled_jobs
      SET status = CASE WHEN status = 'running' THEN status ELSE 'cancelled' END,
          finished_at = CASE WHEN status = 'running' THEN finished_at ELSE ${now} END,
          cancelled_at = ${now}, cancelled_by = ${actor}, cancel_reason = ${reason}, updated_at = CURRENT_TIMESTAMP
      WHERE id = ${jobId} AND status IN ('pending', 'dead', 'running')
      RETURNING id, status, attempts
    ), noted AS (
      UPDATE job_runs r SET note = concat_ws(E'\\n', r.note, ${note}::text)
      FROM target t WHERE t.status = 'running' AND r.job_id = t.id AND r.attempt = t.attempts AND r.outcome = 'running'
    )
    SELECT status::text AS status FROM target`;
  if (!rows[0]) await explainUnchangedJob(tx, jobId, "cancel", ["pending", "dead", "running"]);
  return { outcome: rows[0]!.status === "running" ? "when_attempt_ends" : "cancelled" };
}

/** Cancel every pending, dead or running job of a business record (a cancelled booking). */
export async function cancelForSubject(tx: Tx, subject: Subject, cancellation: Cancellation): Promise<SubjectCancelResult> {
  const { actor, reason, now } = checked(cancellation);
  const { subjectType, subjectId } = subjectColumns(check(subjectSchema, subject, "cancel: subject"));
  const note = `cancel requested at ${now.toISOString()} by ${actor}: ${reason}`;
  const rows = await tx.$queryRaw<Array<{ id: bigint; status: string }>>`
    WITH target AS (
      UPDATE scheduled_jobs
      SET status = CASE WHEN status = 'running' THEN status ELSE 'cancelled' END,
          finished_at = CASE WHEN status = 'running' THEN finished_at ELSE ${now} END,
          cancelled_at = ${now}, cancelled_by = ${actor}, cancel_reason = ${reason}, updated_at = CURRENT_TIMESTAMP
      WHERE subject_type = ${subjectType} AND subject_id = ${subjectId} AND status IN ('pending', 'dead', 'running')
      RETURNING id, status, attempts
    ), noted AS (
      UPDATE job_runs r SET note = concat_ws(E'\\n', r.note, ${note}::text)
      FROM target t WHERE t.status = 'running' AND r.job_id = t.id AND r.attempt = t.attempts AND r.outcome = 'running'
    )
    SELECT id, status::text AS status FROM target`;
  return {
    cancelled: rows.filter((r) => r.status !== "running").length,
    whenAttemptEnds: rows.filter((r) => r.status === "running").map((r) => r.id),
  };
}

export interface SubjectsCancelResult {
  /** Jobs cancelled (pending or dead ones no other transaction held). */
  cancelled: number;
  /** Jobs left as they are because another transaction held them (a running attempt, a claim): they end by themselves. */
  held: bigint[];
}

/**
 * Cancels the pending and dead jobs of many records at once, without waiting for any job row:
 * for a caller that holds its records' own locks while it removes them (a deleted webhook
 * endpoint and its deliveries). A running attempt may be waiting for those very locks, so waiting
 * for its job would close a cycle; such a job (and one being claimed) is left and returned in
 * `held`: it runs on to find its record gone. Running jobs are not touched (cancelForSubject
 * records the intent on them; here the record they would act on is going).
 */
export async function cancelForSubjects(tx: Tx, subjects: readonly Subject[], cancellation: Cancellation): Promise<SubjectsCancelResult> {
  if (subjects.length === 0) return { cancelled: 0, held: [] };
  const { actor, reason, now } = checked(cancellation);
  const columns = subjects.map((subject) => subjectColumns(check(subjectSchema, subject, "cancel: subject")));
  const types = columns.map((c) => c.subjectType!);
  const ids = columns.map((c) => c.subjectId!);
  const rows = await tx.$queryRaw<Array<{ id: bigint; cancelled: boolean }>>`
    WITH wanted AS (
      SELECT j.id FROM scheduled_jobs j
      JOIN unnest(${types}::text[], ${ids}::text[]) AS s(subject_type, subject_id)
        ON j.subject_type = s.subject_type AND j.subject_id = s.subject_id
      WHERE j.status IN ('pending', 'dead', 'running')
    ), free AS (
      SELECT id FROM scheduled_jobs WHERE id IN (SELECT id FROM wanted) AND status IN ('pending', 'dead') FOR UPDATE SKIP LOCKED
    ), target AS (
      UPDATE scheduled_jobs
      SET status = 'cancelled', finished_at = ${now}, cancelled_at = ${now}, cancelled_by = ${actor}, cancel_reason = ${reason}, updated_at = CURRENT_TIMESTAMP
      WHERE id IN (SELECT id FROM free)
      RETURNING id
    )
    SELECT wanted.id, (target.id IS NOT NULL) AS cancelled FROM wanted LEFT JOIN target ON target.id = wanted.id`;
  return { cancelled: rows.filter((r) => r.cancelled).length, held: rows.filter((r) => !r.cancelled).map((r) => r.id) };
}
