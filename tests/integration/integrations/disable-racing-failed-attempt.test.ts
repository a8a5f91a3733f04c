// Disabling an endpoint while a failing delivery attempt to it is being recorded: the attempt held
// its delivery's row while the receiver answered, then wanted the endpoint's row to record the
// failure; the disable held the endpoint's row and wanted the delivery's row to end it failed.
// PostgreSQL broke the cycle by failing one of them (40P01 deadlock_detected: a 500 for the API's
// disable, or a retried attempt). Both must finish: the endpoint disabled, the delivery failed with
// its attempt recorded, no next attempt scheduled.
//
// Deterministic: the receiver holds its answer until the disable is seen waiting for a lock the
// attempt holds (or has finished), however long that takes, then answers 500.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { startFailingReceiver, untilArrived, type FailingReceiver } from "../../helpers/failing-receiver.ts";
import { backendPid, blockedOrSettled } from "../../helpers/lock-waits.ts";
import { recordEvents } from "../../../lib/events/record-event.ts";
import { attemptDelivery } from "../../../lib/webhooks/attempt-delivery.ts";
import { createEndpoint, setEndpointEnabled } from "../../../lib/webhooks/endpoints.ts";
import { setWebhookOptions, webhookOptions } from "../../../lib/webhooks/options.ts";
import { jobsOfSubjects } from "../../../lib/scheduler/admin/index.ts";

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
  setWebhookOptions({ allowPrivate: true, timeoutMs: 120_000 });
  await emptyTables(database.db, ["events", "webhook_endpoints", "webhook_deliveries", "webhook_attempts", "audit_entries"], { restartIdentity: true });
});

describe("disabling an endpoint while its failing attempt is recorded", () => {
  it("both finish, in either order of arrival: disabled, the delivery failed with its attempt, no next attempt", async () => {
    for (let round = 0; round < 3; round++) {
      await emptyTables(database.db, ["events", "webhook_endpoints", "webhook_deliveries", "webhook_attempts", "audit_entries"], { restartIdentity: true });
      const { endpoint } = await createEndpoint(database.db, "platform", { url, eventTypes: ["*"] }, now);
      await database.db.$transaction((tx) =>
        recordEvents(tx, [{ type: "booking.requested", objectType: "booking", objectId: 1, orderingKey: "booking:1", data: { id: 1 }, actor: "customer:1", audience: ["customer:1"], at: now }]),
      );
      const delivery = await database.db.webhookDelivery.findFirstOrThrow();
      const arrived = receiver.nextArrival();
      let attemptPid!: number;
      // No transaction timeout but the test database's, and a receiver timeout as long: the
      // receiver answers when the test says so, however slow the machine is to get there.
      const attempt = database.db.$transaction(async (tx) => {
        attemptPid = await backendPid(tx);
        return attemptDelivery(tx, { deliveryId: delivery.id.toString(), round: "0" }, now, { ...webhookOptions(), disableAfterMs: 3 * 86_400_000 });
      });
      let disabled: Promise<unknown> = Promise.resolve("not started");
      try {
        // The attempt holds its delivery's row and waits for the receiver (or failed before sending).
        await untilArrived(arrived, attempt, "the attempt");
        disabled = database.db
          .$transaction((tx) => setEndpointEnabled(tx, null, endpoint.id, false, now, operator, "racing a failing attempt"))
          .then(() => "done" as const, (error: unknown) => error);
        // The disable either waits for a lock the attempt holds, or finishes without one.
        await blockedOrSettled(database.db, attemptPid, disabled, attempt);
      } finally {
        // Whatever happened, the attempt is not left holding its delivery until a timeout.
        receiver.release();
      }
      const outcomes = await Promise.allSettled([attempt, disabled]);
      expect({ round, attempt: outcomes[0].status, disable: outcomes[1].status === "fulfilled" ? outcomes[1].value : outcomes[1].reason }).toEqual({
        round, attempt: "fulfilled", disable: "done",
      });
      const after = await database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      expect(after.status).toBe("disabled");
      const ended = await database.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
      expect(ended.status).toBe("failed");
      expect(await database.db.webhookAttempt.count({ where: { deliveryId: delivery.id } })).toBe(1);
      const open = (await jobsOfSubjects(database.db, [{ type: "webhook-delivery", id: delivery.id.toString() }])).filter((job) => job.status === "pending");
      expect(open).toEqual([]);
    }
  });
});
