// Recurring schedules as an operator's actions: pause, resume and run now (one extra occurrence,
// due now, through the engine), each with its audit entry in the same transaction. The
// schedules' list and the changes themselves are the engine's admin API (lib/scheduler/admin);
// a refusal because someone already did it says who and when, from the audit log.
import type { Db, Tx } from "../db/client.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { DulyError, ErrorCode, isDulyError } from "../errors.ts";
import type { Catalogue } from "../scheduler/index.ts";
import { runRecurringNow as runNow, setRecurringEnabled as setEnabled } from "../scheduler/admin/index.ts";
import { describeLastAudit } from "./audit-last-change.ts";

/**
 * Runs an engine change; when the engine refuses it because the schedule is already so, the
 * refusal names the latest operator action on the schedule: "… (Olga Ops paused it at …); nothing
 * was changed".
 */
async function sayingWhoChangedIt<T>(tx: Tx, name: string, zone: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!isDulyError(error, ErrorCode.StaleRecord)) throw error;
    const latest = await describeLastAudit(tx, { type: "recurring_schedule", id: name }, zone);
    if (!latest) throw error;
    throw new DulyError(ErrorCode.StaleRecord, error.message.replace(/; nothing was changed$/, ` (${latest}); nothing was changed`));
  }
}

export async function setRecurringEnabled(
  db: Db,
  actor: AuditActor,
  { name, enabled, reason, zone = "UTC" }: { name: string; enabled: boolean; reason?: string; zone?: string },
): Promise<void> {
  await db.$transaction(async (tx) => {
    await sayingWhoChangedIt(tx, name, zone, () => setEnabled(tx, name, enabled));
    await recordAudit(tx, {
      actor, action: enabled ? "recurring.resume" : "recurring.pause", recordType: "recurring_schedule", recordId: name,
      from: { enabled: !enabled }, to: { enabled }, reason,
    });
  });
}

/** Enqueues one occurrence of `name` due now; refused while an earlier run-now of it is still waiting or running. */
export async function runRecurringNow(
  db: Db,
  actor: AuditActor,
  catalogue: Catalogue,
  { name, now, reason, zone = "UTC" }: { name: string; now: Date; reason?: string; zone?: string },
): Promise<bigint> {
  return db.$transaction(async (tx) => {
    const jobId = await sayingWhoChangedIt(tx, name, zone, () => runNow(tx, catalogue, { name, now }));
    await recordAudit(tx, {
      actor, action: "recurring.run_now", recordType: "recurring_schedule", recordId: name,
      to: { jobId: jobId.toString(), runAt: now.toISOString() }, reason,
    });
    return jobId;
  });
}
