// Optimistic concurrency for operator actions on one job (docs/decisions/0017). A page shows a
// job with its status and version; the action sends both back. Inside the action's transaction
// the row is locked and compared: if a tick claimed or finished it, or another operator changed
// it, since the page was rendered, the action is refused with StaleRecord and writes nothing.
//
// The version is the row's xmin: PostgreSQL gives every committed write of a row a new one, so
// every engine write (claim, finish, retry, lease renewal) and every operator write changes it,
// with no column to bump and no engine statement to remember.
import type { DbOrTx, Tx } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import type { JobStatus } from "../scheduler/index.ts";
import { describeLastChange } from "./job-last-change.ts";

/** What the operator's page showed (and the zone it shows times in, for the refusal's words). */
export interface SeenJob {
  status: JobStatus;
  version: string;
  zone?: string;
}

export interface LockedJob {
  id: bigint;
  jobType: string;
  status: JobStatus;
  runAt: Date;
  version: string;
}

/**
 * Locks job `jobId` for this transaction if it is still as `seen`; throws JobNotFound, or
 * StaleRecord when it changed or a tick holds it right now (SKIP LOCKED: never wait behind a
 * running handler, whose commit would change the job anyway).
 */
export async function lockJobAsSeen(tx: Tx, jobId: bigint, seen: SeenJob): Promise<LockedJob> {
  const [row] = await tx.$queryRaw<Array<{ id: bigint; job_type: string; status: JobStatus; run_at: Date; version: string }>>`
    SELECT id, job_type, status::text AS status, run_at, xmin::text AS version
    FROM scheduled_jobs WHERE id = ${jobId}
    FOR UPDATE SKIP LOCKED`;
  const zone = seen.zone ?? "UTC";
  if (!row) {
    const [exists] = await tx.$queryRaw<Array<{ status: string }>>`SELECT status::text AS status FROM scheduled_jobs WHERE id = ${jobId}`;
    if (!exists) throw new DulyError(ErrorCode.JobNotFound, `job ${jobId} does not exist (it may have been pruned)`);
    const latest = await describeLastChange(tx, jobId, zone);
    throw new DulyError(ErrorCode.StaleRecord, `job ${jobId} is being worked on right now (a tick is running it${latest ? `; ${latest}` : ""}); nothing was changed. Reload the page in a moment.`);
  }
  if (row.status !== seen.status || row.version !== seen.version) {
    const how = row.status !== seen.status ? `it was ${seen.status} on your page and is now ${row.status}` : "it was changed";
    // What happened and who did it, from the audit log, the job's runs and its cancellation.
    const latest = (await describeLastChange(tx, jobId, zone)) ?? "by a tick or another operator";
    throw new DulyError(ErrorCode.StaleRecord, `job ${jobId} changed since your page showed it: ${how} (${latest}). Nothing was changed; reload the page to see it as it is now.`);
  }
  return { id: row.id, jobType: row.job_type, status: row.status, runAt: row.run_at, version: row.version };
}

/** The current version of a job (for pages and tests), or null if there is no such job. */
export async function jobVersion(db: DbOrTx, jobId: bigint): Promise<SeenJob | null> {
  const [row] = await db.$queryRaw<Array<{ status: JobStatus; version: string }>>`
    SELECT status::text AS status, xmin::text AS version FROM scheduled_jobs WHERE id = ${jobId}`;
  return row ?? null;
}
