// webhooks.deliver: one attempt of one delivery (lib/webhooks/attempt-delivery.ts, decision 0029).
import { defineJob } from "../../lib/scheduler/index.ts";
import { attemptDelivery } from "../../lib/webhooks/attempt-delivery.ts";
import { deliveryJobDeclaration, deliveryLeaseMs } from "../../lib/webhooks/delivery-job.ts";
import { webhookOptions } from "../../lib/webhooks/options.ts";

export const deliverWebhookJob = defineJob({
  ...deliveryJobDeclaration,
  leaseMs: deliveryLeaseMs(webhookOptions().timeoutMs),
  handler: async ({ tx, payload, now }) => {
    await attemptDelivery(tx, payload, now);
  },
});
