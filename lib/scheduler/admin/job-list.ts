// The jobs table's one query: filter (type, status, time window, business record, key prefix),
// order by run time, one page by keyset. Keyset rather than OFFSET: page 2,000 of a million jobs
// costs what page 1 does (an OFFSET reads and throws away every row before it).
//
// Indexes that serve it (migrations 20261203000000_operator_dashboard and
// 20261204000100_dashboard_index_only_scans), checked with EXPLAIN on 1,000,000 rows
// (bench/dashboard.ts):
//   no filter            -> scheduled_jobs_run_at_id_idx (run_at, id)
//   status               -> scheduled_jobs_status_run_at_id_job_type_idx (status, run_at, id, job_type)
//   type                 -> scheduled_jobs_job_type_run_at_id_status_idx (job_type, run_at, id, status)
//   type and status      -> scheduled_jobs_job_type_status_run_at_id_idx (job_type, status, run_at, id),
//                           written as row comparisons on those columns (typeAndStatusBounds below)
//   business record      -> scheduled_jobs_subject_type_subject_id_idx, then a sort of its few jobs
//   key prefix           -> scheduled_jobs_key_pattern_idx (key text_pattern_ops)
import type { DbOrTx } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import type { JobStatus, JobView } from "../queries.ts";

export interface JobListFilter {
  jobType?: string;
  status?: JobStatus;
  /** run_at >= from */
  from?: Date;
  /** run_at < to */
  to?: Date;
  subject?: { type: string; id: string };
  /** Jobs whose key starts with this. */
  keyPrefix?: string;
}

export type SortDirection = "asc" | "desc";

/** A position in the (run_at, id) order: the last row of one page, the first of the next. */
export interface JobCursor {
  runAt: Date;
  id: bigint;
}

export interface JobListQuery extends JobListFilter {
  direction: SortDirection;
  pageSize: number;
  /** Rows after this position in `direction` order (next page). */
  after?: JobCursor;
  /** Rows before this position (previous page). */
  before?: JobCursor;
}

/** The engine's job view, without what a list row does not show. */
export type JobListRow = Omit<JobView, "payload" | "cancelledBy" | "cancelReason" | "finishedAt">;

export interface JobListPage {
  rows: JobListRow[];
  /** Cursor for the next page, if there are rows after this one. */
  next: JobCursor | null;
  /** Cursor for the previous page, if this is not the first. */
  previous: JobCursor | null;
}

/** Escapes LIKE's wildcards so a key prefix matches literally. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE conditions of a filter (shared by the page, the count and bulk actions). */
export function jobFilterConditions(filter: JobListFilter): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filter.jobType !== undefined) conditions.push(Prisma.sql`job_type = ${filter.jobType}`);
  if (filter.status !== undefined) conditions.push(Prisma.sql`status = ${filter.status}::job_status`);
  if (filter.from !== undefined) conditions.push(Prisma.sql`run_at >= ${filter.from}`);
  if (filter.to !== undefined) conditions.push(Prisma.sql`run_at < ${filter.to}`);
  if (filter.subject !== undefined) conditions.push(Prisma.sql`subject_type = ${filter.subject.type} AND subject_id = ${filter.subject.id}`);
  if (filter.keyPrefix !== undefined) conditions.push(Prisma.sql`key LIKE ${likePrefix(filter.keyPrefix)}`);
  return conditions;
}

export function whereClause(conditions: Prisma.Sql[]): Prisma.Sql {
  return conditions.length === 0 ? Prisma.empty : Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}`;
}

/**
 * Position conditions written as `run_at >= x AND (run_at > x OR id > y)` rather than a row
 * comparison, so the run_at bound is an index condition on every index above.
 */
function positionCondition(cursor: JobCursor, forward: boolean): Prisma.Sql {
  return forward
    ? Prisma.sql`run_at >= ${cursor.runAt} AND (run_at > ${cursor.runAt} OR id > ${cursor.id})`
    : Prisma.sql`run_at <= ${cursor.runAt} AND (run_at < ${cursor.runAt} OR id < ${cursor.id})`;
}

/**
 * A type AND status page's whole range as two row comparisons on (job_type, status, run_at[, id]):
 * between (type, status, lower) and (type, status, upper) lie exactly that type's jobs in that
 * status inside the window, after (or before) the cursor. Why not `job_type = t AND status = s`
 * and the run_at conditions (decision 0043): with those, the planner may walk the status-first
 * index (status, run_at, ...) and filter the type, as it costs both about the same (it assumes a
 * type's jobs are spread evenly over time and credits the status column's physical correlation).
 * A backlog of another type at the window's start is then read and thrown away on every page:
 * 57.7 ms busy p95 for a 0.2 ms page (bench/RESULTS.md). Row comparisons over those columns are
 * an index range only on the index that leads with them, and the order (job_type, status,
 * run_at, id) is one only it gives, so no other index is a cheap plan (the engine's claims do
 * the same, lib/scheduler/sql/pending-of-type.ts). Whichever of the cursor and the window is
 * tighter is the bound: two row comparisons on one side would leave btree to start at either.
 */
function typeAndStatusBounds(jobType: string, status: JobStatus, query: JobListQuery, forwardInIndex: boolean): Prisma.Sql[] {
  const cursor = query.before ?? query.after;
  const prefix = Prisma.sql`${jobType}::text, ${status}::job_status`;
  const lower =
    cursor && forwardInIndex && (query.from === undefined || cursor.runAt >= query.from)
      ? Prisma.sql`(job_type, status, run_at, id) > (${prefix}, ${cursor.runAt}::timestamptz, ${cursor.id}::bigint)`
      : query.from !== undefined
        ? Prisma.sql`(job_type, status, run_at) >= (${prefix}, ${query.from}::timestamptz)`
        : Prisma.sql`(job_type, status, run_at) >= (${prefix}, '-infinity'::timestamptz)`;
  const upper =
    cursor && !forwardInIndex && (query.to === undefined || cursor.runAt < query.to)
      ? Prisma.sql`(job_type, status, run_at, id) < (${prefix}, ${cursor.runAt}::timestamptz, ${cursor.id}::bigint)`
      : query.to !== undefined
        ? Prisma.sql`(job_type, status, run_at) < (${prefix}, ${query.to}::timestamptz)`
        : Prisma.sql`(job_type, status, run_at) <= (${prefix}, 'infinity'::timestamptz)`;
  return [lower, upper];
}

/**
 * The statement of one page: the rows in the order read (a previous page is read backwards),
 * pageSize + 1 of them to know whether there are more. Exported for the bench's EXPLAIN.
 */
export function jobListSql(query: JobListQuery): Prisma.Sql {
  const ascending = query.direction === "asc";
  // Reading backwards (previous page) walks the order the other way; listJobs flips the rows.
  const forwardInIndex = ascending !== (query.before !== undefined);
  const direction = forwardInIndex ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  let conditions: Prisma.Sql[];
  let order: Prisma.Sql;
  if (query.jobType !== undefined && query.status !== undefined) {
    conditions = [
      ...jobFilterConditions({ subject: query.subject, keyPrefix: query.keyPrefix }),
      ...typeAndStatusBounds(query.jobType, query.status, query, forwardInIndex),
    ];
    // The same order as (run_at, id) here (type and status are fixed), spelled as the index's.
    // Qualified: a bare `status` would be the output column (status::text), an order no index has.
    order = Prisma.sql`ORDER BY scheduled_jobs.job_type ${direction}, scheduled_jobs.status ${direction}, run_at ${direction}, id ${direction}`;
  } else {
    conditions = jobFilterConditions(query);
    const cursor = query.before ?? query.after;
    if (cursor) conditions.push(positionCondition(cursor, forwardInIndex));
    order = Prisma.sql`ORDER BY run_at ${direction}, id ${direction}`;
  }
  return Prisma.sql`
    SELECT id, job_type AS "jobType", key, run_at AS "runAt", status::text AS status, attempts,
           max_attempts AS "maxAttempts", subject_type AS "subjectType", subject_id AS "subjectId",
           left(last_error, 300) AS "lastError"
    FROM scheduled_jobs
    ${whereClause(conditions)}
    ${order}
    LIMIT ${query.pageSize + 1}`;
}

export async function listJobs(db: DbOrTx, query: JobListQuery): Promise<JobListPage> {
  const backwards = query.before !== undefined;
  const cursor = query.before ?? query.after;
  const rows = await db.$queryRaw<Array<Omit<JobListRow, "id"> & { id: bigint }>>`${jobListSql(query)}`;
  const more = rows.length > query.pageSize;
  const page = rows.slice(0, query.pageSize);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const at = (row: { runAt: Date; id: bigint }): JobCursor => ({ runAt: row.runAt, id: row.id });
  return {
    rows: page.map((row) => ({ ...row, id: row.id.toString() })),
    next: last && (backwards || more) ? at(last) : null,
    previous: first && (backwards ? more : cursor !== undefined) ? at(first) : null,
  };
}

/** How many jobs match, counted up to `cap` (an exact count of a million rows is not worth its cost). */
export async function countJobs(db: DbOrTx, filter: JobListFilter, cap = 10_000): Promise<{ count: number; capped: boolean }> {
  const [row] = await db.$queryRaw<Array<{ count: number }>>`
    SELECT count(*)::int AS count FROM (SELECT 1 FROM scheduled_jobs ${whereClause(jobFilterConditions(filter))} LIMIT ${cap + 1}) capped`;
  const count = row?.count ?? 0;
  return { count: Math.min(count, cap), capped: count > cap };
}

/** Every job type that has rows, for the filter's choices (distinct over the type index). */
export async function jobTypesInUse(db: DbOrTx): Promise<string[]> {
  // A recursive "loose index scan": one index probe per type instead of reading every row.
  const rows = await db.$queryRaw<Array<{ job_type: string }>>`
    WITH RECURSIVE types AS (
      (SELECT job_type FROM scheduled_jobs ORDER BY job_type LIMIT 1)
      UNION ALL
      SELECT (SELECT job_type FROM scheduled_jobs WHERE job_type > t.job_type ORDER BY job_type LIMIT 1)
      FROM types t WHERE t.job_type IS NOT NULL
    )
    SELECT job_type FROM types WHERE job_type IS NOT NULL`;
  return rows.map((r) => r.job_type);
}

/** Every job in one of `statuses`, counted exactly (a script's summary; pages count with a cap). */
export async function countJobsInStatuses(db: DbOrTx, statuses: JobStatus[]): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ count: number }>>`
    SELECT count(*)::int AS count FROM scheduled_jobs WHERE status = ANY(${statuses}::job_status[])`;
  return row?.count ?? 0;
}
