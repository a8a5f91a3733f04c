// Recurring schedules as an operator's actions: pause, resume and run now (one extra occurrence,
// due now, through the engine), each with its audit entry in the same transaction. The
// schedules' list and the changes themselves are the engine's admin API (lib/scheduler/admin).
import type { Db } from "../db/client.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import type { Catalogue } from "../scheduler/index.ts";
import { runRecurringNow as runNow, setRecurringEnabled as setEnabled } from "../scheduler/admin/index.ts";

export async function setRecurringEnabled(db: Db, actor: AuditActor, { name, enabled, reason }: { name: string; enabled: boolean; reason?: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    await setEnabled(tx, name, enabled);
    await recordAudit(tx, {
      actor, action: enabled ? "recurring.resume" : "recurring.pause", recordType: "recurring_schedule", recordId: name,
      from: { enabled: !enabled }, to: { enabled }, reason,
    });
  });
}

/** Enqueues one occurrence of `name` due now; refused while an earlier run-now of it is still waiting or running. */
export async function runRecurringNow(db: Db, actor: AuditActor, catalogue: Catalogue, { name, now, reason }: { name: string; now: Date; reason?: string }): Promise<bigint> {
  return db.$transaction(async (tx) => {
    const jobId = await runNow(tx, catalogue, { name, now });
    await recordAudit(tx, {
      actor, action: "recurring.run_now", recordType: "recurring_schedule", recordId: name,
      to: { jobId: jobId.toString(), runAt: now.toISOString() }, reason,
    });
    return jobId;
  });
}
