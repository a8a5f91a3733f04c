// The operator's actions on one job: reschedule, cancel, run now, retry a dead job. Each one, in
// one transaction: lock the job as the operator's page saw it (job-as-seen.ts), ask the engine
// to make the change (it checks the status the change applies to), and write the audit entry.
// Any refusal rolls all three back.
//
// Given the catalogue (`jobTypes`), an action that makes a job bound to its business time run
// before that instant (run now, retry, reschedule earlier) says so in its outcome and its audit
// entry: the job will not act early, it waits until its instant (business-time.ts, decision 0020).
import type { Db } from "../db/client.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { cancel, reschedule, retry, runNow } from "../scheduler/index.ts";
import { formatInZone } from "../time/zoned-time.ts";
import { businessTimeAudit, type JobTypes } from "./business-time.ts";
import { lockJobAsSeen } from "./job-as-seen.ts";
import type { CancelInput, RescheduleInput, RetryInput, RunNowInput } from "./inputs.ts";

export interface ActionOutcome {
  /** What happened, for the operator: "moved to ...", "cancelled when its running attempt ends". */
  message: string;
}

const record = (id: bigint) => ({ recordType: "scheduled_job", recordId: id.toString() });

/**
 * The outcome's message, with what the audit entry says of the business time when it applies.
 * The audit entry keeps instants in UTC (ISO); the operator reads them in their display zone.
 */
function withBusinessTime(message: string, note: { businessTime?: string }, zone = "UTC"): string {
  if (!note.businessTime) return message;
  const inZone = note.businessTime.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, (iso) => formatInZone(new Date(iso), zone));
  return `${message} (${inZone})`;
}

export async function rescheduleJob(db: Db, actor: AuditActor, input: RescheduleInput, jobTypes?: JobTypes): Promise<ActionOutcome> {
  return db.$transaction(async (tx) => {
    const job = await lockJobAsSeen(tx, input.jobId, input);
    const { outcome } = await reschedule(tx, input.jobId, input.when);
    const earlier = await businessTimeAudit(tx, jobTypes, { id: input.jobId, jobType: job.jobType, current: job.runAt }, input.when);
    await recordAudit(tx, {
      actor,
      action: "job.reschedule",
      ...record(input.jobId),
      from: { runAt: job.runAt.toISOString(), status: job.status },
      to: { runAt: input.when.toISOString(), ...earlier },
      reason: input.reason,
    });
    const when = formatInZone(input.when, input.zone ?? "UTC");
    const message = outcome === "moved" ? `moved to ${when}` : `its running attempt continues; a retry, if any, runs at ${when}`;
    return { message: withBusinessTime(message, earlier, input.zone) };
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
    // A sentence the page shows as it is (the other actions' messages follow a "Rescheduled: " prefix).
    return { message: outcome === "cancelled" ? "Cancelled" : "Cancelled when its running attempt ends, unless that attempt succeeds" };
  });
}

export async function runJobNow(db: Db, actor: AuditActor, input: RunNowInput, now: Date, jobTypes?: JobTypes): Promise<ActionOutcome> {
  return db.$transaction(async (tx) => {
    const job = await lockJobAsSeen(tx, input.jobId, input);
    await runNow(tx, input.jobId, now);
    const early = await businessTimeAudit(tx, jobTypes, { id: input.jobId, jobType: job.jobType }, now);
    await recordAudit(tx, {
      actor,
      action: "job.run_now",
      ...record(input.jobId),
      from: { runAt: job.runAt.toISOString() },
      to: { runAt: now.toISOString(), ...early },
      reason: input.reason,
    });
    return { message: withBusinessTime("due now: the next tick runs it", early, input.zone) };
  });
}

export async function retryDeadJob(db: Db, actor: AuditActor, input: RetryInput, now: Date, jobTypes?: JobTypes): Promise<ActionOutcome> {
  return db.$transaction(async (tx) => {
    const job = await lockJobAsSeen(tx, input.jobId, input);
    await retry(tx, input.jobId, now);
    const early = await businessTimeAudit(tx, jobTypes, { id: input.jobId, jobType: job.jobType }, now);
    await recordAudit(tx, {
      actor,
      action: "job.retry",
      ...record(input.jobId),
      from: { status: job.status },
      to: { status: "pending", runAt: now.toISOString(), ...early },
      reason: input.reason,
    });
    return { message: withBusinessTime("back to pending with one more attempt: the next tick runs it", early, input.zone) };
  });
}
