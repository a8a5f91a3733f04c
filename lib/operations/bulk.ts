// Bulk actions on jobs: cancel, shift by an offset, or move to one time, applied to selected jobs
// or to every job matching a jobs-page filter (docs/decisions/0019).
//
// 1. preview (bulk-preview.ts): how many jobs would change, how many are skipped, where they
//    land; it records the jobs it counted as a "previewed" operation. No job changes.
// 2. start: the operator confirms that preview; its operation starts, on those jobs only (jobs
//    created since, even matching the filter, are not touched).
// 3. continue, until done: one batch per call, in its own transaction. Each previewed job (id
//    order, after the cursor) is locked as it is (SKIP LOCKED: one a tick holds is skipped as
//    "running", never waited for), changed through the engine's own operation when its status
//    allows and it still matches the filter, or skipped with the reason (running; finished,
//    cancelled or pruned meanwhile; no longer matching); its audit entry is written with it, and
//    the cursor and counters move in the same transaction. So changed + skipped ends equal to the
//    previewed count. A closed browser or a failed batch leaves a cursor to resume from; a batch
//    is never half applied.
import type { Db, DbOrTx, Tx } from "../db/client.ts";
import { Prisma } from "../db/client.ts";
import { recordAuditMany, type AuditActor, type AuditAction, type AuditInput } from "../audit/audit-log.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { cancel, reschedule, type JobStatus } from "../scheduler/index.ts";
import { idsPerChunk, previewLifetimeMs } from "./bulk-preview.ts";
import { applicableStatuses, fromJson, matchesTargetSql, newRunAt, type BulkChange, type BulkTarget } from "./bulk-target.ts";
import { businessTimeAudit, type JobTypes } from "./business-time.ts";

export { previewBulk, previewLifetimeMs, type BulkPreview, type BulkPreviewInput } from "./bulk-preview.ts";
export { maxSelectedIds, newRunAtSql, targetConditions, type BulkChange, type BulkTarget } from "./bulk-target.ts";

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

type OperationRow = Prisma.BulkOperationGetPayload<object>;

function progressOf(row: OperationRow): BulkProgress {
  return {
    id: row.id, action: row.action, status: row.status === "done" ? "done" : "running", previewed: row.previewed, changed: row.changed,
    skipped: row.skipped, skippedBy: { running: row.skippedRunning, finished: row.skippedFinished, unmatched: row.skippedUnmatched },
    skippedJobs: row.skippedJobs as BulkProgress["skippedJobs"], reason: row.reason, actorEmail: row.actorEmail, createdAt: row.createdAt,
  };
}

/**
 * Confirms preview `previewId` of `actor`: its operation starts running, on the jobs it counted.
 * Refused when there is no such preview (never made, or older than an hour and deleted), when it
 * was already confirmed, or when it is another operator's.
 */
export async function startBulk(db: Db, actor: AuditActor, previewId: string, now: Date): Promise<string> {
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
 * Runs the next batch of operation `id` (any operator may resume it; the audit entries name
 * the operator who started it, whose reason it carries). Returns the progress after it. Another
 * window running the same operation right now: returns its progress without doing anything.
 * Given the catalogue (`jobTypes`), the audit entry of a job bound to its business time that is
 * moved before it says so (business-time.ts).
 */
export async function continueBulk(db: Db, id: string, now: Date, batchSize = bulkBatchSize, jobTypes?: JobTypes): Promise<BulkProgress> {
  return db.$transaction(
    async (tx) => {
      const [locked] = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM bulk_operations WHERE id = ${id} FOR UPDATE SKIP LOCKED`;
      const operation = await tx.bulkOperation.findUnique({ where: { id } });
      if (!operation) throw new DulyError(ErrorCode.InvalidInput, `no bulk action ${id}`);
      if (operation.status === "previewed") throw new DulyError(ErrorCode.InvalidInput, `bulk action ${id} was previewed but not confirmed; nothing was changed`);
      if (!locked || operation.status === "done") return progressOf(operation);
      const batch = await nextPreviewedJobs(tx, id, operation.cursor, batchSize);
      const outcomes = await applyBatch(tx, operation, batch.map((row) => row.job_id), now, jobTypes);
      const done = batch.length < batchSize;
      const kept = [...(operation.skippedJobs as Array<{ id: string; why: string }>), ...outcomes.skipped].slice(0, maxSkippedKept);
      const count = (reason: SkipReason) => outcomes.skipped.filter((job) => job.reason === reason).length;
      const updated = await tx.bulkOperation.update({
        where: { id },
        data: {
          cursor: batch.length > 0 ? batch[batch.length - 1]!.job_id : operation.cursor,
          changed: { increment: outcomes.changed },
          skipped: { increment: outcomes.skipped.length },
          skippedRunning: { increment: count("running") },
          skippedFinished: { increment: count("finished") },
          skippedUnmatched: { increment: count("unmatched") },
          skippedJobs: kept.map(({ id: jobId, why }) => ({ id: jobId, why })),
          status: done ? "done" : "running",
          finishedAt: done ? now : null,
          updatedAt: now,
        },
      });
      return progressOf(updated);
    },
    { timeout: 60_000 },
  );
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

async function applyBatch(
  tx: Tx, operation: OperationRow, jobIds: bigint[], now: Date, jobTypes?: JobTypes,
): Promise<{ changed: number; skipped: Array<{ id: string; why: string; reason: SkipReason }> }> {
  const { target, change } = fromJson(operation.target, operation.change);
  const actor = { id: operation.actorId, email: operation.actorEmail };
  const audits: AuditInput[] = [];
  const skipped: Array<{ id: string; why: string; reason: SkipReason }> = [];
  for (const jobId of jobIds) {
    const outcome = await applyToJob(tx, jobId, target, change, { actor, reason: operation.reason, now, jobTypes });
    if (outcome.changed) audits.push({ actor, action: operation.action as AuditAction, recordType: "scheduled_job", recordId: jobId.toString(), from: outcome.from, to: outcome.to, reason: operation.reason, batchId: operation.id });
    else skipped.push({ id: jobId.toString(), why: outcome.why, reason: outcome.reason });
  }
  await recordAuditMany(tx, audits);
  return { changed: audits.length, skipped };
}

type JobOutcome = { changed: true; from: object; to: object } | { changed: false; why: string; reason: SkipReason };

/** Locks one previewed job as it is now and changes it, or says why not. */
async function applyToJob(
  tx: Tx, jobId: bigint, target: BulkTarget, change: BulkChange, who: { actor: AuditActor; reason: string; now: Date; jobTypes?: JobTypes },
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
    await cancel(tx, jobId, { actor: who.actor.email, reason: who.reason, now: who.now });
    return { changed: true, from: { status: row.status }, to: { status: "cancelled" } };
  }
  const landing = newRunAt(change, row.run_at);
  await reschedule(tx, jobId, landing);
  const earlier = await businessTimeAudit(tx, who.jobTypes, { id: jobId, jobType: row.job_type, current: row.run_at }, landing);
  return { changed: true, from: { runAt: row.run_at.toISOString() }, to: { runAt: landing.toISOString(), ...earlier } };
}
