// A previewed bulk operation, confirmed and applied batch by batch (docs/decisions/0019).
//
// 1. preview (bulk-preview.ts): how many jobs would change, how many are skipped, where they
//    land; it records the jobs it counted as a "previewed" operation. No job changes.
// 2. start: the operator confirms that preview; its operation starts, on those jobs only (jobs
//    created since, even matching the filter, are not touched).
// 3. apply, until done: one batch per call, in the caller's transaction. Each previewed job (id
//    order, after the cursor) is locked as it is (SKIP LOCKED: one a tick holds is skipped as
//    "running", never waited for), changed through the engine's own operation when its status
//    allows and it still matches the filter, or skipped with the reason (running; finished,
//    cancelled or pruned meanwhile; no longer matching); the cursor and counters move in the
//    same transaction, and the caller writes each change's audit entry in it too. So changed +
//    skipped ends equal to the previewed count. A closed browser or a failed batch leaves a
//    cursor to resume from; a batch is never half applied.
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { DulyError, ErrorCode } from "../../errors.ts";
import { cancel } from "../cancel-job.ts";
import { retry } from "../retry-job.ts";
import type { JobStatus } from "../queries.ts";
import { reschedule } from "../reschedule-job.ts";
import { idsPerChunk, previewLifetimeMs } from "./bulk-preview.ts";
import { applicableStatuses, fromJson, matchesTargetSql, newRunAt, type BulkAction, type BulkChange, type BulkTarget } from "./bulk-target.ts";
import type { Operator } from "./operator.ts";

/** Jobs looked at per batch (one transaction). */
export const bulkBatchSize = 200;
const maxSkippedKept = 1_000;

/** Why a previewed job was not changed. */
export type SkipReason = "running" | "finished" | "unmatched";

export interface BulkProgress {
  id: string;
  action: string;
  status: "running" | "done";
  /** Jobs the preview counted; when done, changed + skipped equals it. */
  previewed: number;
  changed: number;
  skipped: number;
  /** Skipped, by why: a tick was running it; it finished (or was cancelled or pruned); it no longer matches the filter. */
  skippedBy: Record<SkipReason, number>;
  skippedJobs: Array<{ id: string; why: string }>;
  reason: string;
  actorEmail: string;
  createdAt: Date;
}

/** One job a batch changed: where it was and where it is now (a cancel: its status before). */
export interface BulkJobChange {
  jobId: bigint;
  jobType: string;
  from: { status: JobStatus } | { runAt: Date };
  to: { status: "cancelled" | "pending" } | { runAt: Date };
}

/** What one batch did: the progress after it, and the operation's own facts for the audit entries. */
export interface BulkBatch {
  progress: BulkProgress;
  operation: { id: string; action: BulkAction; reason: string; actor: Operator };
  /** The jobs changed in this batch (empty when another window is running it, or it is done). */
  changed: BulkJobChange[];
}

type OperationRow = Prisma.BulkOperationGetPayload<object>;

function progressOf(row: OperationRow): BulkProgress {
  return {
    id: row.id, action: row.action, status: row.status === "done" ? "done" : "running", previewed: row.previewed, changed: row.changed,
    skipped: row.skipped, skippedBy: { running: row.skippedRunning, finished: row.skippedFinished, unmatched: row.skippedUnmatched },
    skippedJobs: row.skippedJobs as BulkProgress["skippedJobs"], reason: row.reason, actorEmail: row.actorEmail, createdAt: row.createdAt,
  };
}

function batchOf(row: OperationRow, changed: BulkJobChange[] = []): BulkBatch {
  return {
    progress: progressOf(row),
    operation: { id: row.id, action: row.action as BulkAction, reason: row.reason, actor: { id: row.actorId, email: row.actorEmail } },
    changed,
  };
}

/**
 * Confirms preview `previewId` of `actor`: its operation starts running, on the jobs it counted.
 * Refused when there is no such preview (never made, or older than an hour and deleted), when it
 * was already confirmed, or when it is another operator's.
 */
export async function startBulk(db: Db, actor: Operator, previewId: string, now: Date): Promise<string> {
  const started = await db.$executeRaw`
    UPDATE bulk_operations SET status = 'running', updated_at = ${now}
    WHERE id = ${previewId} AND status = 'previewed' AND actor_id = ${actor.id}
      AND created_at >= ${now}::timestamptz - ${previewLifetimeMs}::float8 * interval '1 millisecond'`;
  if (started === 1) return previewId;
  const row = await db.bulkOperation.findUnique({ where: { id: previewId }, select: { status: true, actorId: true, actorEmail: true } });
  const why = !row
    ? "there is no such preview (a preview can be confirmed for an hour)"
    : row.status !== "previewed"
      ? "this preview was already confirmed"
      : row.actorId !== actor.id
        ? `this preview is ${row.actorEmail}'s`
        : "this preview is more than an hour old";
  throw new DulyError(ErrorCode.InvalidInput, `Nothing was started: ${why}. Preview again, then confirm.`);
}

export async function findBulk(db: DbOrTx, id: string): Promise<BulkProgress | null> {
  const row = await db.bulkOperation.findUnique({ where: { id } });
  return row && row.status !== "previewed" ? progressOf(row) : null;
}

export async function unfinishedBulks(db: DbOrTx): Promise<BulkProgress[]> {
  return (await db.bulkOperation.findMany({ where: { status: "running" }, orderBy: { createdAt: "desc" }, take: 20 })).map(progressOf);
}

/**
 * Applies the next batch of operation `id` inside `tx` (any operator may resume it; its changes
 * are the operator's who started it, whose reason it carries). Another window running the same
 * operation right now: returns its progress and changes nothing.
 */
export async function applyBulkBatch(tx: Tx, id: string, now: Date, batchSize = bulkBatchSize): Promise<BulkBatch> {
  const [locked] = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM bulk_operations WHERE id = ${id} FOR UPDATE SKIP LOCKED`;
  const operation = await tx.bulkOperation.findUnique({ where: { id } });
  if (!operation) throw new DulyError(ErrorCode.InvalidInput, `no bulk action ${id}`);
  if (operation.status === "previewed") throw new DulyError(ErrorCode.InvalidInput, `bulk action ${id} was previewed but not confirmed; nothing was changed`);
  if (!locked || operation.status === "done") return batchOf(operation);
  const batch = await nextPreviewedJobs(tx, id, operation.cursor, batchSize);
  const { target, change } = fromJson(operation.target, operation.change);
  const changed: BulkJobChange[] = [];
  const skipped: Array<{ id: string; why: string; reason: SkipReason }> = [];
  for (const { job_id: jobId } of batch) {
    const outcome = await applyToJob(tx, jobId, target, change, { actor: operation.actorEmail, reason: operation.reason, now });
    if (outcome.changed) changed.push(outcome.change);
    else skipped.push({ id: jobId.toString(), why: outcome.why, reason: outcome.reason });
  }
  const done = batch.length < batchSize;
  const kept = [...(operation.skippedJobs as Array<{ id: string; why: string }>), ...skipped].slice(0, maxSkippedKept);
  const count = (reason: SkipReason) => skipped.filter((job) => job.reason === reason).length;
  const updated = await tx.bulkOperation.update({
    where: { id },
    data: {
      cursor: batch.length > 0 ? batch[batch.length - 1]!.job_id : operation.cursor,
      changed: { increment: changed.length },
      skipped: { increment: skipped.length },
      skippedRunning: { increment: count("running") },
      skippedFinished: { increment: count("finished") },
      skippedUnmatched: { increment: count("unmatched") },
      skippedJobs: kept.map(({ id: jobId, why }) => ({ id: jobId, why })),
      status: done ? "done" : "running",
      finishedAt: done ? now : null,
      updatedAt: now,
    },
  });
  return batchOf(updated, changed);
}

/**
 * The jobs the preview counted, and no other, in id order after the cursor: from the chunks
 * whose last id is past it (the first may be partly done), at most as many chunks as a batch
 * can need, so a batch reads a chunk or two whatever the operation's size.
 */
function nextPreviewedJobs(tx: Tx, operationId: string, cursor: bigint, batchSize: number): Promise<Array<{ job_id: bigint }>> {
  return tx.$queryRaw<Array<{ job_id: bigint }>>`
    SELECT job.id AS job_id
    FROM (
      SELECT job_ids FROM bulk_operation_job_chunks
      WHERE operation_id = ${operationId} AND last_job_id > ${cursor}
      ORDER BY last_job_id LIMIT ${Math.ceil(batchSize / idsPerChunk) + 1}
    ) chunk CROSS JOIN LATERAL unnest(chunk.job_ids) AS job(id)
    WHERE job.id > ${cursor}
    ORDER BY job.id LIMIT ${batchSize}`;
}

type JobOutcome = { changed: true; change: BulkJobChange } | { changed: false; why: string; reason: SkipReason };

/** Locks one previewed job as it is now and changes it, or says why not. */
async function applyToJob(
  tx: Tx, jobId: bigint, target: BulkTarget, change: BulkChange, who: { actor: string; reason: string; now: Date },
): Promise<JobOutcome> {
  const [row] = await tx.$queryRaw<Array<{ status: JobStatus; run_at: Date; job_type: string; matches: boolean }>>`
    SELECT status::text AS status, run_at, job_type, ${matchesTargetSql(target)} AS matches FROM scheduled_jobs WHERE id = ${jobId} FOR UPDATE SKIP LOCKED`;
  if (!row) {
    const [exists] = await tx.$queryRaw<Array<{ id: bigint }>>`SELECT id FROM scheduled_jobs WHERE id = ${jobId}`;
    return exists
      ? { changed: false, reason: "running", why: "a tick is running it right now" }
      : { changed: false, reason: "finished", why: "there is no such job (it finished and was pruned, or never existed)" };
  }
  if (row.status === "running") return { changed: false, reason: "running", why: "running: its attempt is under way" };
  if (!applicableStatuses(change).includes(row.status)) return { changed: false, reason: "finished", why: `it is ${row.status}` };
  if (!row.matches) return { changed: false, reason: "unmatched", why: "it no longer matches the filter (it was changed after the preview)" };
  if (change.kind === "cancel") {
    await cancel(tx, jobId, who);
    return { changed: true, change: { jobId, jobType: row.job_type, from: { status: row.status }, to: { status: "cancelled" } } };
  }
  if (change.kind === "retry") {
    // As the job page's Retry: one more attempt, due now (a job bound to its business time then
    // defers itself to that instant without spending it, decision 0020).
    await retry(tx, jobId, who.now);
    return { changed: true, change: { jobId, jobType: row.job_type, from: { status: row.status }, to: { status: "pending" } } };
  }
  const landing = newRunAt(change, row.run_at);
  await reschedule(tx, jobId, landing);
  return { changed: true, change: { jobId, jobType: row.job_type, from: { runAt: row.run_at }, to: { runAt: landing } } };
}
