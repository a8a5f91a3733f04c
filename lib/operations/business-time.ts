// Job types bound to their business time (JobDefinition.businessTime, docs/decisions/0020): a
// deadline's job acts at a business instant (the booking's event time), not at its run time. An
// operator who runs one now, retries it, or moves it earlier does not make it act earlier: its
// run finds the instant has not come and defers the job to it, spending no attempt. This module
// says so before the operator confirms (the job page, the bulk preview) and in the audit entry.
// The catalogue is handed in by the caller (lib never imports jobs/).
import type { DbOrTx } from "../db/client.ts";
import type { Catalogue } from "../scheduler/index.ts";
import { jobPayload } from "../scheduler/admin/index.ts";

/** What this module needs of the catalogue: a job type's definition by name. */
export type JobTypes = Pick<Catalogue, "get">;

export interface BusinessTimeNotice {
  jobType: string;
  /** The instant in words: "the booking's event time". */
  instant: string;
  /** When the job will act, as the business records say now; null when that cannot be known. */
  at: Date | null;
}

/** The notice for a job of `jobType` with `payload`, or null when the type is not bound to a business time. */
export async function businessTimeNotice(db: DbOrTx, jobTypes: JobTypes, jobType: string, payload: unknown): Promise<BusinessTimeNotice | null> {
  const definition = jobTypes.get(jobType);
  if (!definition?.businessTime) return null;
  const parsed = definition.payload.safeParse(payload);
  const at = parsed.success ? await definition.businessTime.dueAt(db, parsed.data) : null;
  return { jobType, instant: definition.businessTime.instant, at };
}

/** The notice for job `jobId` (one read of its type and payload, only when the type is bound). */
export async function businessTimeOfJob(db: DbOrTx, jobTypes: JobTypes, jobId: bigint, jobType?: string): Promise<BusinessTimeNotice | null> {
  if (jobType !== undefined && !jobTypes.get(jobType)?.businessTime) return null;
  const job = await jobPayload(db, jobId);
  return job ? businessTimeNotice(db, jobTypes, job.jobType, job.payload) : null;
}

/**
 * Whether a run at `runAt` comes before the business instant. When the instant cannot be known:
 * whether it is earlier than `current` (the job's run time now), or, without one, that it may be.
 */
export function runsBeforeBusinessTime(notice: BusinessTimeNotice, runAt: Date, current?: Date): boolean {
  if (notice.at) return runAt < notice.at;
  return current === undefined || runAt < current;
}

/** What the audit entry and the action's outcome say of a run before the business instant. */
export function businessTimeStatement(notice: BusinessTimeNotice): string {
  const when = notice.at ? `${notice.instant}, ${notice.at.toISOString()}` : notice.instant;
  return `bound to its business time (${when}): it acts then, not earlier; a run before it defers the job to it without spending an attempt`;
}

/**
 * For an action that makes job `jobId` (of `jobType`) run at `runAt`: the audit entry's
 * `businessTime` field, or nothing when the type is not bound or `runAt` is not before its
 * instant (see runsBeforeBusinessTime for `current`).
 */
export async function businessTimeAudit(
  db: DbOrTx, jobTypes: JobTypes | undefined, job: { id: bigint; jobType: string; current?: Date }, runAt: Date,
): Promise<{ businessTime?: string }> {
  if (!jobTypes) return {};
  const notice = await businessTimeOfJob(db, jobTypes, job.id, job.jobType);
  return notice && runsBeforeBusinessTime(notice, runAt, job.current) ? { businessTime: businessTimeStatement(notice) } : {};
}
