// The payment provider's webhook over real HTTP against the production build (next start):
// POST /api/webhooks/payments with `Duly-Signature: t=<unix>,v1=<HMAC-SHA256 of "<t>.<raw body>">`.
// Refused with nothing written: no header, a bad signature, the wrong secret, a stale or
// future timestamp, a body changed after signing, the provider's key replayed for another
// booking. Accepted: a signed `payment.captured` records exactly one charge; the same delivery
// again records nothing. The server judges freshness by the database's clock, so the test signs
// with that clock's time (read from the same database) rather than this process's.
import { randomBytes } from "node:crypto";
import type { Db } from "../../lib/db/client.ts";
import { acceptBooking, registerChef, registerCustomer, requestBooking, systemActor } from "../../lib/marketplace/index.ts";
import { signPaymentEvent } from "../../lib/api/payment-webhook/signature.ts";
import { e2ePaymentWebhookSecret } from "../../scripts/lib/e2e-state.ts";
import { expect, test } from "./fixtures.ts";

const hour = 3_600_000;
const price = 128_00;

async function databaseNow(db: Db): Promise<Date> {
  const [row] = await db.$queryRaw<Array<{ now: Date }>>`SELECT statement_timestamp() AS now`;
  return row!.now;
}

/** Two accepted bookings of a fresh customer and chef, made at the database's present. */
async function acceptedBookings(db: Db, now: Date): Promise<number[]> {
  const tag = randomBytes(3).toString("hex");
  const ctx = { db, actor: systemActor("e2e"), now };
  const customer = await registerCustomer(ctx, { name: `Webhook customer ${tag}`, email: `wc.${tag}@duly.test` });
  const chef = await registerChef(ctx, { name: `Webhook chef ${tag}`, email: `wk.${tag}@duly.test` });
  const ids: number[] = [];
  // One chef holds one event at a time: the second booking is a day after the first.
  for (const [days, place] of [[30, "Bruxelles"], [31, "Gent"]] as const) {
    const booking = await requestBooking({ db, actor: { kind: "customer", customerId: customer.id }, now }, {
      chefId: chef.id, eventAt: new Date(now.getTime() + days * 24 * hour).toISOString(), timeZone: "Europe/Brussels", place, priceMinor: price, currency: "EUR",
    });
    await acceptBooking({ db, actor: { kind: "chef", chefId: chef.id }, now }, { bookingId: booking.id });
    ids.push(booking.id);
  }
  return ids;
}

/** Everything a payment could write for these bookings: their rows, their ledger, their jobs. */
async function written(db: Db, ids: number[]): Promise<string> {
  const bookings = await db.booking.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
  const ledger = await db.ledgerEntry.findMany({ where: { bookingId: { in: ids } }, orderBy: { id: "asc" } });
  const jobs = await db.scheduledJob.findMany({ where: { subjectType: "booking", subjectId: { in: ids.map(String) } }, orderBy: { id: "asc" } });
  return JSON.stringify({ bookings, ledger, jobs }, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
}

const captured = (bookingId: number, paymentKey: string, amountMinor = price) =>
  JSON.stringify({ type: "payment.captured", data: { bookingId, amountMinor, currency: "EUR", paymentKey } });

test("the payment webhook refuses every unsigned, mis-signed, stale or tampered event and records a signed capture exactly once", async ({ request, db }) => {
  const now = await databaseNow(db);
  const [bookingId, otherBookingId] = await acceptedBookings(db, now);
  const ids = [bookingId!, otherBookingId!];
  const t = Math.floor(now.getTime() / 1000);
  const paymentKey = `pi_e2e_${randomBytes(6).toString("hex")}`;
  const body = captured(bookingId!, paymentKey);
  const post = (rawBody: string, signature?: string) =>
    request.post("/api/webhooks/payments", {
      headers: { "content-type": "application/json", ...(signature === undefined ? {} : { "duly-signature": signature }) },
      data: Buffer.from(rawBody), // bytes, sent exactly as signed
    });

  const before = await written(db, ids);
  const refusals: Array<[string, string, string | undefined, RegExp]> = [
    ["no signature header", body, undefined, /no Duly-Signature header/],
    ["a signature that is not the body's", body, `t=${t},v1=${"ab".repeat(32)}`, /does not match/],
    ["signed with another secret", body, signPaymentEvent(`${e2ePaymentWebhookSecret}-other`, t, body), /does not match/],
    ["signed 10 minutes ago", body, signPaymentEvent(e2ePaymentWebhookSecret, t - 600, body), /stale or replayed/],
    ["signed 10 minutes ahead", body, signPaymentEvent(e2ePaymentWebhookSecret, t + 600, body), /stale or replayed/],
    ["the amount changed after signing", captured(bookingId!, paymentKey, 1), signPaymentEvent(e2ePaymentWebhookSecret, t, body), /does not match/],
    ["the booking changed after signing", captured(otherBookingId!, paymentKey), signPaymentEvent(e2ePaymentWebhookSecret, t, body), /does not match/],
  ];
  for (const [what, rawBody, signature, message] of refusals) {
    const answer = await post(rawBody, signature);
    expect(answer.status(), what).toBe(401);
    const { error } = await answer.json();
    expect(error.code, what).toBe("INVALID_SIGNATURE");
    expect(error.message, what).toMatch(message);
  }
  expect(await written(db, ids), "the refused events wrote nothing").toBe(before);

  // A good one: exactly one charge, the booking paid, its close scheduled.
  const signature = signPaymentEvent(e2ePaymentWebhookSecret, t, body);
  const good = await post(body, signature);
  expect(good.status(), await good.text()).toBe(200);
  expect(await good.json()).toEqual({ received: true, type: "payment.captured", bookingId, bookingStatus: "paid" });
  const charges = await db.ledgerEntry.findMany({ where: { bookingId: { in: ids } } });
  expect(charges.map((c) => ({ bookingId: c.bookingId, kind: c.kind, amountMinor: c.amountMinor, idempotencyKey: c.idempotencyKey, actor: c.actor }))).toEqual([
    { bookingId, kind: "charge", amountMinor: price, idempotencyKey: paymentKey, actor: "system:payment-webhook" },
  ]);
  const afterGood = await written(db, ids);

  // The same delivery again (a provider's retry, or a replay within the window): answered as
  // received so the provider stops retrying, and nothing more is written.
  const again = await post(body, signature);
  expect(again.status()).toBe(200);
  expect(await written(db, ids)).toBe(afterGood);

  // The provider's key replayed for another booking, freshly signed: a different movement under a
  // key already used is a conflict, and nothing is written.
  const reused = captured(otherBookingId!, paymentKey);
  const conflict = await post(reused, signPaymentEvent(e2ePaymentWebhookSecret, t, reused));
  expect(conflict.status(), await conflict.text()).toBe(409);
  expect((await conflict.json()).error.code).toBe("IDEMPOTENCY_CONFLICT");
  expect(await written(db, ids)).toBe(afterGood);

  // Not JSON, though signed: 400, nothing written. Another event type, signed: acknowledged, ignored.
  const notJson = await post("{not json", signPaymentEvent(e2ePaymentWebhookSecret, t, "{not json"));
  expect(notJson.status()).toBe(400);
  const refundEvent = JSON.stringify({ type: "payment.refunded", data: { bookingId } });
  const ignored = await post(refundEvent, signPaymentEvent(e2ePaymentWebhookSecret, t, refundEvent));
  expect(ignored.status()).toBe(200);
  expect((await ignored.json()).ignored).toMatch(/payment.captured/);
  expect(await written(db, ids)).toBe(afterGood);
});
