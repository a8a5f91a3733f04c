// One job locked for an operator's change, with the version the operator's page compares
// (docs/decisions/0017). The version is the row's xmin: PostgreSQL gives every committed write
// of a row a new one, so every engine write (claim, finish, retry, lease renewal) and every
// operator write changes it, with no column to bump and no engine statement to remember.
import type { DbOrTx, Tx } from "../../db/client.ts";
import type { JobStatus } from "../queries.ts";

export interface LockedJob {
  id: bigint;
  jobType: string;
  status: JobStatus;
  runAt: Date;
  version: string;
}

/** What the lock found: the job, locked; a job a tick (or another writer) holds right now; no job. */
export type JobLock = { kind: "locked"; job: LockedJob } | { kind: "busy" } | { kind: "missing" };

/**
 * Locks job `jobId` for the rest of `tx`. SKIP LOCKED: never waits behind a running handler,
 * whose commit would change the job anyway; the caller is told it is busy instead.
 */
export async function lockJob(tx: Tx, jobId: bigint): Promise<JobLock> {
  const [row] = await tx.$queryRaw<Array<{ id: bigint; job_type: string; status: JobStatus; run_at: Date; version: string }>>`
    SELECT id, job_type, status::text AS status, run_at, xmin::text AS version
    FROM scheduled_jobs WHERE id = ${jobId}
    FOR UPDATE SKIP LOCKED`;
  if (row) return { kind: "locked", job: { id: row.id, jobType: row.job_type, status: row.status, runAt: row.run_at, version: row.version } };
  const [exists] = await tx.$queryRaw<Array<{ id: bigint }>>`SELECT id FROM scheduled_jobs WHERE id = ${jobId}`;
  return exists ? { kind: "busy" } : { kind: "missing" };
}

/** The current status and version of a job (what a page shows and sends back), or null if there is no such job. */
export async function jobVersion(db: DbOrTx, jobId: bigint): Promise<{ status: JobStatus; version: string } | null> {
  const [row] = await db.$queryRaw<Array<{ status: JobStatus; version: string }>>`
    SELECT status::text AS status, xmin::text AS version FROM scheduled_jobs WHERE id = ${jobId}`;
  return row ?? null;
}
