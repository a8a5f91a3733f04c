// The webhooks page over a real browser (issue 14's dashboard part, issue 15 item 5): endpoints
// in trouble first, each delivery with every attempt's status code and latency, and replay. A
// real HTTP receiver on this machine answers 503 and then 200; the delivery job runs in a tick
// of this process (private addresses allowed here, as in the integration tests), the replay is
// the operator's click, and its new attempt shows on the page.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { recordEvent } from "../../lib/events/record-event.ts";
import { createCatalogue, tick } from "../../lib/scheduler/index.ts";
import { createEndpoint } from "../../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../../lib/webhooks/options.ts";
import { deliverWebhookJob } from "../../jobs/index.ts";
import type { Db } from "../../lib/db/client.ts";
import { expect, test } from "./fixtures.ts";

const deliveries = createCatalogue([deliverWebhookJob]);

/** Runs the due webhook deliveries now, as the deployment's tick would. */
async function deliverDue(db: Db): Promise<void> {
  const summary = await tick({ db, catalogue: deliveries, now: new Date(Date.now() + 1_000), budgetMs: 20_000, concurrency: 1 });
  expect(summary.errors).toEqual([]);
}

/** The id of the latest job of the endpoint's (replayed or original) delivery. */
async function latestDeliveryJob(db: Db, endpointId: number, replay: boolean): Promise<string> {
  const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId, replay } });
  const job = await db.scheduledJob.findFirstOrThrow({ where: { subjectType: "webhook-delivery", subjectId: delivery.id.toString() }, orderBy: { id: "desc" } });
  return job.id.toString();
}

test("failing endpoints first, attempts with status and latency, and a replay's new attempt", async ({ page, db }) => {
  test.setTimeout(120_000);
  setWebhookOptions({ allowPrivate: true });
  let answer = 503;
  const received: string[] = [];
  const receiver: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received.push(String(request.headers["x-duly-event"] ?? request.url));
      response.writeHead(answer, { "content-type": "text/plain" }).end(answer === 200 ? "ok" : "down for maintenance");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  // An owner only this test's event is for, so no other endpoint receives it.
  const owner = `customer:${900_000_000 + Math.floor(Math.random() * 90_000_000)}`;
  const now = new Date();
  const failing = (await createEndpoint(db, owner, { url: `http://127.0.0.1:${port}/hooks/failing`, eventTypes: ["*"] }, now)).endpoint;
  const healthy = (await createEndpoint(db, owner, { url: `http://127.0.0.1:${port}/hooks/healthy`, eventTypes: ["dispute.opened"] }, now)).endpoint;
  try {
    await db.$transaction((tx) =>
      recordEvent(tx, { type: "booking.requested", objectType: "booking", objectId: 1, orderingKey: "booking:1", data: { id: 1 }, actor: owner, audience: [owner], at: now }),
    );
    await deliverDue(db);
    expect(received.length).toBeGreaterThanOrEqual(1);

    await page.goto("/webhooks");
    const failingSection = page.getByRole("region", { name: `Endpoint ${failing.id}` });
    const healthySection = page.getByRole("region", { name: `Endpoint ${healthy.id}` });
    await expect(failingSection.getByRole("heading")).toContainText("failing (1)");
    await expect(healthySection.getByRole("heading")).toContainText("healthy");
    // Failing before healthy, whatever else the database holds.
    const order = await page.locator("#content section[aria-label^='Endpoint ']").evaluateAll((sections) => sections.map((s) => s.getAttribute("aria-label")));
    expect(order.indexOf(`Endpoint ${failing.id}`)).toBeLessThan(order.indexOf(`Endpoint ${healthy.id}`));

    const table = failingSection.getByRole("table", { name: `Deliveries of endpoint ${failing.id}` });
    const original = table.locator("tbody tr").filter({ hasText: "booking.requested" }).first();
    // The attempt: its time (with how long ago), the status code and the latency.
    await expect(original).toContainText(/· 503 · \d+ ms/);
    await expect(original).toContainText(/ago\)|\(now\)/);
    // Linked to its record (the event's booking) and to its job: the retry the failed attempt scheduled.
    await expect(original.getByRole("link", { name: "booking 1" })).toHaveAttribute("href", "/bookings/1");
    const retry = await latestDeliveryJob(db, failing.id, false);
    await expect(original.getByRole("link", { name: `job ${retry}` })).toHaveAttribute("href", `/jobs/${retry}`);

    // The receiver is back; the operator replays the event.
    answer = 200;
    await original.getByRole("button", { name: "Replay" }).click();
    await expect(failingSection.getByRole("status").filter({ hasText: /is being sent again/ })).toBeVisible();
    await deliverDue(db);
    await page.reload();
    const replay = table.locator("tbody tr").filter({ hasText: "(replay)" });
    await expect(replay).toHaveCount(1);
    await expect(replay).toContainText(/· 200 · \d+ ms/);
    await expect(replay).toContainText("delivered");
    // A replay has a delivery job of its own: the row links to it, and the job's page opens.
    const replayJob = await latestDeliveryJob(db, failing.id, true);
    await expect(replay.getByRole("link", { name: "booking 1" })).toHaveAttribute("href", "/bookings/1");
    await replay.getByRole("link", { name: `job ${replayJob}` }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${replayJob}$`));
    expect(await db.auditEntry.count({ where: { action: "webhook.replay", recordId: String(failing.id) } })).toBe(1);
  } finally {
    await db.webhookEndpoint.deleteMany({ where: { id: { in: [failing.id, healthy.id] } } });
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test("Delete asks first, then deletes the endpoint with its deliveries and says so", async ({ page, db }) => {
  setWebhookOptions({ allowPrivate: true });
  const owner = `customer:${900_000_000 + Math.floor(Math.random() * 90_000_000)}`;
  const now = new Date();
  const endpoint = (await createEndpoint(db, owner, { url: "http://127.0.0.1:9/hooks/going", eventTypes: ["*"] }, now)).endpoint;
  try {
    await db.$transaction((tx) =>
      recordEvent(tx, { type: "booking.requested", objectType: "booking", objectId: 1, orderingKey: "booking:1", data: { id: 1 }, actor: owner, audience: [owner], at: now }),
    );
    await page.goto("/webhooks");
    const section = page.getByRole("region", { name: `Endpoint ${endpoint.id}` });
    // The first click only asks; "Keep it" leaves everything as it was.
    await section.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(section.getByRole("note")).toContainText(`Delete endpoint ${endpoint.id} for good`);
    await section.getByRole("button", { name: "Keep it" }).click();
    await expect(section.getByRole("button", { name: `Confirm: delete endpoint ${endpoint.id}` })).toHaveCount(0);
    expect(await db.webhookEndpoint.count({ where: { id: endpoint.id } })).toBe(1);

    await section.getByRole("button", { name: "Delete", exact: true }).click();
    await section.getByRole("button", { name: `Confirm: delete endpoint ${endpoint.id}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Endpoint ${endpoint.id} was deleted` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/webhooks\\?deleted=${endpoint.id}$`));
    await expect(page.getByRole("region", { name: `Endpoint ${endpoint.id}` })).toHaveCount(0);
    expect(await db.webhookEndpoint.count({ where: { id: endpoint.id } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect(await db.auditEntry.count({ where: { action: "webhook_endpoint.delete", recordId: String(endpoint.id) } })).toBe(1);
  } finally {
    await db.webhookEndpoint.deleteMany({ where: { id: endpoint.id } });
  }
});
