// The alerts' two job types as declarations (decision 0010's pattern): lib schedules deliveries,
// the catalogue (jobs/alerts/) gives both their handlers.
//   alerts.evaluate: every minute (a recurring schedule), judges the conditions and, on a
//     change, writes the notifications and schedules their deliveries in its own transaction.
//   alerts.deliver: sends one notification to one destination; a refusal throws, so the
//     engine's retries and backoff apply, and the job's runs keep every error.
import { z } from "zod";
import type { Tx } from "../db/client.ts";
import { defineJob, scheduleMany, type JobDefinition } from "../scheduler/index.ts";

export const evaluateJobName = "alerts.evaluate";
export const deliverJobName = "alerts.deliver";

export const evaluateJobDeclaration = {
  name: evaluateJobName,
  version: 1,
  payload: z.object({}),
  // A missed minute is caught up by the next; no point retrying an old judgement for long.
  retry: { maxAttempts: 2, backoffBaseMs: 5_000, backoffMaxMs: 30_000 },
  isolation: "group" as const,
  // One judge at a time: two evaluations at once would both see the same change and both alert.
  maxRunning: 1,
};

export const deliverPayload = z.object({
  /** alert_notifications.id (a bigint, as text). */
  notificationId: z.string().regex(/^[1-9][0-9]{0,18}$/),
});

export const deliverJobDeclaration = {
  name: deliverJobName,
  version: 1,
  payload: deliverPayload,
  // 10 s doubling to 30 min over 8 attempts: a chat or mail outage of about an hour and a half
  // is ridden out; after that the job is dead, and the alerts page says so.
  retry: { maxAttempts: 8, backoffBaseMs: 10_000, backoffMaxMs: 1_800_000 },
  // Alone: the handler holds its transaction while the destination answers (up to the timeout).
  isolation: "alone" as const,
  maxRunning: 2,
};

/** The lease: the destination's timeout, plus room for the transaction around it. */
export function deliverLeaseMs(timeoutMs: number): number {
  return timeoutMs + 20_000;
}

export const notificationSubjectType = "alert-notification";

let standIn: JobDefinition<typeof deliverPayload> | undefined;
function schedulable(): JobDefinition<typeof deliverPayload> {
  standIn ??= defineJob({
    ...deliverJobDeclaration,
    handler: async () => {
      throw new Error(`${deliverJobName}: the declaration's stand-in handler ran; the catalogue must supply the handler`);
    },
  });
  return standIn;
}

/** One delivery job per notification, due now, in the caller's transaction (keyed: a repeat is a no-op). */
export async function scheduleAlertDeliveries(tx: Tx, notificationIds: Array<bigint | string>, runAt: Date): Promise<void> {
  if (notificationIds.length === 0) return;
  await scheduleMany(
    tx,
    schedulable(),
    notificationIds.map((id) => ({
      runAt,
      payload: { notificationId: String(id) },
      key: `${deliverJobName}:${id}`,
      subject: { type: notificationSubjectType, id: String(id) },
    })),
  );
}
