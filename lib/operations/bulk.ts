// Bulk actions on jobs as an operator's use case: cancel, shift by an offset, or move to one
// time, applied to selected jobs or to every job matching a jobs-page filter
// (docs/decisions/0019). The engine's admin API previews (recording which jobs it counted),
// starts exactly that preview, and applies it batch by batch (lib/scheduler/admin); this module
// writes each changed job's audit entry in its batch's transaction, naming the operator who
// started the operation and, for a job bound to its business time that is moved before it, that
// it will not act early (business-time.ts).
import type { Db, Tx } from "../db/client.ts";
import { recordAuditMany, type AuditInput } from "../audit/audit-log.ts";
import { applyBulkBatch, bulkBatchSize, type BulkJobChange, type BulkProgress } from "../scheduler/admin/index.ts";
import { businessTimeAudit, type JobTypes } from "./business-time.ts";

export {
  previewBulk, previewLifetimeMs, startBulk, findBulk, unfinishedBulks, bulkBatchSize, maxSelectedIds,
  type BulkPreview, type BulkPreviewInput, type BulkProgress, type BulkChange, type BulkTarget, type SkipReason,
} from "../scheduler/admin/index.ts";

/**
 * Runs the next batch of operation `id` (any operator may resume it; the audit entries name
 * the operator who started it, whose reason it carries). Returns the progress after it. Another
 * window running the same operation right now: returns its progress without doing anything.
 * Given the catalogue (`jobTypes`), the audit entry of a job bound to its business time that is
 * moved before it says so.
 */
export async function continueBulk(db: Db, id: string, now: Date, batchSize = bulkBatchSize, jobTypes?: JobTypes): Promise<BulkProgress> {
  return db.$transaction(
    async (tx) => {
      const { progress, operation, changed } = await applyBulkBatch(tx, id, now, batchSize);
      const audits: AuditInput[] = [];
      for (const change of changed) {
        const { from, to } = await auditValues(tx, change, jobTypes);
        audits.push({
          actor: operation.actor, action: operation.action, recordType: "scheduled_job", recordId: change.jobId.toString(),
          from, to, reason: operation.reason, batchId: operation.id,
        });
      }
      await recordAuditMany(tx, audits);
      return progress;
    },
    { timeout: 60_000 },
  );
}

/** The audit entry's from and to: a cancel's statuses, or a move's run times (with the business-time note). */
async function auditValues(tx: Tx, change: BulkJobChange, jobTypes?: JobTypes): Promise<{ from: object; to: object }> {
  if (!("runAt" in change.to) || !("runAt" in change.from)) return { from: change.from, to: change.to };
  const earlier = await businessTimeAudit(tx, jobTypes, { id: change.jobId, jobType: change.jobType, current: change.from.runAt }, change.to.runAt);
  return { from: { runAt: change.from.runAt.toISOString() }, to: { runAt: change.to.runAt.toISOString(), ...earlier } };
}
