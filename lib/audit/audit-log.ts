// The audit log: every operator action, who did it, when, to which record, from which value to
// which, and why. An entry is written with the transaction of the change it records (the caller
// passes its `tx`), so there is never a change without its entry nor an entry for a change that
// rolled back.
import type { DbOrTx, Tx } from "../db/client.ts";
import { Prisma } from "../db/client.ts";
// The request id of the API request writing the entry, if any (issue 14, item 5).
import { currentRequestId } from "../api/request-id.ts";

export const auditActions = [
  "job.reschedule",
  "job.cancel",
  "job.run_now",
  "job.retry",
  "job_type.pause",
  "job_type.resume",
  "recurring.pause",
  "recurring.resume",
  "recurring.run_now",
  "bulk.cancel",
  "bulk.retry",
  "bulk.shift",
  "bulk.move",
  "booking.move_event",
  "booking.cancel",
  "dispute.resolve",
  "quota.reset_now",
  "quota.move_reset",
  "webhook_endpoint.disable",
  "webhook_endpoint.enable",
  "webhook_endpoint.delete",
  "webhook.replay",
  "alerts.update_settings",
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditInput {
  actor: AuditActor;
  action: AuditAction;
  recordType: string;
  recordId: string;
  from?: unknown;
  to?: unknown;
  reason?: string | null;
  batchId?: string | null;
}

function json(value: unknown): Prisma.InputJsonValue | typeof Prisma.DbNull {
  return value === undefined || value === null ? Prisma.DbNull : (value as Prisma.InputJsonValue);
}

/** Writes one entry inside the caller's transaction. */
export async function recordAudit(tx: Tx, entry: AuditInput): Promise<void> {
  await tx.auditEntry.create({
    data: {
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      action: entry.action,
      recordType: entry.recordType,
      recordId: entry.recordId,
      fromValue: json(entry.from),
      toValue: json(entry.to),
      reason: entry.reason ?? null,
      batchId: entry.batchId ?? null,
      requestId: currentRequestId() ?? null,
    },
  });
}

/** Writes many entries (a bulk action's per-job entries) in one statement, inside the caller's transaction. */
export async function recordAuditMany(tx: Tx, entries: AuditInput[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.auditEntry.createMany({
    data: entries.map((entry) => ({
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      action: entry.action,
      recordType: entry.recordType,
      recordId: entry.recordId,
      fromValue: json(entry.from),
      toValue: json(entry.to),
      reason: entry.reason ?? null,
      batchId: entry.batchId ?? null,
      requestId: currentRequestId() ?? null,
    })),
  });
}

export interface AuditFilter {
  actorEmail?: string;
  action?: AuditAction;
  recordType?: string;
  recordId?: string;
  batchId?: string;
  /** Entries at or after this instant. */
  since?: Date;
  /** Entries before this instant. */
  until?: Date;
  /** Keyset: entries older than this id (the last id of the previous page). */
  beforeId?: bigint;
  limit?: number;
}

export interface AuditEntryView {
  id: string;
  at: Date;
  actorEmail: string;
  action: string;
  recordType: string;
  recordId: string;
  fromValue: unknown;
  toValue: unknown;
  reason: string | null;
  batchId: string | null;
}

/** Newest first; pages by id (keyset), so page 500 costs what page 1 does. */
export async function listAuditEntries(db: DbOrTx, filter: AuditFilter): Promise<{ entries: AuditEntryView[]; nextBeforeId: string | null }> {
  const limit = filter.limit ?? 50;
  const rows = await db.auditEntry.findMany({
    where: {
      actorEmail: filter.actorEmail,
      action: filter.action,
      recordType: filter.recordType,
      recordId: filter.recordId,
      batchId: filter.batchId,
      at: filter.since || filter.until ? { gte: filter.since, lt: filter.until } : undefined,
      id: filter.beforeId !== undefined ? { lt: filter.beforeId } : undefined,
    },
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => ({ ...row, id: row.id.toString() })),
    nextBeforeId: rows.length > limit ? page[page.length - 1]!.id.toString() : null,
  };
}
