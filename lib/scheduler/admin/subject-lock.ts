// The one rule for locking a business record's jobs before changing the record (decision 0011:
// jobs first, then the record). A running handler holds its job's row for its whole group
// transaction and then updates the record, so a use case that locked the record first and then
// touched its jobs would deadlock against it.
import type { Tx } from "../../db/client.ts";
import { subjectColumns, type Subject } from "../subject.ts";

export interface SubjectJobsLock {
  /** Jobs of the record that can still change: pending, running (a handler may be at work) and dead (a retry revives it). */
  open: number;
  /** Of those, how many this transaction now holds (all of them with `busy: "wait"`). */
  locked: number;
  /** With `busy: "skip"`: the open jobs it could not lock (a tick is running them), for the refusal to name. */
  held: Array<{ id: bigint; jobType: string; runAt: Date }>;
}

/**
 * Locks every job of `subject` that can still change for the rest of `tx`, in id order (two
 * callers locking the same record's jobs take them in the same order, so they cannot deadlock
 * each other). `busy: "wait"` waits for a handler running one of them to commit, and then holds
 * the jobs as it left them; `busy: "skip"` takes only what is free now (SKIP LOCKED), so the
 * caller can refuse at once when `locked < open` instead of waiting behind a tick.
 */
export async function lockJobsOfSubject(tx: Tx, subject: Subject, { busy }: { busy: "wait" | "skip" }): Promise<SubjectJobsLock> {
  const { subjectType, subjectId } = subjectColumns(subject);
  if (busy === "wait") {
    const locked = await tx.$queryRaw<Array<{ id: bigint }>>`
      SELECT id FROM scheduled_jobs
      WHERE subject_type = ${subjectType} AND subject_id = ${subjectId} AND status IN ('pending', 'running', 'dead')
      ORDER BY id FOR UPDATE`;
    return { open: locked.length, locked: locked.length, held: [] };
  }
  // One row per open job, saying whether this transaction got its lock.
  const rows = await tx.$queryRaw<Array<{ id: bigint; job_type: string; run_at: Date; locked: boolean }>>`
    WITH open_jobs AS (
      SELECT id FROM scheduled_jobs
      WHERE subject_type = ${subjectType} AND subject_id = ${subjectId} AND status IN ('pending', 'running', 'dead')
    ), locked AS (
      SELECT id FROM scheduled_jobs
      WHERE id IN (SELECT id FROM open_jobs)
      ORDER BY id
      FOR UPDATE SKIP LOCKED
    )
    SELECT j.id, j.job_type, j.run_at, j.id IN (SELECT id FROM locked) AS locked
    FROM scheduled_jobs j
    WHERE j.id IN (SELECT id FROM open_jobs)
    ORDER BY j.id`;
  const held = rows.filter((row) => !row.locked).map((row) => ({ id: row.id, jobType: row.job_type, runAt: row.run_at }));
  return { open: rows.length, locked: rows.length - held.length, held };
}
