// Webhooks against real receivers (issue 14, items 2 and 3): a loopback HTTP server verifies
// each signature and misbehaves on purpose (slow past the timeout, 500, connection reset,
// redirect). Three simulated months of the marketplace's lifecycle paths, ticked at chosen
// instants: every event reaches the healthy endpoint (exactly once after deduplication by event
// id, in order per booking), while the broken ones are retried with backoff and disabled after
// the documented time, every attempt kept, the operators told in the audit log.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createCatalogue, tick } from "../../../lib/scheduler/index.ts";
import { marketplaceJobs } from "../../../jobs/marketplace/index.ts";
import { deliverWebhookJob } from "../../../jobs/webhooks/deliver.ts";
import {
  acceptBooking, cancelBooking, declineBooking, openDispute, payBooking, placeBid, postAuction, requestBooking, type Actor, type UseCaseContext,
} from "../../../lib/marketplace/index.ts";
import { createEndpoint } from "../../../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../../../lib/webhooks/options.ts";
import { sendWebhook } from "../../../lib/webhooks/send.ts";
import { at, day, expectInvariants, hour, registerPeople, truncateMarket, type People } from "../../fixtures/marketplace.ts";
import { startReceiver, type Receiver } from "../../fixtures/webhook-receiver.ts";

const database = useTestDatabase();
const catalogue = createCatalogue([...marketplaceJobs, deliverWebhookJob]);
const t0 = new Date("2027-03-01T09:00:00Z");
// Long enough that a loaded machine still hears the broken receivers' immediate answers (a 500,
// a redirect) before it: at load 15-20 an answer from this process's own receiver once took over
// 300 ms and the attempt was recorded as a timeout. The slow receiver holds its answer far past it.
const timeoutMs = 1_500;
/** An attempt cut off unanswered: by the whole timeout, or by a batch's shorter wait. */
const unanswered = /^no (complete )?answer within \d+ ms/;
let receiver: Receiver;
let people: People;
const as = (actor: Actor, now: Date): UseCaseContext => ({ db: database.db, actor, now });

async function tickAt(now: Date): Promise<void> {
  const summary = await tick({ db: database.db, catalogue, now, budgetMs: 30_000, concurrency: 2 });
  if (summary.errors.length > 0) throw new Error(`tick at ${now.toISOString()}: ${summary.errors.join("; ")}`);
}

beforeAll(async () => {
  receiver = await startReceiver({ slowMs: timeoutMs * 4 });
  setWebhookOptions({ allowPrivate: true, timeoutMs, disableAfterMs: 3 * day });
});
afterAll(async () => {
  setWebhookOptions(undefined);
  await receiver.close();
});
beforeEach(async () => {
  await truncateMarket(database.db);
  await emptyTables(database.db, ["events", "webhook_endpoints", "webhook_deliveries", "webhook_attempts", "audit_entries"], { restartIdentity: true });
  receiver.received.length = 0;
  people = await registerPeople(database.db, t0);
});

async function register(path: string, owner = "platform", eventTypes = ["*"]) {
  const { endpoint, secret } = await createEndpoint(database.db, owner, { url: receiver.url(path), eventTypes }, t0);
  receiver.secrets.set(path, [secret]);
  return endpoint;
}

/** The lifecycle paths of tests/integration/marketplace/marketplace-paths.test.ts, over three months of daily ticks. */
async function simulateThreeMonths(): Promise<void> {
  const customer = people.customer();
  const chef = (i: number): Actor => ({ kind: "chef", chefId: people.chefs[i]! });
  const request = (eventDay: number, chefIndex: number, now = t0) =>
    requestBooking(as(customer, now), {
      chefId: people.chefs[chefIndex]!, eventAt: at(t0, eventDay * day).toISOString(), timeZone: "Europe/Paris", place: "Lyon", priceMinor: 100_00, currency: "EUR",
    });
  const happy = await request(20, 0);
  await acceptBooking(as(chef(0), at(t0, hour)), { bookingId: happy.id });
  await payBooking(as(customer, at(t0, 2 * hour)), { bookingId: happy.id, amountMinor: 100_00, currency: "EUR" });
  const declined = await request(25, 0);
  await declineBooking(as(chef(0), at(t0, hour)), { bookingId: declined.id, reason: "busy that week" });
  await request(30, 1); // expires: the chef never answers
  const unpaid = await request(35, 1);
  await acceptBooking(as(chef(1), at(t0, hour)), { bookingId: unpaid.id }); // auto-cancelled: never paid
  const disputed = await request(40, 0);
  await acceptBooking(as(chef(0), at(t0, hour)), { bookingId: disputed.id });
  await payBooking(as(customer, at(t0, 2 * hour)), { bookingId: disputed.id, amountMinor: 100_00, currency: "EUR" });
  const cancelled = await request(45, 1);
  await acceptBooking(as(chef(1), at(t0, hour)), { bookingId: cancelled.id });
  await cancelBooking(as(customer, at(t0, 3 * hour)), { bookingId: cancelled.id, reason: "plans changed" });
  const auction = await postAuction(as(customer, t0), {
    closesAt: at(t0, 5 * day).toISOString(), eventAt: at(t0, 60 * day).toISOString(), timeZone: "UTC", place: "Paris", currency: "EUR", maxPriceMinor: 500_00,
  });
  await placeBid(as(chef(1), at(t0, hour)), { auctionId: auction.id, priceMinor: 300_00 });
  for (let d = 1; d <= 90; d++) {
    await tickAt(at(t0, d * day));
    // The disputed booking completed at day 41's tick; the customer disputes within the window; the chef stays silent.
    if (d === 41) await openDispute(as(customer, at(t0, d * day + hour)), { bookingId: disputed.id, reason: "the chef never came" });
  }
  await expectInvariants(database.db);
}

describe("delivery to real receivers", () => {
  it("three months: every event reaches the healthy endpoint once after dedup, in order per object; broken ones are retried, then disabled", async () => {
    const healthy = await register("/ok");
    const failing = await register("/fail");
    const slow = await register("/slow");
    const reset = await register("/reset");
    const redirect = await register("/redirect");
    await simulateThreeMonths();

    const events = await database.db.event.findMany({ orderBy: { id: "asc" } });
    expect(events.length).toBeGreaterThan(25);
    expect(new Set(events.map((e) => e.type))).toEqual(
      new Set([
        "booking.requested", "booking.accepted", "booking.paid", "booking.closed", "booking.completed", "booking.paid_out", "booking.declined",
        "booking.expired", "booking.auto_cancelled", "booking.cancelled", "booking.disputed", "booking.refunded", "dispute.opened",
        "dispute.auto_resolved", "auction.posted", "auction.bid_placed", "auction.closed",
      ]),
    );
    const atHealthy = receiver.received.filter((r) => r.path === "/ok");
    expect(atHealthy.every((r) => r.signatureValid)).toBe(true);
    const firstReceipt = new Map<string, number>();
    atHealthy.forEach((r, index) => (firstReceipt.has(r.eventId) ? undefined : firstReceipt.set(r.eventId, index)));
    expect([...firstReceipt.keys()].sort()).toEqual(events.map((e) => e.id.toString()).sort());
    // In order per object: each booking's (and auction's) events arrive in the order they were written.
    for (const key of new Set(events.map((e) => e.orderingKey))) {
      const ids = events.filter((e) => e.orderingKey === key).map((e) => e.id.toString());
      const arrival = ids.map((id) => firstReceipt.get(id)!);
      expect(arrival, key).toEqual([...arrival].sort((a, b) => a - b));
    }
    expect(await database.db.webhookDelivery.count({ where: { endpointId: healthy.id, status: { not: "delivered" } } })).toBe(0);

    for (const broken of [failing, slow, reset, redirect]) {
      const endpoint = await database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: broken.id } });
      expect(endpoint.status, endpoint.url).toBe("disabled");
      expect(endpoint.disabledReason).toMatch(/every attempt failed since/);
      expect(await database.db.webhookDelivery.count({ where: { endpointId: broken.id, status: "delivered" } })).toBe(0);
      const attempts = await database.db.webhookAttempt.findMany({ where: { delivery: { endpointId: broken.id } } });
      expect(attempts.length).toBeGreaterThan(1);
      expect(attempts.every((a) => !a.ok && a.error !== null)).toBe(true);
    }
    // Every answered attempt kept the receiver's status and body; an attempt the machine was too
    // slow to hear in time is a timeout, never a status it did not send.
    const failingAttempts = await database.db.webhookAttempt.findMany({ where: { delivery: { endpointId: failing.id } } });
    const answered = failingAttempts.filter((a) => a.statusCode !== null);
    expect(answered.length).toBeGreaterThan(0);
    for (const attempt of answered) expect(attempt).toMatchObject({ statusCode: 500, responseExcerpt: "internal error: the receiver broke" });
    for (const attempt of failingAttempts.filter((a) => a.statusCode === null)) expect(attempt.error).toMatch(unanswered);
    // A batch gives up on a receiver after batchAnswerMs (1 s) and sends that delivery again on its
    // own with the whole timeout: the slow receiver's attempts are those two kinds, and it met the
    // whole timeout at least once.
    const slowAttempts = await database.db.webhookAttempt.findMany({ where: { delivery: { endpointId: slow.id } } });
    for (const attempt of slowAttempts) expect(attempt.error).toMatch(unanswered);
    expect(slowAttempts.some((a) => a.error?.includes(`no complete answer within ${timeoutMs} ms`))).toBe(true);
    const redirectAttempts = await database.db.webhookAttempt.findMany({ where: { delivery: { endpointId: redirect.id } } });
    expect(redirectAttempts.some((a) => a.statusCode === 302)).toBe(true);
    for (const attempt of redirectAttempts) {
      if (attempt.statusCode === null) expect(attempt.error).toMatch(unanswered);
      else expect(attempt).toMatchObject({ statusCode: 302, error: expect.stringMatching(/not followed/) });
    }
    const audit = await database.db.auditEntry.findMany({ where: { action: "webhook_endpoint.disable" } });
    expect(audit.map((a) => Number(a.recordId)).sort()).toEqual([failing.id, slow.id, reset.id, redirect.id].sort());
  }, 600_000);

  it("a party's endpoint gets only its events, as the API shows them to it", async () => {
    const chefPath = "/ok-chef";
    await register(chefPath, `chef:${people.chefs[1]}`, ["booking.requested", "booking.auto_cancelled"]);
    const mine = await requestBooking(as(people.customer(), t0), {
      chefId: people.chefs[1]!, eventAt: at(t0, 20 * day).toISOString(), timeZone: "UTC", place: "Lyon", priceMinor: 100_00, currency: "EUR",
    });
    await acceptBooking(as({ kind: "chef", chefId: people.chefs[1]! }, at(t0, hour)), { bookingId: mine.id });
    await requestBooking(as(people.customer(), t0), {
      chefId: people.chefs[0]!, eventAt: at(t0, 20 * day).toISOString(), timeZone: "UTC", place: "Lyon", priceMinor: 100_00, currency: "EUR",
    });
    await tickAt(at(t0, 2 * day));
    const got = receiver.received.filter((r) => r.path === chefPath);
    expect(got.map((r) => [r.type, r.objectId])).toEqual([["booking.requested", mine.id], ["booking.auto_cancelled", mine.id]]);
    expect(JSON.parse(got[1]!.body).data.endedBy).toBe("system");
    expect(got[0]!.headers["duly-event-id"]).toBe(got[0]!.eventId);
  });
});

describe("sending", () => {
  it("refuses private, loopback and link-local addresses unless allowed", async () => {
    const options = { allowPrivate: false, timeoutMs };
    for (const url of ["http://127.0.0.1:9/x", "http://169.254.169.254/latest", "http://[::1]:9/", "http://10.1.2.3/"]) {
      const result = await sendWebhook(url, {}, "{}", options);
      expect(result.ok, url).toBe(false);
      expect(result.error, url).toMatch(/private, loopback or link-local/);
    }
    const localhost = await sendWebhook(receiver.url("/ok").replace("127.0.0.1", "localhost"), {}, "{}", options);
    expect(localhost.error).toMatch(/private, loopback or link-local/);
    setWebhookOptions({ allowPrivate: false });
    try {
      for (const url of ["https://127.0.0.1/hook", "https://localhost/hook", "https://[fe80::1]/hook", "http://example.com/hook"]) {
        await expect(createEndpoint(database.db, "platform", { url, eventTypes: ["*"] }, t0), url).rejects.toThrow(/^url: /);
      }
    } finally {
      setWebhookOptions({ allowPrivate: true });
    }
  });
});
