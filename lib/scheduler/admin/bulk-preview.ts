// A bulk action's preview: how many jobs would change, how many are skipped (running now; a
// selected job in a status the change does not apply to), and where they land per hour (per day
// over a wide span). It changes no job, but it records which jobs it counted, as an operation in
// status "previewed" with their ids (bulk_operation_job_chunks): Confirm runs exactly that operation,
// so the action covers the jobs that existed when the operator looked and no other, and its
// result accounts for each of them (docs/decisions/0019).
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { DulyError, ErrorCode } from "../../errors.ts";
import type { JobStatus } from "../queries.ts";
import type { Operator } from "./operator.ts";
import { whereClause } from "./job-list.ts";
import { actionOf, applicableStatuses, maxSelectedIds, newRunAtSql, targetConditions, toJson, type BulkChange, type BulkTarget } from "./bulk-target.ts";

/** How long a preview may be confirmed; older unconfirmed previews are deleted by the next one. */
export const previewLifetimeMs = 3_600_000;

/**
 * Counted ids are stored in sorted chunks of this many (an array per row): a preview of 20,000
 * jobs writes 20 rows, not 20,000 index entries. A batch reads the chunk or two after its cursor
 * (bulk-batch.ts).
 */
export const idsPerChunk = 1_000;

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

interface PreviewRecord {
  id: string;
  actor: Operator;
  target: BulkTarget;
  change: BulkChange;
  reason: string;
  now: Date;
}

/**
 * One statement, so the jobs counted and the jobs recorded are the same snapshot of the table,
 * and the preview costs one round trip: `expired` deletes previews nobody confirmed within the
 * hour (their chunks with them); `matched` reads the candidates once (a filter's: the statuses
 * the change applies to, and running ones to report them; a selection's: every named job);
 * `sorted` is the ids to record (a selection's all, even one that names no job, so the result
 * reports it); `operation` inserts the previewed operation with their count, and `recorded` the
 * ids as one sorted array cut into slices of 1,000 (a row_number() window over the ids cost
 * three times as much; both inserts are checked against the foreign key at the statement's
 * end). The rest counts per status and per UTC hour of where they land, rolled up to days in
 * the same statement when they land in more than 49 hours. Hours are binned with date_bin, plain
 * arithmetic on the instant (a date_trunc in UTC converted each row's time zone and cost twice
 * as much). The index (job_type, run_at, id, status) answers a type's filter without reading the
 * table (bench/dashboard.ts). Measured over 20,000 matching jobs of 200,000 on the embedded
 * PostgreSQL 18, a shared 2-core machine, median of 7: 21-24 ms, where counting alone (the
 * preview before it recorded anything) took 10-16 ms, recording a row per job about 400 ms, and
 * the same chunks cut with a row_number() window and four statements 40-90 ms.
 */
function recordPreview(db: Db, { id, actor, target, change, reason, now }: PreviewRecord): Promise<Group[]> {
  const applicable = applicableStatuses(change);
  const candidates = target.kind === "filter" ? [Prisma.sql`status = ANY(${[...applicable, "running"]}::job_status[])`] : [];
  const recordedIds = target.kind === "ids" ? Prisma.sql`SELECT DISTINCT unnest(${target.ids}::bigint[])` : Prisma.sql`SELECT id FROM matched`;
  const json = toJson(target, change);
  return db.$queryRaw<Group[]>`
    WITH expired AS (
      DELETE FROM bulk_operations
      WHERE status = 'previewed' AND created_at < ${now}::timestamptz - ${previewLifetimeMs}::float8 * interval '1 millisecond'
    ), matched AS MATERIALIZED (
      SELECT id, status, run_at FROM scheduled_jobs ${whereClause([...targetConditions(target), ...candidates])}
    ), sorted AS (
      SELECT array_agg(id ORDER BY id) AS ids FROM (${recordedIds}) AS counted(id)
    ), operation AS (
      INSERT INTO bulk_operations (id, actor_id, actor_email, action, target, change, reason, status, previewed, cursor, created_at, updated_at)
      SELECT ${id}, ${actor.id}, ${actor.email}, ${actionOf[change.kind]}, ${JSON.stringify(json.target)}::jsonb, ${JSON.stringify(json.change)}::jsonb,
             ${reason}, 'previewed', coalesce(cardinality(ids), 0), 0, ${now}, ${now}
      FROM sorted
    ), recorded AS (
      INSERT INTO bulk_operation_job_chunks (operation_id, last_job_id, job_ids)
      SELECT ${id}, ids[least(n * ${idsPerChunk}, cardinality(ids))], ids[(n - 1) * ${idsPerChunk} + 1 : n * ${idsPerChunk}]
      FROM sorted, generate_series(1, (cardinality(ids) + ${idsPerChunk - 1}) / ${idsPerChunk}) AS n
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
export async function previewBulk(db: Db, actor: Operator, input: BulkPreviewInput, now: Date): Promise<BulkPreview> {
  const { target, change, reason } = input;
  if (target.kind === "ids" && target.ids.length > maxSelectedIds) {
    throw new DulyError(ErrorCode.InvalidInput, `a selection may hold at most ${maxSelectedIds} jobs; use "everything matching the filter" instead`);
  }
  const id = randomUUID();
  const { other, ...summary } = summarise(await recordPreview(db, { id, actor, target, change, reason, now }), change);
  // A selection counts every id it names (one with no job is "not applicable"); a filter, what it matched.
  const notApplicable = target.kind === "ids" ? new Set(target.ids).size - summary.changing - summary.running : other;
  return { id, ...summary, notApplicable };
}
