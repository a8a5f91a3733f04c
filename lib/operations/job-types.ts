// The incident switch as an operator's action: pause a job type (every tick skips its due jobs;
// they stay pending with their run times) or resume it, each with its audit entry in the same
// transaction. The switch itself, and the job types page's figures, are the engine's admin API
// (lib/scheduler/admin).
import type { Db } from "../db/client.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { pauseJobType as pause, resumeJobType as resume } from "../scheduler/admin/index.ts";

/**
 * Pauses `jobType`, which must be one this deployment defines (`knownTypes`, the catalogue's
 * names) or one with jobs in the table (the engine refuses a forged or mistyped name).
 */
export async function pauseJobType(db: Db, actor: AuditActor, { jobType, reason }: { jobType: string; reason: string }, knownTypes: readonly string[] = []): Promise<void> {
  await db.$transaction(async (tx) => {
    await pause(tx, { jobType, pausedBy: actor.email, reason }, knownTypes);
    await recordAudit(tx, { actor, action: "job_type.pause", recordType: "job_type", recordId: jobType, from: { paused: false }, to: { paused: true }, reason });
  });
}

export async function resumeJobType(db: Db, actor: AuditActor, { jobType, reason }: { jobType: string; reason?: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    await resume(tx, jobType);
    await recordAudit(tx, { actor, action: "job_type.resume", recordType: "job_type", recordId: jobType, from: { paused: true }, to: { paused: false }, reason });
  });
}
