// A bulk action's preview: how many jobs would change, how many are skipped (running now; a
// selected job in a status the change does not apply to), and where they land per hour (per day
// over a wide span). It changes no job, but it records which jobs it counted, as an operation in
// status "previewed" with their ids (bulk_operation_jobs): Confirm runs exactly that operation,
// so the action covers the jobs that existed when the operator looked and no other, and its
// result accounts for each of them (docs/decisions/0019).
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client.ts";
import { Prisma } from "../db/client.ts";
import type { AuditActor } from "../audit/audit-log.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import type { JobStatus } from "../scheduler/index.ts";
import { whereClause } from "./job-list.ts";
import { actionOf, applicableStatuses, maxSelectedIds, newRunAtSql, targetConditions, toJson, type BulkChange, type BulkTarget } from "./bulk-target.ts";

/** How long a preview may be confirmed; older unconfirmed previews are deleted by the next one. */
export const previewLifetimeMs = 3_600_000;

export interface BulkPreview {
  /** The previewed operation: Confirm (startBulk) runs it, on these jobs only. */
  id: string;
  /** Jobs the change would apply to now. */
  changing: number;
  /** Counted jobs that are running now (skipped; their attempt is under way). */
  running: number;
  /** Selected jobs in a status the change does not apply to (finished, or dead for a move), or no job at all. */
  notApplicable: number;
  /** Where the changing jobs land (cancel: where they were due), per `unit`, soonest first. */
  histogram: Array<{ bucket: Date; count: number }>;
  unit: "hour" | "day";
}

export interface BulkPreviewInput {
  target: BulkTarget;
  change: BulkChange;
  reason: string;
}

/** Landing hours up to this far apart (49 hours in all) are shown per hour; more per day. */
const hourlySpanMs = 48 * 3_600_000;
/** Hours and days are binned from a UTC midnight (date_bin's origin). */
const binOrigin = new Date("2000-01-01T00:00:00Z");
/** Most histogram buckets a preview returns (a year's move shown per day still fits). */
const maxBuckets = 400;

type Group = { status: JobStatus; bucket: Date | null; n: number; hourly: boolean };

/**
 * One statement, so the jobs counted and the jobs recorded are the same snapshot of the table:
 * `matched` reads the candidates once (a filter's: the statuses the change applies to, and
 * running ones to report them; a selection's: every named job), `recorded` writes their ids (a
 * selection's ids all, even one that names no job, so the result reports it), and the rest
 * counts per status and per UTC hour of where they land, rolled up to days in the same
 * statement when they land in more than 49 hours. Hours are binned with date_bin, plain
 * arithmetic on the instant (a date_trunc in UTC converted each row's time zone and cost twice
 * as much). The index (job_type, run_at, id, status) answers a type's filter without reading the
 * table (bench/dashboard.ts); the insert costs one index entry per counted job.
 */
function countAndRecord(tx: Tx, operationId: string, target: BulkTarget, change: BulkChange): Promise<Group[]> {
  const applicable = applicableStatuses(change);
  const candidates = target.kind === "filter" ? [Prisma.sql`status = ANY(${[...applicable, "running"]}::job_status[])`] : [];
  const recordedIds = target.kind === "ids" ? Prisma.sql`SELECT DISTINCT unnest(${target.ids}::bigint[])` : Prisma.sql`SELECT id FROM matched`;
  return tx.$queryRaw<Group[]>`
    WITH matched AS MATERIALIZED (
      SELECT id, status, run_at FROM scheduled_jobs ${whereClause([...targetConditions(target), ...candidates])}
    ), recorded AS (
      INSERT INTO bulk_operation_jobs (operation_id, job_id) SELECT ${operationId}, ids.id FROM (${recordedIds}) AS ids(id)
    ), per_hour AS (
      SELECT status,
             date_bin('1 hour', CASE WHEN status = ANY(${applicable}::job_status[]) THEN ${newRunAtSql(change)} END, ${binOrigin}::timestamptz) AS hour,
             count(*)::int AS n
      FROM matched
      GROUP BY 1, 2
    ), span AS (
      SELECT coalesce(max(hour) - min(hour) <= ${hourlySpanMs}::float8 * interval '1 millisecond', true) AS hourly FROM per_hour WHERE hour IS NOT NULL
    )
    SELECT status::text AS status,
           CASE WHEN span.hourly THEN hour ELSE date_bin('1 day', hour, ${binOrigin}::timestamptz) END AS bucket,
           sum(n)::int AS n, span.hourly
    FROM per_hour CROSS JOIN span
    GROUP BY 1, 2, 4`;
}

function summarise(groups: Group[], change: BulkChange): Omit<BulkPreview, "id" | "notApplicable"> & { other: number } {
  const applicable = applicableStatuses(change);
  let changing = 0;
  let running = 0;
  let other = 0;
  // Two statuses (cancel: pending and dead) may land in one bucket.
  const buckets = new Map<number, number>();
  for (const g of groups) {
    if (applicable.includes(g.status)) {
      changing += g.n;
      buckets.set(g.bucket!.getTime(), (buckets.get(g.bucket!.getTime()) ?? 0) + g.n);
    } else if (g.status === "running") running += g.n;
    else other += g.n;
  }
  const histogram = [...buckets.entries()].sort(([a], [b]) => a - b).slice(0, maxBuckets).map(([bucket, count]) => ({ bucket: new Date(bucket), count }));
  return { changing, running, other, histogram, unit: groups[0]?.hourly === false ? "day" : "hour" };
}

/**
 * Counts what the change would do and records the counted jobs as a previewed operation of
 * `actor` (with the reason, so Confirm needs nothing else). Changes no job and writes no audit
 * entry. Previews older than an hour that nobody confirmed are deleted here.
 */
export async function previewBulk(db: Db, actor: AuditActor, input: BulkPreviewInput, now: Date): Promise<BulkPreview> {
  const { target, change, reason } = input;
  if (target.kind === "ids" && target.ids.length > maxSelectedIds) {
    throw new DulyError(ErrorCode.InvalidInput, `a selection may hold at most ${maxSelectedIds} jobs; use "everything matching the filter" instead`);
  }
  const id = randomUUID();
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`
        DELETE FROM bulk_operations WHERE status = 'previewed' AND created_at < ${now}::timestamptz - ${previewLifetimeMs}::float8 * interval '1 millisecond'`;
      await tx.bulkOperation.create({
        data: { id, actorId: actor.id, actorEmail: actor.email, action: actionOf[change.kind], ...toJson(target, change), reason, status: "previewed", previewed: 0, cursor: 0n, createdAt: now, updatedAt: now },
      });
      const { other, ...summary } = summarise(await countAndRecord(tx, id, target, change), change);
      // A selection counts every id it names (one with no job is "not applicable"); a filter, what it matched.
      const notApplicable = target.kind === "ids" ? new Set(target.ids).size - summary.changing - summary.running : other;
      await tx.bulkOperation.update({ where: { id }, data: { previewed: summary.changing + summary.running + notApplicable } });
      return { id, ...summary, notApplicable };
    },
    { timeout: 60_000 },
  );
}
