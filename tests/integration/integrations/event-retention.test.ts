// The outbox's retention (jobs/prune-events.ts, lib/events/prune-events.ts): events and finished
// deliveries past DULY_EVENT_RETENTION_DAYS go, in batches with follow-ups; a pending delivery and
// the event it names stay whatever their age; the newest event stays so the sequencer keeps
// numbering after a reader's cursor. Driven by ticks at a chosen instant.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { recordEvent } from "../../../lib/events/record-event.ts";
import { sequenceEvents } from "../../../lib/events/sequence-events.ts";
import { listEvents } from "../../../lib/events/list-events.ts";
import { createEndpoint } from "../../../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../../../lib/webhooks/options.ts";
import { createCatalogue, schedule, tick } from "../../../lib/scheduler/index.ts";
import { pruneEventsJob } from "../../../jobs/index.ts";

const database = useTestDatabase();
const now = new Date("2027-05-10T12:00:00Z");
const day = 86_400_000;
const catalogue = createCatalogue([pruneEventsJob]);

beforeEach(async () => {
  setWebhookOptions({ allowPrivate: true });
  await emptyTables(database.db, ["events", "event_retention", "webhook_endpoints", "webhook_deliveries", "webhook_attempts", "scheduled_jobs", "job_runs"], { restartIdentity: true });
});

async function eventAt(bookingId: number, at: Date): Promise<void> {
  await database.db.$transaction((tx) =>
    recordEvent(tx, {
      type: "booking.requested", objectType: "booking", objectId: bookingId, orderingKey: `booking:${bookingId}`,
      data: { id: bookingId }, actor: `customer:${bookingId}`, audience: [`customer:${bookingId}`], at,
    }),
  );
}

async function prune(batchSize: number, rounds: number): Promise<void> {
  await database.db.$transaction((tx) =>
    schedule(tx, pruneEventsJob, { runAt: now, payload: { olderThanDays: 30, batchSize }, key: `prune-events-test:${batchSize}` }),
  );
  for (let round = 0; round < rounds; round++) await tick({ db: database.db, catalogue, now, budgetMs: 5_000, mode: "drain" });
}

const eventIds = async () => (await database.db.event.findMany({ orderBy: { id: "asc" }, select: { objectId: true } })).map((e) => e.objectId);

describe("maintenance.prune-events", () => {
  it("deletes old events and finished deliveries in batches; keeps pending deliveries, their events and young ones", async () => {
    const { endpoint } = await createEndpoint(database.db, "platform", { url: "http://127.0.0.1:9/hook", eventTypes: ["*"] }, new Date(now.getTime() - 60 * day));
    // Events 1–5 are 40 days old, 6 is 29 days old, 7 is new; every one has a delivery to the endpoint.
    for (let id = 1; id <= 5; id++) await eventAt(id, new Date(now.getTime() - 40 * day));
    await eventAt(6, new Date(now.getTime() - 29 * day));
    await eventAt(7, now);
    await sequenceEvents(database.db);
    // Event 3's delivery is still pending (being retried); 4's failed; the rest were delivered.
    await database.db.webhookDelivery.updateMany({ where: { endpointId: endpoint.id }, data: { status: "delivered", deliveredAt: now } });
    const deliveryOf = async (objectId: number) => (await database.db.webhookDelivery.findFirstOrThrow({ where: { event: { objectId } } })).id;
    await database.db.webhookDelivery.update({ where: { id: await deliveryOf(3) }, data: { status: "pending" } });
    await database.db.webhookDelivery.update({ where: { id: await deliveryOf(4) }, data: { status: "failed" } });
    await database.db.webhookAttempt.create({ data: { deliveryId: await deliveryOf(1), attemptedAt: now, ok: true, statusCode: 200, latencyMs: 5 } });

    // Batches of 2 over 4 prunable deliveries and events: a run, its follow-up, and one more that finds the rest.
    await prune(2, 4);

    expect(await eventIds()).toEqual([3, 6, 7]);
    const left = await database.db.webhookDelivery.findMany({ select: { event: { select: { objectId: true } }, status: true }, orderBy: { id: "asc" } });
    expect(left).toEqual([
      { event: { objectId: 3 }, status: "pending" },
      { event: { objectId: 6 }, status: "delivered" },
      { event: { objectId: 7 }, status: "delivered" },
    ]);
    expect(await database.db.webhookAttempt.count()).toBe(0); // event 1's attempt went with its delivery
    expect(await database.db.scheduledJob.count({ where: { jobType: pruneEventsJob.name, status: "succeeded" } })).toBeGreaterThanOrEqual(2);
    expect(await database.db.scheduledJob.count({ where: { jobType: pruneEventsJob.name, status: { not: "succeeded" } } })).toBe(0);
  });

  it("keeps the newest event, so a reader's cursor still sees what comes after a long quiet spell", async () => {
    for (let id = 1; id <= 3; id++) await eventAt(id, new Date(now.getTime() - 90 * day));
    const first = await listEvents(database.db, "platform", { after: 0n, limit: 10 });
    expect(first.data).toHaveLength(3);
    expect(first.nextCursor).toBe("3");

    await prune(100, 1);
    expect(await eventIds()).toEqual([3]); // all three are old; the newest position stays

    await eventAt(4, now);
    const next = await listEvents(database.db, "platform", { after: BigInt(first.nextCursor), limit: 10 });
    expect(next.data.map((e) => e.data)).toEqual([{ id: 4 }]);
  });

  it("leaves an event no sequencer has positioned yet", async () => {
    await eventAt(1, new Date(now.getTime() - 90 * day));
    await eventAt(2, new Date(now.getTime() - 90 * day));
    await sequenceEvents(database.db);
    await eventAt(3, new Date(now.getTime() - 90 * day)); // committed, not yet positioned
    await prune(100, 1);
    expect(await eventIds()).toEqual([2, 3]);
  });
});
