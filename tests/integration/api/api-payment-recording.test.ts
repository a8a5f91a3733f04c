// Who may record that a payment was captured, through /api/v1 (route handlers called as Next
// calls them, real PostgreSQL). A charge in the ledger is money the chef is later paid out from,
// so only the platform's server side may record one: an app key acting for no party (the
// platform), or the payment provider's signed webhook (tests/e2e/payment-webhook.spec.ts). A
// customer's key, or an app key acting for the customer or chef, may start a checkout but never
// confirm one: refused, and nothing is written.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as payRoute } from "../../../app/api/v1/bookings/[bookingId]/pay/route.ts";
import { POST as checkoutRoute } from "../../../app/api/v1/bookings/[bookingId]/checkout/route.ts";
import { GET as getBookingRoute } from "../../../app/api/v1/bookings/[bookingId]/route.ts";
import type { Db } from "../../../lib/db/client.ts";
import { acceptBooking, requestBooking, type Actor, type UseCaseContext } from "../../../lib/marketplace/index.ts";
import { callRoute, newKey, useAppDatabase, type RouteHandler } from "../../helpers/api.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { at, day, hour, registerPeople, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
useAppDatabase(database);

const t0 = new Date("2027-04-05T09:00:00Z");
const eventAt = at(t0, 40 * day);
const price = 210_00;
let people: People;
const keys = { app: "", customer: "", chef: "" };
const as = (actor: Actor, now = t0): UseCaseContext => ({ db: database.db, actor, now });
const clock = { "x-duly-now": at(t0, 2 * hour).toISOString() };

beforeAll(async () => {
  process.env.DULY_TIME_TRAVEL = "1";
  people = await registerPeople(database.db, t0);
  keys.app = await newKey(database.db, { name: "platform back end" });
});
// New people for every test: a chef holds one booking per evening, and every booking here is
// for the same evening.
beforeEach(async () => {
  people = await registerPeople(database.db, t0);
  keys.customer = await newKey(database.db, { name: "customer's own integration", scope: "customer", partyId: people.customers[0] });
  keys.chef = await newKey(database.db, { name: "chef's calendar", scope: "chef", partyId: people.chefs[0] });
});


async function acceptedBooking(): Promise<number> {
  const b = await requestBooking(as(people.customer()), {
    chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Madrid", place: "Sevilla", priceMinor: price, currency: "EUR",
  });
  await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
  return b.id;
}

const pay = (bookingId: number, key: string, headers: Record<string, string> = {}, paymentKey = `pi_${bookingId}`) =>
  callRoute(payRoute as RouteHandler, {
    path: `/bookings/${bookingId}/pay`, params: { bookingId: String(bookingId) }, key,
    body: { amountMinor: price, currency: "EUR", paymentKey }, headers: { ...clock, ...headers },
  });

async function ledgerRows(db: Db, bookingId: number) {
  return db.ledgerEntry.findMany({ where: { bookingId }, select: { kind: true, amountMinor: true, idempotencyKey: true, actor: true } });
}

describe("recording a captured payment", () => {
  it("a customer's own key cannot mark its booking paid with a paymentKey of its choosing: 403, no charge, still accepted", async () => {
    const id = await acceptedBooking();
    const answer = await pay(id, keys.customer, {}, "pi_made_up_by_the_customer");
    expect({ status: answer.status, code: answer.json?.error?.code }).toEqual({ status: 403, code: "ACTING_AS_FORBIDDEN" });
    expect(answer.json.error.message).toMatch(/platform/);
    expect(await ledgerRows(database.db, id)).toEqual([]);
    expect((await database.db.booking.findUniqueOrThrow({ where: { id } })).status).toBe("accepted");
  });

  it("nor can an app key acting for the customer or the chef, or the chef's own key", async () => {
    const id = await acceptedBooking();
    for (const [key, headers] of [
      [keys.app, { "x-acting-as": `customer:${people.customers[0]}` }],
      [keys.app, { "x-acting-as": `chef:${people.chefs[0]}` }],
      [keys.chef, {}],
    ] as const) {
      const answer = await pay(id, key, headers);
      expect({ status: answer.status, code: answer.json?.error?.code }).toEqual({ status: 403, code: "ACTING_AS_FORBIDDEN" });
    }
    expect(await ledgerRows(database.db, id)).toEqual([]);
  });

  it("the platform (an app key naming no party) records it: exactly one charge, by the platform, and a retry records nothing", async () => {
    const id = await acceptedBooking();
    const first = await pay(id, keys.app);
    expect(first.status, first.text).toBe(200);
    expect(first.json.status).toBe("paid");
    const again = await pay(id, keys.app);
    expect(again.status, again.text).toBe(200);
    expect(await ledgerRows(database.db, id)).toEqual([
      { kind: "charge", amountMinor: price, idempotencyKey: `pi_${id}`, actor: `system:app-key:${keys.app.slice(0, 13)}` },
    ]);
  });
});

describe("starting a payment (the customer)", () => {
  const checkout = (bookingId: number, actingAs: string, now = at(t0, 2 * hour)) =>
    callRoute(checkoutRoute as RouteHandler, {
      method: "POST", path: `/bookings/${bookingId}/checkout`, params: { bookingId: String(bookingId) }, key: keys.app, actingAs, headers: { "x-duly-now": now.toISOString() },
    });

  it("answers the terms to capture and records nothing; the booking stays accepted until the platform confirms", async () => {
    const id = await acceptedBooking();
    const answer = await callRoute(checkoutRoute as RouteHandler, {
      method: "POST", path: `/bookings/${id}/checkout`, params: { bookingId: String(id) }, key: keys.customer, headers: clock,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ bookingId: id, amountMinor: price, currency: "EUR", payBy: at(t0, 13 * hour).toISOString() });
    expect(await ledgerRows(database.db, id)).toEqual([]);
    expect((await database.db.booking.findUniqueOrThrow({ where: { id } })).status).toBe("accepted");
  });

  it("another customer's booking answers as a missing one; a booking past its payment deadline is 409", async () => {
    const id = await acceptedBooking();
    const other = await checkout(id, `customer:${people.customers[1]}`);
    const missing = await checkout(2_000_000_000, `customer:${people.customers[1]}`);
    // Alike but for each answer's own request id (and doc_url, which a small id could match).
    const alike = (text: string, n: number) => text.replace(/"(request_id|doc_url)":"[^"]+"/g, "").replaceAll(String(n), "<id>");
    expect({ status: other.status, body: alike(other.text, id) }).toEqual({ status: missing.status, body: alike(missing.text, 2_000_000_000) });
    expect(other.status).toBe(404);
    const late = await checkout(id, `customer:${people.customers[0]}`, at(t0, 13 * hour));
    expect({ status: late.status, code: late.json?.error?.code }).toEqual({ status: 409, code: "INVALID_STATE" });
  });

  it("the platform reads the booking with everything: the provider's key and who recorded the charge", async () => {
    const id = await acceptedBooking();
    await pay(id, keys.app, {}, "pi_platform_view");
    const read = await callRoute(getBookingRoute as RouteHandler, { path: `/bookings/${id}`, params: { bookingId: String(id) }, key: keys.app, headers: clock });
    expect(read.status, read.text).toBe(200);
    expect(read.json.ledger[0]).toMatchObject({ idempotencyKey: "pi_platform_view", actor: `system:app-key:${keys.app.slice(0, 13)}` });
    expect(read.json.deadlines[0].jobId).toEqual(expect.any(String));
  });
});
