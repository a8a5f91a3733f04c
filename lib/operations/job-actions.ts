// The operator's actions on one job: reschedule, cancel, run now, retry a dead job. Each one, in
// one transaction: lock the job as the operator's page saw it (job-as-seen.ts), ask the engine
// to make the change (it checks the status the change applies to), and write the audit entry.
// Any refusal rolls all three back.
import type { Db } from "../db/client.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { cancel, reschedule, retry, runNow } from "../scheduler/index.ts";
import { formatInZone } from "../time/zoned-time.ts";
import { lockJobAsSeen } from "./job-as-seen.ts";
import type { CancelInput, RescheduleInput, RetryInput, RunNowInput } from "./inputs.ts";

export interface ActionOutcome {
  /** What happened, for the operator: "moved to ...", "cancelled when its running attempt ends". */
  message: string;
}

const record = (id: bigint) => ({ recordType: "scheduled_job", recordId: id.toString() });

export async function rescheduleJob(db: Db, actor: AuditActor, input: RescheduleInput): Promise<ActionOutcome> {
  return db.$transaction(async (tx) => {
    const job = await lockJobAsSeen(tx, input.jobId, input);
    const { outcome } = await reschedule(tx, input.jobId, input.when);
    await recordAudit(tx, {
      actor,
      action: "job.reschedule",
      ...record(input.jobId),
      from: { runAt: job.runAt.toISOString(), status: job.status },
      to: { runAt: input.when.toISOString() },
      reason: input.reason,
    });
    const when = formatInZone(input.when, input.zone ?? "UTC");
    return { message: outcome === "moved" ? `moved to ${when}` : `its running attempt continues; a retry, if any, runs at ${when}` };
  });
}

export async function cancelJob(db: Db, actor: AuditActor, input: CancelInput, now: Date): Promise<ActionOutcome> {
  return db.$transaction(async (tx) => {
    const job = await lockJobAsSeen(tx, input.jobId, input);
    const { outcome } = await cancel(tx, input.jobId, { actor: actor.email, reason: input.reason, now });
    await recordAudit(tx, {
      actor,
      action: "job.cancel",
      ...record(input.jobId),
      from: { status: job.status },
      to: { status: outcome === "cancelled" ? "cancelled" : "cancelled when its attempt ends" },
      reason: input.reason,
    });
    return { message: outcome === "cancelled" ? "cancelled" : "it is running: cancelled when this attempt ends, unless it succeeds" };
  });
}

export async function runJobNow(db: Db, actor: AuditActor, input: RunNowInput, now: Date): Promise<ActionOutcome> {
  return db.$transaction(async (tx) => {
    const job = await lockJobAsSeen(tx, input.jobId, input);
    await runNow(tx, input.jobId, now);
    await recordAudit(tx, {
      actor,
      action: "job.run_now",
      ...record(input.jobId),
      from: { runAt: job.runAt.toISOString() },
      to: { runAt: now.toISOString() },
      reason: input.reason,
    });
    return { message: "due now: the next tick runs it" };
  });
}

export async function retryDeadJob(db: Db, actor: AuditActor, input: RetryInput, now: Date): Promise<ActionOutcome> {
  return db.$transaction(async (tx) => {
    const job = await lockJobAsSeen(tx, input.jobId, input);
    await retry(tx, input.jobId, now);
    await recordAudit(tx, {
      actor,
      action: "job.retry",
      ...record(input.jobId),
      from: { status: job.status },
      to: { status: "pending", runAt: now.toISOString() },
      reason: input.reason,
    });
    return { message: "back to pending with one more attempt: the next tick runs it" };
  });
}
