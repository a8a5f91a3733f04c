// Cancel work that should no longer happen. The row stays, with who cancelled it and why.
import type { Tx } from "../db/client.ts";
import { explainUnchangedJob } from "./job-guard.ts";
import { subjectColumns, type Subject } from "./subject.ts";

export interface Cancellation {
  /** Who asked: an operator's email, or "system:<use case>" for business changes. */
  actor: string;
  reason: string;
  now: Date;
}

export async function cancel(tx: Tx, jobId: bigint, { actor, reason, now }: Cancellation): Promise<void> {
  const updated = await tx.$executeRaw`
    UPDATE scheduled_jobs
    SET status = 'cancelled', cancelled_at = ${now}, cancelled_by = ${actor}, cancel_reason = ${reason},
        finished_at = ${now}, updated_at = CURRENT_TIMESTAMP
    WHERE id = ${jobId} AND status IN ('pending', 'dead')`;
  if (updated === 0) await explainUnchangedJob(tx, jobId, "cancel", ["pending", "dead"]);
}

/** Cancel every pending or dead job of a business record (a cancelled booking). Returns how many. */
export async function cancelForSubject(tx: Tx, subject: Subject, { actor, reason, now }: Cancellation): Promise<number> {
  const { subjectType, subjectId } = subjectColumns(subject);
  return tx.$executeRaw`
    UPDATE scheduled_jobs
    SET status = 'cancelled', cancelled_at = ${now}, cancelled_by = ${actor}, cancel_reason = ${reason},
        finished_at = ${now}, updated_at = CURRENT_TIMESTAMP
    WHERE subject_type = ${subjectType} AND subject_id = ${subjectId} AND status IN ('pending', 'dead')`;
}

/** Move every pending job of a business record by the same offset (an event moved by a week). */
export async function shiftForSubject(tx: Tx, subject: Subject, offsetMs: number): Promise<number> {
  const { subjectType, subjectId } = subjectColumns(subject);
  return tx.$executeRaw`
    UPDATE scheduled_jobs
    SET run_at = run_at + ${offsetMs} * interval '1 millisecond', updated_at = CURRENT_TIMESTAMP
    WHERE subject_type = ${subjectType} AND subject_id = ${subjectId} AND status = 'pending'`;
}
