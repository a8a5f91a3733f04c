// The dashboard's "find anything" box, engine side: jobs by id, by key prefix and by a value in
// their payload. Each read is bounded (`limit`): the search page lists matches, it does not page.
//   id            -> the primary key
//   key prefix    -> scheduled_jobs_key_pattern_idx (key text_pattern_ops)
//   payload @> x  -> a scan of scheduled_jobs (no GIN index: docs/dashboard.md, "Find anything",
//                    has the measurement that says one is not needed yet)
import type { DbOrTx } from "../../db/client.ts";

export interface FoundJob {
  id: string;
  jobType: string;
  key: string | null;
  status: string;
  runAt: Date;
  subjectType: string | null;
  subjectId: string | null;
}

/** A JSON object a payload must contain (jsonb @>): `{"bookingId": 42}` finds every job whose payload has bookingId 42. */
export type PayloadFragment = Record<string, unknown>;

type Row = Omit<FoundJob, "id"> & { id: bigint };

const shown = (rows: Row[]): FoundJob[] => rows.map((row) => ({ ...row, id: row.id.toString() }));

export async function jobById(db: DbOrTx, id: bigint): Promise<FoundJob | null> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT id, job_type AS "jobType", key, status::text AS status, run_at AS "runAt",
           subject_type AS "subjectType", subject_id AS "subjectId"
    FROM scheduled_jobs WHERE id = ${id}`;
  return shown(rows)[0] ?? null;
}

/** Jobs whose key starts with `prefix` (LIKE's wildcards taken literally), in key order. */
export async function jobsByKeyPrefix(db: DbOrTx, prefix: string, limit: number): Promise<FoundJob[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.$queryRaw<Row[]>`
    SELECT id, job_type AS "jobType", key, status::text AS status, run_at AS "runAt",
           subject_type AS "subjectType", subject_id AS "subjectId"
    FROM scheduled_jobs WHERE key LIKE ${pattern} ORDER BY key LIMIT ${limit}`;
  return shown(rows);
}

/** Jobs whose payload contains `fragment` (jsonb containment), newest first. */
export async function jobsByPayload(db: DbOrTx, fragment: PayloadFragment, limit: number): Promise<FoundJob[]> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT id, job_type AS "jobType", key, status::text AS status, run_at AS "runAt",
           subject_type AS "subjectType", subject_id AS "subjectId"
    FROM scheduled_jobs WHERE payload @> ${JSON.stringify(fragment)}::jsonb ORDER BY id DESC LIMIT ${limit}`;
  return shown(rows);
}
