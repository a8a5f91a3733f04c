// /api/v1/webhook-endpoints (issue 14, item 2): register (the secret shown once), rotate (both
// secrets sign for a while), see deliveries with every attempt, replay; another owner's
// endpoint answers as one that does not exist.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { callRoute, newKey, useAppDatabase, type RouteHandler } from "../../helpers/api.ts";
import { GET as listRoute, POST as createRoute } from "../../../app/api/v1/webhook-endpoints/route.ts";
import { GET as getRoute } from "../../../app/api/v1/webhook-endpoints/[endpointId]/route.ts";
import { POST as rotateRoute } from "../../../app/api/v1/webhook-endpoints/[endpointId]/rotate-secret/route.ts";
import { POST as disableRoute } from "../../../app/api/v1/webhook-endpoints/[endpointId]/disable/route.ts";
import { POST as enableRoute } from "../../../app/api/v1/webhook-endpoints/[endpointId]/enable/route.ts";
import { GET as deliveriesRoute } from "../../../app/api/v1/webhook-endpoints/[endpointId]/deliveries/route.ts";
import { POST as replayRoute } from "../../../app/api/v1/webhook-endpoints/[endpointId]/replay/route.ts";
import { createCatalogue, tick } from "../../../lib/scheduler/index.ts";
import { deliverWebhookJob } from "../../../jobs/webhooks/deliver.ts";
import { requestBooking } from "../../../lib/marketplace/index.ts";
import { setWebhookOptions } from "../../../lib/webhooks/options.ts";
import { verifyWebhookSignature } from "../../../lib/webhooks/signing.ts";
import { at, day, registerPeople, truncateMarket, type People } from "../../fixtures/marketplace.ts";
import { startReceiver, type Receiver } from "../../fixtures/webhook-receiver.ts";

const database = useTestDatabase();
useAppDatabase(database);
const catalogue = createCatalogue([deliverWebhookJob]);
const t0 = new Date("2027-03-01T09:00:00Z");
let receiver: Receiver;
let people: People;
let appKey: string;
const call = (route: unknown, path: string, init: { body?: unknown; params?: Record<string, string>; actingAs?: string; key?: string } = {}) =>
  callRoute(route as RouteHandler, { path, key: init.key ?? appKey, body: init.body, params: init.params, actingAs: init.actingAs });

beforeAll(async () => {
  receiver = await startReceiver();
  setWebhookOptions({ allowPrivate: true, timeoutMs: 2_000 });
});
afterAll(async () => {
  setWebhookOptions(undefined);
  await receiver.close();
});
beforeEach(async () => {
  await truncateMarket(database.db);
  await emptyTables(database.db, ["events", "webhook_endpoints", "webhook_deliveries", "webhook_attempts"], { restartIdentity: true });
  receiver.received.length = 0;
  people = await registerPeople(database.db, t0);
  appKey = await newKey(database.db);
});

async function aBooking() {
  return requestBooking({ db: database.db, actor: people.customer(), now: t0 }, {
    chefId: people.chefs[0]!, eventAt: at(t0, 20 * day).toISOString(), timeZone: "UTC", place: "Lyon", priceMinor: 100_00, currency: "EUR",
  });
}

describe("webhook endpoints through the API", () => {
  it("registers, rotates with both secrets valid, lists deliveries with attempts, and replays", async () => {
    const created = await call(createRoute, "/webhook-endpoints", { body: { url: receiver.url("/ok"), eventTypes: ["booking.requested"] } });
    expect(created.status).toBe(201);
    const { endpoint, secret } = created.json;
    expect(secret).toMatch(/^whsec_/);
    expect(JSON.stringify((await call(getRoute, `/webhook-endpoints/${endpoint.id}`, { params: { endpointId: String(endpoint.id) } })).json)).not.toContain(secret);
    receiver.secrets.set("/ok", [secret]);

    const rotated = await call(rotateRoute, `/webhook-endpoints/${endpoint.id}/rotate-secret`, { params: { endpointId: String(endpoint.id) }, body: { keepPreviousHours: 24 } });
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).not.toBe(secret);
    await aBooking();
    await tick({ db: database.db, catalogue, now: t0, budgetMs: 10_000 });
    const [delivery] = receiver.received;
    const header = delivery!.headers["duly-signature"] as string;
    const now = Math.floor(Date.now() / 1000);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifyWebhookSignature(header, delivery!.body, secret, now)).toBe(true);
    expect(verifyWebhookSignature(header, delivery!.body, rotated.json.secret, now)).toBe(true);
    expect(verifyWebhookSignature(header, `${delivery!.body} `, secret, now)).toBe(false);
    expect(verifyWebhookSignature(header, delivery!.body, secret, now + 3_600)).toBe(false);

    const deliveries = await call(deliveriesRoute, `/webhook-endpoints/${endpoint.id}/deliveries`, { params: { endpointId: String(endpoint.id) } });
    expect(deliveries.json.data).toHaveLength(1);
    expect(deliveries.json.data[0]).toMatchObject({ status: "delivered", eventType: "booking.requested", attempts: [{ ok: true, statusCode: 204 }] });

    const replay = await call(replayRoute, `/webhook-endpoints/${endpoint.id}/replay`, { params: { endpointId: String(endpoint.id) }, body: { eventId: delivery!.eventId } });
    expect(replay.status).toBe(201);
    await tick({ db: database.db, catalogue, now: t0, budgetMs: 10_000 });
    expect(receiver.received.map((r) => r.eventId)).toEqual([delivery!.eventId, delivery!.eventId]);
    expect(await database.db.auditEntry.count({ where: { action: "webhook.replay" } })).toBe(1);
  });

  it("another owner's endpoint is not there; disable and enable; a private URL is refused unless allowed", async () => {
    const created = await call(createRoute, "/webhook-endpoints", { body: { url: receiver.url("/ok"), eventTypes: ["*"] }, actingAs: `chef:${people.chefs[0]}` });
    const id = String(created.json.endpoint.id);
    expect((await call(getRoute, `/webhook-endpoints/${id}`, { params: { endpointId: id } })).status).toBe(404);
    expect((await call(getRoute, `/webhook-endpoints/${id}`, { params: { endpointId: id }, actingAs: `chef:${people.chefs[1]}` })).status).toBe(404);
    expect((await call(listRoute, "/webhook-endpoints", { actingAs: `chef:${people.chefs[0]}` })).json.data).toHaveLength(1);
    const disabled = await call(disableRoute, `/webhook-endpoints/${id}/disable`, { params: { endpointId: id }, actingAs: `chef:${people.chefs[0]}`, body: {} });
    expect(disabled.json.status).toBe("disabled");
    await aBooking();
    expect(await database.db.webhookDelivery.count()).toBe(0);
    const enabled = await call(enableRoute, `/webhook-endpoints/${id}/enable`, { params: { endpointId: id }, actingAs: `chef:${people.chefs[0]}`, body: {} });
    expect(enabled.json.status).toBe("enabled");
    await aBooking();
    expect(await database.db.webhookDelivery.count()).toBe(1);
    setWebhookOptions({ allowPrivate: false });
    try {
      const refused = await call(createRoute, "/webhook-endpoints", { body: { url: "https://169.254.169.254/latest/meta-data", eventTypes: ["*"] } });
      expect(refused.status).toBe(400);
      expect(refused.json.error.message).toMatch(/private, loopback or link-local/);
    } finally {
      setWebhookOptions({ allowPrivate: true });
    }
    expect((await call(createRoute, "/webhook-endpoints", { body: { url: receiver.url("/ok"), eventTypes: ["nope"] } })).status).toBe(400);
  });
});
