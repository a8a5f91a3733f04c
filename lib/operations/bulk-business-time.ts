// The bulk preview's warning about jobs bound to their business time (business-time.ts,
// docs/decisions/0020): which of the jobs a shift or a move takes earlier than they are now will
// not act early, per type, with when the first few will act. Writes nothing.
import type { DbOrTx } from "../db/client.ts";
import type { Catalogue } from "../scheduler/index.ts";
import { jobsMovedEarlier, type BulkChange, type BulkTarget } from "../scheduler/admin/index.ts";
import { businessTimeNotice, type JobTypes } from "./business-time.ts";

export interface BulkBusinessTimeWarning {
  /** Bound jobs the change moves earlier. */
  jobs: number;
  types: Array<{ jobType: string; instant: string; jobs: number }>;
  /** The first few of them (by id), with when each will act (null: cannot be known). */
  examples: Array<{ jobId: string; jobType: string; at: Date | null }>;
}

/** Null when the change moves no pending job of a bound type earlier (a cancel never does). */
export async function previewBulkBusinessTime(
  db: DbOrTx,
  jobTypes: JobTypes & Pick<Catalogue, "all">,
  target: BulkTarget,
  change: BulkChange,
  examples = 5,
): Promise<BulkBusinessTimeWarning | null> {
  const bound = jobTypes.all().filter((d) => d.businessTime).map((d) => d.name);
  const earlier = await jobsMovedEarlier(db, target, change, bound, examples);
  if (earlier.perType.length === 0) return null;
  // The business instants read for the few examples only, one small read each.
  const withInstants: BulkBusinessTimeWarning["examples"] = [];
  for (const job of earlier.first) {
    const notice = await businessTimeNotice(db, jobTypes, job.jobType, job.payload);
    withInstants.push({ jobId: job.id.toString(), jobType: job.jobType, at: notice?.at ?? null });
  }
  return {
    jobs: earlier.perType.reduce((sum, t) => sum + t.jobs, 0),
    types: earlier.perType.map((t) => ({ jobType: t.jobType, instant: jobTypes.get(t.jobType)?.businessTime?.instant ?? "its business time", jobs: t.jobs })),
    examples: withInstants,
  };
}
