// DELETE /api/v1/webhook-endpoints/{id} (docs/decisions/0052): the endpoint goes for good with its
// deliveries and their attempts, the jobs that would send them are cancelled, and the audit log
// keeps a webhook_endpoint.delete entry; 200 { id, deleted: true }. Another owner's endpoint and
// one already deleted answer 404, a read-only key 403; while a delivery to it is being sent, 409
// and nothing is deleted. Other methods on the path answer 405 with Allow and the error envelope.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { startFailingReceiver, untilArrived, type FailingReceiver } from "../../helpers/failing-receiver.ts";
import { callRoute, newKey, useAppDatabase, type RouteHandler } from "../../helpers/api.ts";
import { POST as createRoute } from "../../../app/api/v1/webhook-endpoints/route.ts";
import * as endpointRoute from "../../../app/api/v1/webhook-endpoints/[endpointId]/route.ts";
import { recordEvents } from "../../../lib/events/record-event.ts";
import { attemptDelivery } from "../../../lib/webhooks/attempt-delivery.ts";
import { setWebhookOptions, webhookOptions } from "../../../lib/webhooks/options.ts";
import { jobsOfSubjects } from "../../../lib/scheduler/admin/index.ts";

const database = useTestDatabase();
useAppDatabase(database);
const now = new Date("2027-05-10T12:00:00Z");
let appKey: string;
let receiver: FailingReceiver;
let url: string;

beforeAll(async () => {
  // Answers 500 at once, except to /held, whose answer waits for receiver.release().
  receiver = await startFailingReceiver((path) => path === "/held");
  url = receiver.origin;
});
afterAll(async () => {
  setWebhookOptions(undefined);
  await receiver.close();
});
beforeEach(async () => {
  setWebhookOptions({ allowPrivate: true, timeoutMs: 120_000 });
  await emptyTables(database.db, ["events", "webhook_endpoints", "webhook_deliveries", "webhook_attempts", "audit_entries"], { restartIdentity: true });
  appKey = await newKey(database.db);
});

const remove = (id: number | string, init: { key?: string; actingAs?: string } = {}) =>
  callRoute(endpointRoute.DELETE as RouteHandler, { method: "DELETE", path: `/webhook-endpoints/${id}`, params: { endpointId: String(id) }, key: init.key ?? appKey, actingAs: init.actingAs });

async function anEndpoint(path: string, actingAs?: string): Promise<number> {
  const created = await callRoute(createRoute as RouteHandler, { path: "/webhook-endpoints", key: appKey, actingAs, body: { url: `${url}${path}`, eventTypes: ["*"] } });
  expect(created.status).toBe(201);
  return created.json.endpoint.id;
}

async function anEvent(objectId: number): Promise<void> {
  await database.db.$transaction((tx) =>
    recordEvents(tx, [{
      type: "booking.requested", objectType: "booking", objectId, orderingKey: `booking:${objectId}`, data: { id: objectId },
      actor: `customer:${objectId}`, audience: [`customer:${objectId}`], at: now,
    }]),
  );
}

describe("DELETE /webhook-endpoints/{id}", () => {
  it("deletes the endpoint with its deliveries and attempts, cancels their jobs, writes the audit entry, and leaves others alone", async () => {
    const id = await anEndpoint("/fail");
    const kept = await anEndpoint("/fail");
    await anEvent(1);
    await anEvent(2);
    // One attempt made and failed (its retry is scheduled), one delivery never tried (its pump pending).
    const [first] = await database.db.webhookDelivery.findMany({ where: { endpointId: id }, orderBy: { id: "asc" } });
    await database.db.$transaction((tx) => attemptDelivery(tx, { deliveryId: first!.id.toString(), round: "0" }, now, webhookOptions()));
    expect(await database.db.webhookAttempt.count({ where: { deliveryId: first!.id } })).toBe(1);
    const deliveryIds = (await database.db.webhookDelivery.findMany({ where: { endpointId: id } })).map((d) => d.id.toString());
    const subjects = [{ type: "webhook-endpoint", id: String(id) }, ...deliveryIds.map((d) => ({ type: "webhook-delivery", id: d }))];
    const openBefore = (await jobsOfSubjects(database.db, subjects)).filter((job) => job.status === "pending");
    expect(openBefore.length).toBeGreaterThanOrEqual(2);

    const answer = await remove(id);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ id, deleted: true });
    expect(await database.db.webhookEndpoint.count({ where: { id } })).toBe(0);
    expect(await database.db.webhookDelivery.count({ where: { endpointId: id } })).toBe(0);
    expect(await database.db.webhookAttempt.count({ where: { deliveryId: first!.id } })).toBe(0);
    const jobs = await jobsOfSubjects(database.db, subjects);
    expect(jobs.filter((job) => job.status === "pending")).toEqual([]);
    expect(jobs.filter((job) => job.status === "cancelled").length).toBe(openBefore.length);
    const audit = await database.db.auditEntry.findMany({ where: { action: "webhook_endpoint.delete" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ recordType: "webhook_endpoint", recordId: String(id), toValue: "deleted", actorId: expect.stringMatching(/^api-key:/) });
    expect(audit[0]!.fromValue).toMatchObject({ url: `${url}/fail`, owner: "platform", deliveries: 2 });
    // The other endpoint, its deliveries and jobs are untouched.
    expect(await database.db.webhookDelivery.count({ where: { endpointId: kept } })).toBe(2);
    expect((await jobsOfSubjects(database.db, [{ type: "webhook-endpoint", id: String(kept) }])).some((job) => job.status === "pending")).toBe(true);

    // Again: 404 in the envelope, nothing written.
    const again = await remove(id);
    expect(again.status).toBe(404);
    expect(again.json.error).toMatchObject({ code: "NOT_FOUND", request_id: again.headers.get("request-id") });
    expect(await database.db.auditEntry.count({ where: { action: "webhook_endpoint.delete" } })).toBe(1);
  });

  it("another owner's endpoint answers 404 and stays; a read-only key is refused with 403", async () => {
    const id = await anEndpoint("/fail");
    const asChef = await remove(id, { actingAs: "chef:1" });
    expect(asChef.status).toBe(404);
    expect(asChef.json.error.code).toBe("NOT_FOUND");
    const reader = await newKey(database.db, { name: "reader", readOnly: true });
    const readOnly = await remove(id, { key: reader });
    expect(readOnly.status).toBe(403);
    expect(readOnly.json.error.code).toBe("API_KEY_READ_ONLY");
    expect(await database.db.webhookEndpoint.count({ where: { id } })).toBe(1);
    expect(await database.db.auditEntry.count({ where: { action: "webhook_endpoint.delete" } })).toBe(0);
    expect((await remove("0")).status).toBe(400);
  });

  it("while a delivery to it is being sent: 409, nothing deleted, and the attempt records its outcome", async () => {
    const id = await anEndpoint("/held");
    await anEvent(1);
    const delivery = await database.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
    const arrived = receiver.nextArrival();
    // No transaction timeout but the test database's: the receiver answers when the test says so.
    const attempt = database.db.$transaction((tx) => attemptDelivery(tx, { deliveryId: delivery.id.toString(), round: "0" }, now, webhookOptions()));
    try {
      // The attempt holds its delivery's row and waits for the receiver (or failed before sending).
      await untilArrived(arrived, attempt, "the attempt");
      const answer = await remove(id);
      expect(answer.status).toBe(409);
      expect(answer.json.error).toMatchObject({ code: "INVALID_STATE" });
      expect(answer.json.error.message).toMatch(/being sent a delivery right now/);
    } finally {
      // Whatever happened, the attempt is not left holding its delivery until a timeout.
      receiver.release();
    }
    expect(await attempt).toBe("failed");
    expect(await database.db.webhookEndpoint.count({ where: { id } })).toBe(1);
    expect(await database.db.webhookAttempt.count({ where: { deliveryId: delivery.id } })).toBe(1);
    expect((await remove(id)).status).toBe(200);
  });
});

describe("other methods on /webhook-endpoints/{id}", () => {
  it("answer 405 with Allow and the error envelope", async () => {
    for (const method of ["POST", "PUT", "PATCH"] as const) {
      const handler = endpointRoute[method] as RouteHandler;
      const answer = await callRoute(handler, { method, path: "/webhook-endpoints/1", params: { endpointId: "1" }, key: appKey, body: {} });
      expect({ method, status: answer.status }).toEqual({ method, status: 405 });
      expect(answer.headers.get("allow")).toBe("GET, DELETE, HEAD, OPTIONS");
      expect(answer.json.error).toMatchObject({ type: "invalid_request_error", code: "METHOD_NOT_ALLOWED", request_id: answer.headers.get("request-id") });
    }
  });
});
