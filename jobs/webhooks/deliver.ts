// webhooks.deliver: one attempt of one delivery (lib/webhooks/attempt-delivery.ts, decision 0029);
// the deliveries a lane claims together are sent concurrently as a batch (attempt-deliveries.ts,
// decision 0035), and those the batch leaves run this handler, one at a time. A delivery claimed
// alone tries the batch's way first (decision 0040). An event's fan-out schedules one job per
// endpoint instead, a pump, which sends that endpoint's pending first attempts (decision 0044).
import { defineJob } from "../../lib/scheduler/index.ts";
import { attemptDeliveries, attemptDeliveryAsBatch, pumpEndpoints } from "../../lib/webhooks/attempt-deliveries.ts";
import { attemptDelivery } from "../../lib/webhooks/attempt-delivery.ts";
import { deliveryJobDeclaration, deliveryLeaseMs, isPump } from "../../lib/webhooks/delivery-job.ts";
import { webhookOptions } from "../../lib/webhooks/options.ts";

export const deliverWebhookJob = defineJob({
  ...deliveryJobDeclaration,
  leaseMs: deliveryLeaseMs(webhookOptions().timeoutMs),
  handler: async ({ tx, job, payload, now }) => {
    if (isPump(payload)) return pumpEndpoints(tx, [payload.endpointId], now);
    if (await attemptDeliveryAsBatch(tx, { ...job, payload }, now)) return;
    await attemptDelivery(tx, payload, now);
  },
  handleMany: ({ tx, jobs, now }) => attemptDeliveries(tx, jobs, now),
});
