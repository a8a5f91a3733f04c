// Bulk actions on jobs: cancel, shift by an offset, or move to one time, applied to selected jobs
// or to every job matching a jobs-page filter (docs/decisions/0019).
//
// 1. preview: how many jobs would change, how many are skipped (running now), and a histogram
//    of where they land (per hour, or per day over a wide span). Nothing is written.
// 2. start: the operator confirms; a bulk_operations row records what, on which jobs, why.
// 3. continue, until done: one batch per call, in its own transaction. Each candidate job (id
//    order, after the cursor) is locked as it is (SKIP LOCKED: one a tick holds is skipped as
//    "running", never waited for), changed through the engine's own operation when its status
//    allows, or skipped with the reason; its audit entry is written with it, and the cursor and
//    counters move in the same transaction. A closed browser or a failed batch leaves a cursor
//    to resume from; a batch is never half applied.
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx, Tx } from "../db/client.ts";
import { Prisma } from "../db/client.ts";
import { recordAuditMany, type AuditActor, type AuditAction, type AuditInput } from "../audit/audit-log.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { cancel, limits, reschedule, type JobStatus } from "../scheduler/index.ts";
import { jobFilterConditions, whereClause, type JobListFilter } from "./job-list.ts";
import { businessTimeAudit, type JobTypes } from "./business-time.ts";

export type BulkTarget = { kind: "ids"; ids: bigint[] } | { kind: "filter"; filter: JobListFilter };
export type BulkChange = { kind: "cancel" } | { kind: "shift"; offsetMs: number } | { kind: "move"; to: Date };

/** Most jobs one selection may name (a page holds at most 100; a filter has no such limit). */
export const maxSelectedIds = 1_000;
/** Jobs looked at per batch (one transaction). */
export const bulkBatchSize = 200;
const maxSkippedKept = 1_000;

const actionOf: Record<BulkChange["kind"], AuditAction> = { cancel: "bulk.cancel", shift: "bulk.shift", move: "bulk.move" };

/** Statuses each change applies to; a running job is reported skipped (its attempt is under way). */
function applicableStatuses(change: BulkChange): JobStatus[] {
  return change.kind === "cancel" ? ["pending", "dead"] : ["pending"];
}

export function targetConditions(target: BulkTarget): Prisma.Sql[] {
  if (target.kind === "ids") return [Prisma.sql`id = ANY(${target.ids}::bigint[])`];
  // A filter's own status narrows further; the candidates are what the change applies to, and
  // running jobs (to report them skipped).
  return jobFilterConditions(target.filter);
}

export function newRunAtSql(change: BulkChange): Prisma.Sql {
  if (change.kind === "shift") {
    return Prisma.sql`least(greatest(run_at + ${change.offsetMs}::float8 * interval '1 millisecond', ${limits.earliestRunAt}::timestamptz), ${limits.latestRunAt}::timestamptz)`;
  }
  if (change.kind === "move") return Prisma.sql`${change.to}::timestamptz`;
  return Prisma.sql`run_at`;
}

export interface BulkPreview {
  /** Jobs the change would apply to now. */
  changing: number;
  /** Matching jobs that are running now (skipped; their attempt is under way). */
  running: number;
  /** Selected jobs in a status the change does not apply to (finished, or dead for a move). */
  notApplicable: number;
  /** Where the changing jobs land (cancel: where they were due), per `unit`, soonest first. */
  histogram: Array<{ bucket: Date; count: number }>;
  unit: "hour" | "day";
}

/** Landing hours up to this far apart (49 hours in all) are shown per hour; more per day. */
const hourlySpanMs = 48 * 3_600_000;
/** Hours and days are binned from a UTC midnight (date_bin's origin). */
const binOrigin = new Date("2000-01-01T00:00:00Z");
/** Most histogram buckets a preview returns (a year's move shown per day still fits). */
const maxBuckets = 400;

/**
 * One pass over the matching jobs: counts per status and, for the jobs that would change, per
 * UTC hour of where they land, rolled up to days in the same statement when they land in more
 * than 49 hours (so at most a few hundred rows come back). Hours are binned with date_bin,
 * plain arithmetic on the instant (a date_trunc in UTC converted each row's time zone and cost
 * twice as much). The index (job_type, run_at, id, status) answers a type's filter without
 * reading the table (bench/dashboard.ts). An earlier version counted in one pass and grouped
 * in a second.
 */
export async function previewBulk(db: DbOrTx, target: BulkTarget, change: BulkChange): Promise<BulkPreview> {
  const where = targetConditions(target);
  const applicable = applicableStatuses(change);
  const groups = await db.$queryRaw<Array<{ status: JobStatus; bucket: Date | null; n: number; hourly: boolean }>>`
    WITH per_hour AS (
      SELECT status,
             date_bin('1 hour', CASE WHEN status = ANY(${applicable}::job_status[]) THEN ${newRunAtSql(change)} END, ${binOrigin}::timestamptz) AS hour,
             count(*)::int AS n
      FROM scheduled_jobs ${whereClause(where)}
      GROUP BY 1, 2
    ), span AS (
      SELECT coalesce(max(hour) - min(hour) <= ${hourlySpanMs}::float8 * interval '1 millisecond', true) AS hourly FROM per_hour WHERE hour IS NOT NULL
    )
    SELECT status::text AS status,
           CASE WHEN span.hourly THEN hour ELSE date_bin('1 day', hour, ${binOrigin}::timestamptz) END AS bucket,
           sum(n)::int AS n, span.hourly
    FROM per_hour CROSS JOIN span
    GROUP BY 1, 2, 4`;
  let changing = 0;
  let running = 0;
  let other = 0;
  const histogram: BulkPreview["histogram"] = [];
  for (const g of groups) {
    if (applicable.includes(g.status)) {
      changing += g.n;
      histogram.push({ bucket: g.bucket!, count: g.n });
    } else if (g.status === "running") running += g.n;
    else other += g.n;
  }
  // Two statuses (cancel: pending and dead) may land in one bucket.
  const merged = new Map<number, number>();
  for (const h of histogram) merged.set(h.bucket.getTime(), (merged.get(h.bucket.getTime()) ?? 0) + h.count);
  return {
    changing,
    running,
    notApplicable: target.kind === "ids" ? other + (target.ids.length - changing - running - other) : 0,
    histogram: [...merged.entries()].sort(([a], [b]) => a - b).slice(0, maxBuckets).map(([bucket, count]) => ({ bucket: new Date(bucket), count })),
    unit: groups[0]?.hourly === false ? "day" : "hour",
  };
}

export interface BulkProgress {
  id: string;
  action: string;
  status: "running" | "done";
  previewed: number;
  changed: number;
  skipped: number;
  skippedJobs: Array<{ id: string; why: string }>;
  reason: string;
  actorEmail: string;
  createdAt: Date;
}

function toJson(target: BulkTarget, change: BulkChange): { target: Prisma.InputJsonValue; change: Prisma.InputJsonValue } {
  const filter = target.kind === "filter" ? target.filter : undefined;
  return {
    target:
      target.kind === "ids"
        ? { kind: "ids", ids: target.ids.map(String) }
        : {
            kind: "filter",
            filter: {
              ...filter,
              from: filter?.from?.toISOString(),
              to: filter?.to?.toISOString(),
            } as Prisma.InputJsonValue,
          },
    change: change.kind === "move" ? { kind: "move", to: change.to.toISOString() } : change,
  };
}

function fromJson(target: Prisma.JsonValue, change: Prisma.JsonValue): { target: BulkTarget; change: BulkChange } {
  const t = target as { kind: string; ids?: string[]; filter?: Record<string, unknown> };
  const c = change as { kind: string; offsetMs?: number; to?: string };
  const parsedTarget: BulkTarget =
    t.kind === "ids"
      ? { kind: "ids", ids: (t.ids ?? []).map((id) => BigInt(id)) }
      : {
          kind: "filter",
          filter: {
            ...(t.filter as JobListFilter),
            from: t.filter?.from ? new Date(t.filter.from as string) : undefined,
            to: t.filter?.to ? new Date(t.filter.to as string) : undefined,
          },
        };
  const parsedChange: BulkChange = c.kind === "shift" ? { kind: "shift", offsetMs: c.offsetMs! } : c.kind === "move" ? { kind: "move", to: new Date(c.to!) } : { kind: "cancel" };
  return { target: parsedTarget, change: parsedChange };
}

/** Records the confirmed operation; nothing changes until continueBulk runs its batches. */
export async function startBulk(db: Db, actor: AuditActor, input: { target: BulkTarget; change: BulkChange; reason: string; previewed: number }): Promise<string> {
  if (input.target.kind === "ids" && input.target.ids.length > maxSelectedIds) {
    throw new DulyError(ErrorCode.InvalidInput, `a selection may hold at most ${maxSelectedIds} jobs; use "everything matching the filter" instead`);
  }
  const id = randomUUID();
  await db.bulkOperation.create({
    data: {
      id,
      actorId: actor.id,
      actorEmail: actor.email,
      action: actionOf[input.change.kind],
      ...toJson(input.target, input.change),
      reason: input.reason,
      status: "running",
      previewed: input.previewed,
      cursor: 0n,
    },
  });
  return id;
}

function progressOf(row: {
  id: string; action: string; status: string; previewed: number; changed: number; skipped: number; skippedJobs: Prisma.JsonValue;
  reason: string; actorEmail: string; createdAt: Date;
}): BulkProgress {
  return {
    id: row.id, action: row.action, status: row.status === "done" ? "done" : "running", previewed: row.previewed, changed: row.changed,
    skipped: row.skipped, skippedJobs: row.skippedJobs as BulkProgress["skippedJobs"], reason: row.reason, actorEmail: row.actorEmail, createdAt: row.createdAt,
  };
}

export async function findBulk(db: DbOrTx, id: string): Promise<BulkProgress | null> {
  const row = await db.bulkOperation.findUnique({ where: { id } });
  return row ? progressOf(row) : null;
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
      if (!locked || operation.status === "done") return progressOf(operation);
      const { target, change } = fromJson(operation.target, operation.change);
      const applicable = applicableStatuses(change);
      const candidates = await tx.$queryRaw<Array<{ id: bigint }>>`
        SELECT id FROM scheduled_jobs
        ${whereClause([...targetConditions(target), Prisma.sql`id > ${operation.cursor}`, Prisma.sql`status IN ('pending', 'dead', 'running')`])}
        ORDER BY id LIMIT ${batchSize}`;
      const actor = { id: operation.actorId, email: operation.actorEmail };
      const audits: AuditInput[] = [];
      const skipped: Array<{ id: string; why: string }> = [];
      for (const { id: jobId } of candidates) {
        const outcome = await applyToJob(tx, jobId, change, applicable, { actor, reason: operation.reason, now, jobTypes });
        if (outcome.changed) audits.push({ actor, action: operation.action as AuditAction, recordType: "scheduled_job", recordId: jobId.toString(), from: outcome.from, to: outcome.to, reason: operation.reason, batchId: operation.id });
        else skipped.push({ id: jobId.toString(), why: outcome.why });
      }
      await recordAuditMany(tx, audits);
      const done = candidates.length < batchSize;
      const kept = [...(operation.skippedJobs as Array<{ id: string; why: string }>), ...skipped].slice(0, maxSkippedKept);
      const updated = await tx.bulkOperation.update({
        where: { id },
        data: {
          cursor: candidates.length > 0 ? candidates[candidates.length - 1]!.id : operation.cursor,
          changed: { increment: audits.length },
          skipped: { increment: skipped.length },
          skippedJobs: kept,
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

type JobOutcome = { changed: true; from: object; to: object } | { changed: false; why: string };

async function applyToJob(
  tx: Tx, jobId: bigint, change: BulkChange, applicable: JobStatus[], who: { actor: AuditActor; reason: string; now: Date; jobTypes?: JobTypes },
): Promise<JobOutcome> {
  const [row] = await tx.$queryRaw<Array<{ status: JobStatus; run_at: Date; job_type: string }>>`
    SELECT status::text AS status, run_at, job_type FROM scheduled_jobs WHERE id = ${jobId} FOR UPDATE SKIP LOCKED`;
  if (!row) return { changed: false, why: "a tick is running it right now" };
  if (!applicable.includes(row.status)) return { changed: false, why: row.status === "running" ? "running: its attempt is under way" : `it is ${row.status}` };
  if (change.kind === "cancel") {
    await cancel(tx, jobId, { actor: who.actor.email, reason: who.reason, now: who.now });
    return { changed: true, from: { status: row.status }, to: { status: "cancelled" } };
  }
  const target =
    change.kind === "move"
      ? change.to
      : new Date(Math.min(Math.max(row.run_at.getTime() + change.offsetMs, limits.earliestRunAt.getTime()), limits.latestRunAt.getTime()));
  await reschedule(tx, jobId, target);
  const earlier = await businessTimeAudit(tx, who.jobTypes, { id: jobId, jobType: row.job_type, current: row.run_at }, target);
  return { changed: true, from: { runAt: row.run_at.toISOString() }, to: { runAt: target.toISOString(), ...earlier } };
}
