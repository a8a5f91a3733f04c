// The incident switch as an operator's action: pause a job type (every tick skips its due jobs;
// they stay pending with their run times) or resume it, each with its audit entry in the same
// transaction. The switch itself, and the job types page's figures, are the engine's admin API
// (lib/scheduler/admin); a refusal because someone already switched it says who and when.
import type { Db, Tx } from "../db/client.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { DulyError, ErrorCode, isDulyError } from "../errors.ts";
import { pauseJobType as pause, resumeJobType as resume } from "../scheduler/admin/index.ts";
import { describeLastAudit } from "./audit-last-change.ts";

/** Who last switched `jobType`, and when, in `zone`, for a refusal ("Olga Ops paused it at …"). */
async function lastSwitch(tx: Tx, jobType: string, zone = "UTC"): Promise<string | null> {
  return describeLastAudit(tx, { type: "job_type", id: jobType }, zone);
}

/**
 * Pauses `jobType`, which must be one this deployment defines (`knownTypes`, the catalogue's
 * names) or one with jobs in the table (the engine refuses a forged or mistyped name).
 */
export async function pauseJobType(
  db: Db,
  actor: AuditActor,
  { jobType, reason, zone }: { jobType: string; reason: string; zone?: string },
  knownTypes: readonly string[] = [],
): Promise<void> {
  await db.$transaction(async (tx) => {
    try {
      await pause(tx, { jobType, pausedBy: actor.email, reason }, knownTypes);
    } catch (error) {
      if (!isDulyError(error, ErrorCode.StaleRecord)) throw error;
      const latest = await lastSwitch(tx, jobType, zone);
      throw new DulyError(ErrorCode.StaleRecord, `${jobType} is already paused${latest ? ` (${latest})` : ""}; nothing was changed`);
    }
    await recordAudit(tx, { actor, action: "job_type.pause", recordType: "job_type", recordId: jobType, from: { paused: false }, to: { paused: true }, reason });
  });
}

export async function resumeJobType(db: Db, actor: AuditActor, { jobType, reason, zone }: { jobType: string; reason?: string; zone?: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    try {
      await resume(tx, jobType);
    } catch (error) {
      if (!isDulyError(error, ErrorCode.StaleRecord)) throw error;
      const latest = await lastSwitch(tx, jobType, zone);
      throw new DulyError(ErrorCode.StaleRecord, `${jobType} is not paused (${latest ?? "someone resumed it already"}); nothing was changed`);
    }
    await recordAudit(tx, { actor, action: "job_type.resume", recordType: "job_type", recordId: jobType, from: { paused: true }, to: { paused: false }, reason });
  });
}
