// Everything the job page shows about one job, in two reads: the row (with its version, and the
// payload cut at a size a browser can show: a payload may be megabytes) and its attempts.
import type { DbOrTx } from "../../db/client.ts";
import { runsOfJob, type JobView, type RunView } from "../queries.ts";

/** Payloads longer than this (characters of JSON) are shown cut, with their full size. */
export const payloadShownChars = 20_000;

/** The engine's job view (its payload shown as text instead), and what only this page shows. */
export interface JobDetail extends Omit<JobView, "payload"> {
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  recurringName: string | null;
  lockedBy: string | null;
  leaseExpiresAt: Date | null;
  version: string;
  /** Pretty-printed JSON, or the first payloadShownChars characters of it when larger. */
  payloadText: string;
  payloadChars: number;
  payloadTruncated: boolean;
  runs: RunView[];
}

export async function findJobDetail(db: DbOrTx, jobId: bigint): Promise<JobDetail | null> {
  const [row] = await db.$queryRaw<Array<Omit<JobDetail, "runs" | "payloadTruncated" | "id"> & { id: bigint }>>`
    SELECT id, job_type AS "jobType", key, run_at AS "runAt", status::text AS status, attempts,
           max_attempts AS "maxAttempts", subject_type AS "subjectType", subject_id AS "subjectId",
           last_error AS "lastError", cancelled_by AS "cancelledBy", cancel_reason AS "cancelReason",
           cancelled_at AS "cancelledAt", finished_at AS "finishedAt", created_at AS "createdAt",
           updated_at AS "updatedAt", recurring_name AS "recurringName", locked_by AS "lockedBy",
           lease_expires_at AS "leaseExpiresAt", xmin::text AS version,
           length(payload::text) AS "payloadChars",
           -- Pretty-printing a huge payload only to cut it would cost the database for nothing.
           CASE WHEN length(payload::text) <= ${payloadShownChars}::int THEN jsonb_pretty(payload)
                ELSE left(payload::text, ${payloadShownChars}::int) END AS "payloadText"
    FROM scheduled_jobs WHERE id = ${jobId}`;
  if (!row) return null;
  const runs = await runsOfJob(db, jobId);
  return { ...row, id: row.id.toString(), payloadTruncated: row.payloadChars > payloadShownChars, runs };
}

/** A job's type and payload (to ask its type what the payload means), or null if there is no such job. */
export async function jobPayload(db: DbOrTx, jobId: bigint): Promise<{ jobType: string; payload: unknown } | null> {
  const [row] = await db.$queryRaw<Array<{ job_type: string; payload: unknown }>>`
    SELECT job_type, payload FROM scheduled_jobs WHERE id = ${jobId}`;
  return row ? { jobType: row.job_type, payload: row.payload } : null;
}
