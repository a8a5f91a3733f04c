// Job types as operators see them: how many jobs of each are in each status, the oldest one
// waiting, recent failures, and the incident switch: pause (every tick skips the type's due
// jobs; they stay pending with their run times) and resume. Both audited.
import type { Db, DbOrTx, Tx } from "../db/client.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { describeLastAudit } from "./audit-last-change.ts";

export interface JobTypePauseView {
  jobType: string;
  pausedAt: Date;
  pausedBy: string;
  reason: string;
}

export async function pausedJobTypes(db: DbOrTx): Promise<string[]> {
  return (await db.jobTypePause.findMany({ select: { jobType: true } })).map((p) => p.jobType);
}

export async function jobTypePauses(db: DbOrTx): Promise<JobTypePauseView[]> {
  return db.jobTypePause.findMany({ orderBy: { jobType: "asc" } });
}

/**
 * Pauses `jobType`, which must be one this deployment defines (`knownTypes`, the catalogue's
 * names) or one with jobs in the table: a forged or mistyped name ("demo.pnig") is refused
 * rather than recorded as a pause that protects nothing while the page says "paused".
 */
/** Who last switched `jobType`, and when, in `zone`, for a refusal ("Olga Ops paused it at …"). */
async function lastSwitch(tx: Tx, jobType: string, zone = "UTC"): Promise<string> {
  const latest = await describeLastAudit(tx, { type: "job_type", id: jobType }, zone);
  return latest ? ` (${latest})` : "";
}

export async function pauseJobType(
  db: Db,
  actor: AuditActor,
  { jobType, reason, zone }: { jobType: string; reason: string; zone?: string },
  knownTypes: readonly string[] = [],
): Promise<void> {
  await db.$transaction(async (tx) => {
    if (!knownTypes.includes(jobType)) {
      const [row] = await tx.$queryRaw<Array<{ found: boolean }>>`SELECT EXISTS (SELECT 1 FROM scheduled_jobs WHERE job_type = ${jobType}) AS found`;
      if (!row?.found) throw new DulyError(ErrorCode.InvalidInput, `there is no job type named ${jobType}; nothing was changed`);
    }
    const inserted = await tx.$executeRaw`
      INSERT INTO job_type_pauses (job_type, paused_by, reason) VALUES (${jobType}, ${actor.email}, ${reason})
      ON CONFLICT (job_type) DO NOTHING`;
    if (inserted === 0) throw new DulyError(ErrorCode.StaleRecord, `${jobType} is already paused${await lastSwitch(tx, jobType, zone)}; nothing was changed`);
    await recordAudit(tx, { actor, action: "job_type.pause", recordType: "job_type", recordId: jobType, from: { paused: false }, to: { paused: true }, reason });
  });
}

export async function resumeJobType(db: Db, actor: AuditActor, { jobType, reason, zone }: { jobType: string; reason?: string; zone?: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    const deleted = await tx.$executeRaw`DELETE FROM job_type_pauses WHERE job_type = ${jobType}`;
    if (deleted === 0) {
      const latest = await lastSwitch(tx, jobType, zone);
      throw new DulyError(ErrorCode.StaleRecord, `${jobType} is not paused${latest || " (someone resumed it already)"}; nothing was changed`);
    }
    await recordAudit(tx, { actor, action: "job_type.resume", recordType: "job_type", recordId: jobType, from: { paused: true }, to: { paused: false }, reason });
  });
}

export interface JobTypeStats {
  jobType: string;
  counts: Record<"pending" | "running" | "succeeded" | "dead" | "cancelled", number>;
  /** Run time of the oldest pending job that is due (null: nothing waiting). */
  oldestDue: Date | null;
  failures24h: number;
  paused: JobTypePauseView | null;
}

/**
 * Per type, every status counted. One grouped scan of scheduled_jobs: fine on the job types
 * page (seconds-old numbers are good enough, and it is not on the overview's hot path).
 */
export async function jobTypeStats(db: DbOrTx, now: Date, knownTypes: string[]): Promise<JobTypeStats[]> {
  const counts = await db.$queryRaw<Array<{ job_type: string; status: string; n: number }>>`
    SELECT job_type, status::text AS status, count(*)::int AS n FROM scheduled_jobs GROUP BY job_type, status`;
  const oldest = await db.$queryRaw<Array<{ job_type: string; oldest: Date }>>`
    SELECT job_type, min(run_at) AS oldest FROM scheduled_jobs
    WHERE status = 'pending' AND run_at <= ${now} GROUP BY job_type`;
  const failures = await db.$queryRaw<Array<{ job_type: string; n: number }>>`
    SELECT j.job_type, count(*)::int AS n
    FROM job_runs r JOIN scheduled_jobs j ON j.id = r.job_id
    WHERE r.started_at >= ${now}::timestamptz - interval '24 hours' AND r.outcome IN ('failed', 'dead', 'lost', 'lease_lost')
    GROUP BY j.job_type`;
  const pauses = await jobTypePauses(db);
  const types = new Set([...knownTypes, ...counts.map((c) => c.job_type), ...pauses.map((p) => p.jobType)]);
  return [...types].sort().map((jobType) => {
    const of = (status: string) => counts.find((c) => c.job_type === jobType && c.status === status)?.n ?? 0;
    return {
      jobType,
      counts: { pending: of("pending"), running: of("running"), succeeded: of("succeeded"), dead: of("dead"), cancelled: of("cancelled") },
      oldestDue: oldest.find((o) => o.job_type === jobType)?.oldest ?? null,
      failures24h: failures.find((f) => f.job_type === jobType)?.n ?? 0,
      paused: pauses.find((p) => p.jobType === jobType) ?? null,
    };
  });
}
