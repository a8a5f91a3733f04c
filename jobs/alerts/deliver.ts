// alerts.deliver: send one alert notification to its webhook or mailbox (lib/alerts/deliver.ts).
import { defineJob } from "../../lib/scheduler/index.ts";
import { deliverJobDeclaration, deliverLeaseMs } from "../../lib/alerts/alert-jobs.ts";
import { deliverAlert } from "../../lib/alerts/deliver.ts";
import { alertOptions } from "../../lib/alerts/options.ts";

export const deliverAlertJob = defineJob({
  ...deliverJobDeclaration,
  leaseMs: deliverLeaseMs(alertOptions().sendTimeoutMs),
  handler: async ({ tx, payload, now }) => {
    await deliverAlert(tx, BigInt(payload.notificationId), now);
  },
});
