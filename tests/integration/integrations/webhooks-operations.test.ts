// The dashboard's webhooks page (issue 14): endpoints in trouble first, deliveries with their
// attempts, and the operator's replay refused when the endpoint changed since the page showed it.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { recordEvent } from "../../../lib/events/record-event.ts";
import type { EventObjectType, EventType } from "../../../lib/events/event-types.ts";
import { createEndpoint } from "../../../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../../../lib/webhooks/options.ts";
import { replayAsOperator, setEnabledAsOperator, webhooksOverview } from "../../../lib/operations/webhooks.ts";

const database = useTestDatabase();
const t0 = new Date("2027-03-01T09:00:00Z");
const olga = { id: "u1", email: "olga@duly.test" };

beforeEach(async () => {
  setWebhookOptions({ allowPrivate: true });
  await emptyTables(database.db, ["events", "webhook_endpoints", "webhook_deliveries", "webhook_attempts", "audit_entries", "scheduled_jobs"], { restartIdentity: true });
});

describe("the webhooks page's reads and actions", () => {
  it("lists disabled, then failing, then healthy endpoints; replays with an audit entry; refuses a stale page", async () => {
    const healthy = (await createEndpoint(database.db, "platform", { url: "http://127.0.0.1:9/a", eventTypes: ["*"] }, t0)).endpoint;
    const failing = (await createEndpoint(database.db, "platform", { url: "http://127.0.0.1:9/b", eventTypes: ["*"] }, t0)).endpoint;
    const disabled = (await createEndpoint(database.db, "platform", { url: "http://127.0.0.1:9/c", eventTypes: ["*"] }, t0)).endpoint;
    await database.db.webhookEndpoint.update({ where: { id: failing.id }, data: { consecutiveFailures: 3, failingSince: t0 } });
    await setEnabledAsOperator(database.db, olga, { endpointId: disabled.id, enabled: false, seenStatus: "enabled", reason: "receiver retired", now: t0 });
    await database.db.$transaction((tx) =>
      recordEvent(tx, { type: "booking.requested", objectType: "booking", objectId: 1, orderingKey: "booking:1", data: { id: 1 }, actor: "customer:1", audience: ["customer:1"], at: t0 }),
    );
    const overview = await webhooksOverview(database.db);
    expect(overview.map((e) => e.id)).toEqual([disabled.id, failing.id, healthy.id]);
    expect(overview[2]!.deliveries).toHaveLength(1);
    const eventId = BigInt(overview[2]!.deliveries[0]!.eventId);

    await replayAsOperator(database.db, olga, { endpointId: healthy.id, eventId, seenStatus: "enabled", now: t0 });
    expect(await database.db.webhookDelivery.count({ where: { endpointId: healthy.id, replay: true } })).toBe(1);
    expect(await database.db.auditEntry.count({ where: { action: "webhook.replay", actorEmail: olga.email } })).toBe(1);

    // The page showed it enabled; it was disabled since: nothing is done, and the operator is told why.
    await expect(replayAsOperator(database.db, olga, { endpointId: disabled.id, eventId, seenStatus: "enabled", now: t0 })).rejects.toThrow(
      /changed since your page showed it: it was disabled \(receiver retired\)/,
    );
    await expect(setEnabledAsOperator(database.db, olga, { endpointId: disabled.id, enabled: false, seenStatus: "enabled", reason: "again", now: t0 })).rejects.toThrow(/changed since/);
    expect(await database.db.webhookDelivery.count({ where: { endpointId: disabled.id } })).toBe(0);
  });

  it("links each delivery to its event's record and to the job that sends it", async () => {
    const endpoint = (await createEndpoint(database.db, "platform", { url: "http://127.0.0.1:9/a", eventTypes: ["*"] }, t0)).endpoint;
    const record = (type: EventType, objectType: EventObjectType, objectId: number, orderingKey: string) =>
      database.db.$transaction((tx) => recordEvent(tx, { type, objectType, objectId, orderingKey, data: { id: objectId }, actor: "system:test", audience: [], at: t0 }));
    await record("booking.paid", "booking", 203, "booking:203");
    await record("dispute.opened", "dispute", 12, "booking:203");
    await record("auction.closed", "auction", 5, "auction:5");
    await record("auction.bid_placed", "bid", 9, "auction:5");

    const [first] = await webhooksOverview(database.db);
    const byType = new Map(first!.deliveries.map((d) => [d.eventType, d]));
    expect(byType.get("booking.paid")!.object).toEqual({ label: "booking 203", href: "/bookings/203" });
    expect(byType.get("dispute.opened")!.object).toEqual({ label: "dispute 12", href: "/disputes/12" });
    // An auction has no page of its own: its jobs.
    expect(byType.get("auction.closed")!.object).toEqual({ label: "auction 5", href: "/jobs?subject=auction%3A5" });
    // A bid has neither a page nor jobs: its auction's, which orders its events.
    expect(byType.get("auction.bid_placed")!.object).toEqual({ label: "bid 9", href: "/jobs?subject=auction%3A5" });
    // First attempts go out through the endpoint's pump (decision 0044): its jobs.
    expect(byType.get("booking.paid")!.job).toEqual({ label: "pump jobs", href: `/jobs?subject=${encodeURIComponent(`webhook-endpoint:${endpoint.id}`)}` });

    // A replay has a delivery job of its own: that job.
    const paid = byType.get("booking.paid")!;
    const { deliveryId } = await replayAsOperator(database.db, olga, { endpointId: endpoint.id, eventId: BigInt(paid.eventId), seenStatus: "enabled", now: t0 });
    const job = await database.db.scheduledJob.findFirstOrThrow({ where: { subjectType: "webhook-delivery", subjectId: deliveryId } });
    const [again] = await webhooksOverview(database.db);
    const replay = again!.deliveries.find((d) => d.id === deliveryId)!;
    expect(replay.object).toEqual({ label: "booking 203", href: "/bookings/203" });
    expect(replay.job).toEqual({ label: `job ${job.id}`, href: `/jobs/${job.id}` });
  });
});
