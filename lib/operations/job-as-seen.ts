// Optimistic concurrency for operator actions on one job (docs/decisions/0017). A page shows a
// job with its status and version; the action sends both back. Inside the action's transaction
// the engine locks the row (lib/scheduler/admin: lockJob) and this module compares: if a tick
// claimed or finished it, or another operator changed it, since the page was rendered, the
// action is refused with StaleRecord and writes nothing.
import type { Tx } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { lockJob, type JobStatus, type LockedJob } from "../scheduler/admin/index.ts";
import { describeLastChange } from "./job-last-change.ts";

export { jobVersion } from "../scheduler/admin/index.ts";
export type { LockedJob };

/** What the operator's page showed (and the zone it shows times in, for the refusal's words). */
export interface SeenJob {
  status: JobStatus;
  version: string;
  zone?: string;
}

/**
 * Locks job `jobId` for this transaction if it is still as `seen`; throws JobNotFound, or
 * StaleRecord when it changed or a tick holds it right now (the engine never waits behind a
 * running handler, whose commit would change the job anyway).
 */
export async function lockJobAsSeen(tx: Tx, jobId: bigint, seen: SeenJob): Promise<LockedJob> {
  const lock = await lockJob(tx, jobId);
  const zone = seen.zone ?? "UTC";
  if (lock.kind === "missing") throw new DulyError(ErrorCode.JobNotFound, `job ${jobId} does not exist (it may have been pruned)`);
  if (lock.kind === "busy") {
    const latest = await describeLastChange(tx, jobId, zone);
    throw new DulyError(ErrorCode.StaleRecord, `job ${jobId} is being worked on right now (a tick is running it${latest ? `; ${latest}` : ""}); nothing was changed. Reload the page in a moment.`);
  }
  const { job } = lock;
  if (job.status !== seen.status || job.version !== seen.version) {
    const how = job.status !== seen.status ? `it was ${seen.status} on your page and is now ${job.status}` : "it was changed";
    // What happened and who did it, from the audit log, the job's runs and its cancellation.
    const latest = (await describeLastChange(tx, jobId, zone)) ?? "by a tick or another operator";
    throw new DulyError(ErrorCode.StaleRecord, `job ${jobId} changed since your page showed it: ${how} (${latest}). Nothing was changed; reload the page to see it as it is now.`);
  }
  return job;
}
