// An endpoint's pump (decision 0044): an event's fan-out schedules one webhooks.deliver job per
// endpoint and transaction, which sends that endpoint's pending first attempts in batches, in
// order per object, and makes sure another pump follows while any wait. Retries stay jobs of
// their own; a failing endpoint's waiting deliveries are sent once it recovers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createCatalogue, tick } from "../../../lib/scheduler/index.ts";
import { deliverWebhookJob } from "../../../jobs/webhooks/deliver.ts";
import { recordEvent, recordEvents, type EventInput } from "../../../lib/events/record-event.ts";
import { pumpBatchSize } from "../../../lib/webhooks/attempt-deliveries.ts";
import { createEndpoint } from "../../../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../../../lib/webhooks/options.ts";
import { startReceiver, type Receiver } from "../../fixtures/webhook-receiver.ts";

const database = useTestDatabase();
const catalogue = createCatalogue([deliverWebhookJob]);
const t0 = new Date("2027-05-03T09:00:00Z");
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  setWebhookOptions({ allowPrivate: true, timeoutMs: 15_000, batchAnswerMs: 5_000, disableAfterMs: 3 * 24 * 3_600_000 });
});
afterAll(async () => {
  setWebhookOptions(undefined);
  await receiver.close();
});
beforeEach(async () => {
  await emptyTables(database.db, ["events", "webhook_endpoints", "webhook_deliveries", "webhook_attempts", "audit_entries", "scheduled_jobs", "job_runs"], { restartIdentity: true });
  receiver.received.length = 0;
});

async function register(path: string) {
  const { endpoint, secret } = await createEndpoint(database.db, "platform", { url: receiver.url(path), eventTypes: ["*"] }, t0);
  receiver.secrets.set(path, [secret]);
  return { endpoint, secret };
}

const event = (objectId: number, type: EventInput["type"] = "booking.requested", at = t0): EventInput => ({
  type, objectType: "booking", objectId, orderingKey: `booking:${objectId}`, data: { id: objectId, type }, actor: "system:test", audience: [], at,
});

async function tickAt(now: Date) {
  const summary = await tick({ db: database.db, catalogue, now, budgetMs: 600_000, concurrency: 1 });
  if (summary.errors.length > 0) throw new Error(summary.errors.join("; "));
  return summary;
}

const deliveryJobs = () => database.db.$queryRaw<Array<{ key: string | null; status: string; payload: Record<string, unknown> }>>`
  SELECT key, status::text AS status, payload FROM scheduled_jobs WHERE job_type = 'webhooks.deliver' ORDER BY id`;

describe("webhook pumps", () => {
  it("one pump per endpoint and transaction, however many calls record events; concurrent transactions do not wait for each other", async () => {
    await register("/ok");
    await database.db.$transaction(async (tx) => {
      await recordEvent(tx, event(1));
      await recordEvent(tx, event(2));
      // Another transaction records while this one is open: its pump's key is its own, so it
      // does not wait for this commit (it would time out here, holding this one open).
      await database.db.$transaction((other) => recordEvent(other, event(3)), { timeout: 5_000, maxWait: 5_000 });
      await recordEvents(tx, [event(4), event(5)]);
    }, { timeout: 20_000 });
    const jobs = await deliveryJobs();
    expect(jobs.map((j) => j.payload)).toEqual([{ endpointId: 1, pump: true }, { endpointId: 1, pump: true }]);
    expect(await database.db.webhookDelivery.count()).toBe(5);
    await tickAt(t0);
    expect(receiver.received.map((r) => Number(r.objectId)).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
  }, 60_000);

  it("sends a backlog larger than a batch through pumps that follow each other, in order per object, each delivery once", async () => {
    await register("/ok");
    const backlog = pumpBatchSize + 5;
    await database.db.$transaction((tx) => recordEvents(tx, [
      event(1), event(1, "booking.accepted"),
      ...Array.from({ length: backlog - 3 }, (_, i) => event(100 + i)),
      event(1, "booking.paid"),
    ]), { timeout: 20_000 });
    await tickAt(t0);
    const deliveries = await database.db.webhookDelivery.findMany();
    expect(deliveries.filter((d) => d.status === "delivered" && d.attempts === 1)).toHaveLength(backlog);
    expect(await database.db.webhookAttempt.count()).toBe(backlog);
    expect(receiver.received).toHaveLength(backlog);
    expect(receiver.received.filter((r) => Number(r.objectId) === 1).map((r) => r.type)).toEqual(["booking.requested", "booking.accepted", "booking.paid"]);
    // The fan-out's pump, then one pump per further turn: no job per delivery.
    const jobs = await deliveryJobs();
    expect(jobs.every((j) => j.status === "succeeded" && j.payload.pump === true)).toBe(true);
    expect(jobs.length).toBeLessThanOrEqual(4);
  }, 60_000);

  it("a failing endpoint: deliveries recorded meanwhile wait for its probe and are sent once it recovers, each attempt recorded", async () => {
    const { endpoint, secret } = await register("/fail");
    receiver.secrets.set("/ok", [secret]);
    await database.db.$transaction((tx) => recordEvents(tx, [event(1), event(2)]));
    await tickAt(t0);
    expect((await database.db.webhookAttempt.findMany()).map((a) => a.ok)).toEqual([false, false]);
    // Recorded while the endpoint backs off: its pump sends nothing, and no job of its own waits for it.
    const later = new Date(t0.getTime() + 1_000);
    await database.db.$transaction((tx) => recordEvent(tx, event(3, "booking.requested", later)));
    await tickAt(later);
    expect(await database.db.webhookAttempt.count()).toBe(2);
    // The receiver is fixed; the probe (a failed delivery's next attempt) lands, and a pump sends the rest.
    await database.db.$executeRaw`UPDATE webhook_endpoints SET url = ${receiver.url("/ok")} WHERE id = ${endpoint.id}`;
    await tickAt(new Date(t0.getTime() + 3_600_000));
    const deliveries = await database.db.webhookDelivery.findMany({ orderBy: { id: "asc" } });
    expect(deliveries.map((d) => [d.status, d.attempts])).toEqual([["delivered", 2], ["delivered", 2], ["delivered", 1]]);
    expect(await database.db.webhookAttempt.count()).toBe(5);
    expect(receiver.received.filter((r) => r.path === "/ok").map((r) => Number(r.objectId)).sort()).toEqual([1, 2, 3]);
    const [healthy] = await database.db.webhookEndpoint.findMany();
    expect(healthy).toMatchObject({ status: "enabled", consecutiveFailures: 0, failingSince: null, retryAt: null });
  }, 60_000);
});
