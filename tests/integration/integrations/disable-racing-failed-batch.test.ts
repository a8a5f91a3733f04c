// Disabling an endpoint while a batch (a pump, decision 0044) is sending to it, and the receiver
// then fails: the batch holds the delivery's row while the receiver answers, so the disable skips
// that delivery (lock order, lib/webhooks/endpoint-lock.ts) and leaves it to the batch, which must
// end it failed when it records the failure (failedInBatch, then failed()). Whichever commits
// first: the endpoint disabled, the delivery failed with its one attempt counted, no next attempt.
//
// Deterministic, two interleavings, each however long the machine takes to get there:
// - the disable commits while the receiver holds its answer, then the receiver answers 500;
// - the disable holds the endpoint's row, uncommitted, when the receiver answers 500; the batch is
//   seen waiting for that row, then the disable commits.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { startFailingReceiver, untilArrived, type FailingReceiver } from "../../helpers/failing-receiver.ts";
import { backendPid, untilBlockedBy } from "../../helpers/lock-waits.ts";
import { recordEvents } from "../../../lib/events/record-event.ts";
import { pumpEndpoints } from "../../../lib/webhooks/attempt-deliveries.ts";
import { createEndpoint, setEndpointEnabled } from "../../../lib/webhooks/endpoints.ts";
import { setWebhookOptions, webhookOptions } from "../../../lib/webhooks/options.ts";
import { jobsOfSubjects } from "../../../lib/scheduler/admin/index.ts";
import type { Tx } from "../../../lib/db/client.ts";

const database = useTestDatabase();
const now = new Date("2027-05-10T12:00:00Z");
const operator = { id: "op-1", email: "olga@ops.test" };

let receiver: FailingReceiver;
let url: string;

beforeAll(async () => {
  receiver = await startFailingReceiver();
  url = `${receiver.origin}/hook`;
});
afterAll(async () => {
  setWebhookOptions(undefined);
  await receiver.close();
});
beforeEach(async () => {
  // The batch waits for the answer as long as the handler would: no receiver here is "slow", the
  // test decides when it answers.
  setWebhookOptions({ allowPrivate: true, timeoutMs: 120_000, batchAnswerMs: 120_000, disableAfterMs: 3 * 86_400_000 });
  await emptyTables(database.db, ["events", "webhook_endpoints", "webhook_deliveries", "webhook_attempts", "audit_entries"], { restartIdentity: true });
});

/** An endpoint with one delivery pending, and a pump sending it, held by the receiver. */
async function aBatchSending(): Promise<{ endpointId: number; deliveryId: bigint; batch: Promise<void> }> {
  const { endpoint } = await createEndpoint(database.db, "platform", { url, eventTypes: ["*"] }, now);
  await database.db.$transaction((tx) =>
    recordEvents(tx, [{ type: "booking.requested", objectType: "booking", objectId: 1, orderingKey: "booking:1", data: { id: 1 }, actor: "customer:1", audience: ["customer:1"], at: now }]),
  );
  const delivery = await database.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
  const arrived = receiver.nextArrival();
  const batch = database.db.$transaction((tx) => pumpEndpoints(tx, [endpoint.id], now, webhookOptions()));
  // The batch holds its delivery's row and waits for the receiver (or failed before sending).
  await untilArrived(arrived, batch, "the batch");
  return { endpointId: endpoint.id, deliveryId: delivery.id, batch };
}

const disable = (tx: Tx, endpointId: number) => setEndpointEnabled(tx, null, endpointId, false, now, operator, "racing a failing batch");

async function expectDisabledAndEnded(endpointId: number, deliveryId: bigint): Promise<void> {
  const endpoint = await database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
  const delivery = await database.db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
  const attempts = await database.db.webhookAttempt.findMany({ where: { deliveryId } });
  const open = (await jobsOfSubjects(database.db, [{ type: "webhook-delivery", id: deliveryId.toString() }])).filter((job) => job.status === "pending");
  expect({ endpoint: endpoint.status, delivery: delivery.status, counted: delivery.attempts, recorded: attempts.map((a) => a.statusCode), open }).toEqual({
    endpoint: "disabled", delivery: "failed", counted: 1, recorded: [500], open: [],
  });
}

describe("disabling an endpoint while a batch's failing delivery to it is recorded", () => {
  it("the disable commits while the receiver holds its answer: the batch ends the delivery failed, no next attempt", async () => {
    for (let round = 0; round < 3; round++) {
      const { endpointId, deliveryId, batch } = await aBatchSending();
      try {
        // The disable does not wait for the batch: it skips the delivery the batch holds.
        await database.db.$transaction((tx) => disable(tx, endpointId));
      } finally {
        receiver.release();
      }
      await batch;
      await expectDisabledAndEnded(endpointId, deliveryId);
    }
  });

  it("the disable holds the endpoint when the receiver fails: the batch waits for it, then ends the delivery failed", async () => {
    for (let round = 0; round < 3; round++) {
      const { endpointId, deliveryId, batch } = await aBatchSending();
      let go!: (proceed: boolean) => void;
      const decided = new Promise<boolean>((resolve) => (go = resolve));
      let lockedBy!: (pid: number) => void;
      const holding = new Promise<number>((resolve) => (lockedBy = resolve));
      const disabling = database.db.$transaction(async (tx) => {
        const pid = await backendPid(tx);
        await disable(tx, endpointId);
        lockedBy(pid);
        if (!(await decided)) throw new Error("rolled back: the test did not get the interleaving it set up");
      });
      try {
        const disablePid = await Promise.race([holding, disabling.then(() => Promise.reject(new Error("the disable ended before it held the endpoint")))]);
        receiver.release();
        await untilBlockedBy(database.db, disablePid, batch, disabling);
      } catch (error) {
        go(false);
        receiver.release();
        await Promise.allSettled([disabling, batch]);
        throw error;
      }
      go(true);
      await disabling;
      await batch;
      await expectDisabledAndEnded(endpointId, deliveryId);
    }
  });
});
