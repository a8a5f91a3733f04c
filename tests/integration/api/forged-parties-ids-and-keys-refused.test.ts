// Hostile client probes of /api/v1 against real PostgreSQL: bound keys acting for someone else,
// a chef's key on a customer's endpoint, malformed ids, a provider key squatting the ledger's own
// keys, and one Idempotency-Key shared by two API keys (each key has its own namespace).
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getBookingRoute } from "../../../app/api/v1/bookings/[bookingId]/route.ts";
import { POST as payRoute } from "../../../app/api/v1/bookings/[bookingId]/pay/route.ts";
import { POST as cancelRoute } from "../../../app/api/v1/bookings/[bookingId]/cancel/route.ts";
import { acceptBooking, requestBooking, type Actor, type UseCaseContext } from "../../../lib/marketplace/index.ts";
import { callRoute, newKey, useAppDatabase, type RouteHandler } from "../../helpers/api.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { at, day, hour, registerPeople, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
useAppDatabase(database);

const t0 = new Date("2027-03-01T09:00:00Z");
const eventAt = at(t0, 60 * day);
const price = 150_00;
let people: People;
const keys: { app: string; app2: string; customerA: string; customerB: string; chef: string } = { app: "", app2: "", customerA: "", customerB: "", chef: "" };
const as = (actor: Actor, now = t0): UseCaseContext => ({ db: database.db, actor, now });
const now = { "x-duly-now": at(t0, 2 * hour).toISOString() };

beforeAll(async () => {
  process.env.DULY_TIME_TRAVEL = "1";
  people = await registerPeople(database.db, t0);
  keys.app = await newKey(database.db, { name: "app" });
  keys.app2 = await newKey(database.db, { name: "another app" });
  keys.customerA = await newKey(database.db, { name: "a", scope: "customer", partyId: people.customers[0] });
  keys.customerB = await newKey(database.db, { name: "b", scope: "customer", partyId: people.customers[1] });
  keys.chef = await newKey(database.db, { name: "chef", scope: "chef", partyId: people.chefs[0] });
});

let evenings = 0;
/** An accepted booking of chef 0, each on an evening of its own (a chef holds one event at a time). */
async function acceptedBooking(customer: number): Promise<number> {
  const b = await requestBooking(as(people.customer(customer)), {
    chefId: people.chefs[0]!, eventAt: at(eventAt, evenings++ * day).toISOString(), timeZone: "Europe/Rome", place: "Roma", priceMinor: price, currency: "EUR",
  });
  await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
  return b.id;
}

const pay = (bookingId: number, key: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  callRoute(payRoute as RouteHandler, {
    path: `/bookings/${bookingId}/pay`, params: { bookingId: String(bookingId) }, key, body: { amountMinor: price, currency: "EUR", ...extra }, headers: { ...now, ...headers },
  });

describe("who may act", () => {
  it("customer B's key (as itself, or claiming to be A) cannot pay, cancel or read A's booking; nothing is charged", async () => {
    const id = await acceptedBooking(0);
    // Recording a payment is the platform's alone: no customer's key may, its own booking or not.
    expect((await pay(id, keys.customerB)).json.error.code).toBe("ACTING_AS_FORBIDDEN");
    expect((await pay(id, keys.customerA)).json.error.code).toBe("ACTING_AS_FORBIDDEN");
    expect((await pay(id, keys.customerB, {}, { "x-acting-as": `customer:${people.customers[0]}` })).status).toBe(403);
    const cancel = await callRoute(cancelRoute as RouteHandler, {
      path: `/bookings/${id}/cancel`, params: { bookingId: String(id) }, key: keys.customerB, body: { reason: "mine now" }, headers: now,
    });
    // A's booking answers B exactly as a booking that does not exist.
    expect(cancel.json.error).toMatchObject({ code: "NOT_FOUND", message: `booking ${id} does not exist` });
    const read = await callRoute(getBookingRoute as RouteHandler, { path: `/bookings/${id}`, params: { bookingId: String(id) }, key: keys.customerB, headers: now });
    expect(read.json.error).toMatchObject({ code: "NOT_FOUND", message: `booking ${id} does not exist` });
    expect(await database.db.ledgerEntry.count({ where: { bookingId: id } })).toBe(0);
  });

  it("the booking's chef cannot record the customer's payment (403), nor can an app key acting as the chef", async () => {
    const id = await acceptedBooking(0);
    expect((await pay(id, keys.chef)).status).toBe(403);
    expect((await pay(id, keys.app, {}, { "x-acting-as": `chef:${people.chefs[0]}` })).status).toBe(403);
    for (const forged of ["customer:0", "customer:-1", "customer:2147483648", "customer:1e3", "customer:0x10", "admin:1", "customer: 1", "customer:1,customer:2"]) {
      const answer = await pay(id, keys.app, {}, { "x-acting-as": forged });
      expect(answer.status, forged).toBe(400);
    }
    expect(await database.db.ledgerEntry.count({ where: { bookingId: id } })).toBe(0);
  });
});

describe("input", () => {
  it("ids like 1e3, -1, 0x10, 2^63, 007 and unicode digits are 400 INVALID_INPUT", async () => {
    for (const bad of ["1e3", "-1", "0x10", "9223372036854775808", "2147483648", "007", "١٢", " 1", "1.0"]) {
      const answer = await callRoute(payRoute as RouteHandler, {
        path: `/bookings/${bad}/pay`, params: { bookingId: bad }, key: keys.app, body: { amountMinor: price, currency: "EUR" }, headers: now,
      });
      expect(answer.status, bad).toBe(400);
      expect(answer.json.error.code, bad).toBe("INVALID_INPUT");
    }
  });

  it("amounts past 2^53, zero, negative, fractional, as strings, and a provider key of the ledger's form: 400, no charge", async () => {
    const id = await acceptedBooking(0);
    for (const amountMinor of [2 ** 53 + 1, 0, -price, price + 0.5, String(price), 1e309]) {
      expect((await pay(id, keys.app, { amountMinor })).status, String(amountMinor)).toBe(400);
    }
    expect((await pay(id, keys.app, { currency: "eur" })).status).toBe(400);
    expect((await pay(id, keys.app, { paymentKey: `payout:booking:${id + 1}` })).json.error.code).toBe("INVALID_INPUT");
    expect(await database.db.ledgerEntry.count({ where: { bookingId: id } })).toBe(0);
  });
});

describe("idempotency keys", () => {
  it("one Idempotency-Key used by two API keys: each records its own booking's payment once (no replay across API keys)", async () => {
    const a = await acceptedBooking(0);
    const b = await acceptedBooking(1);
    const [first, second] = await Promise.all([
      pay(a, keys.app, {}, { "idempotency-key": "shared-key" }),
      pay(b, keys.app2, {}, { "idempotency-key": "shared-key" }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.json.id).toBe(a);
    expect(second.json.id).toBe(b);
    expect(await database.db.ledgerEntry.count({ where: { bookingId: { in: [a, b] }, kind: "charge" } })).toBe(2);
  });

  it("a 256-character key is 400 and a 255-character key works once", async () => {
    const id = await acceptedBooking(0);
    expect((await pay(id, keys.app, {}, { "idempotency-key": "k".repeat(256) })).json.error.code).toBe("INVALID_IDEMPOTENCY_KEY");
    const long = "k".repeat(255);
    const [one, two] = [await pay(id, keys.app, {}, { "idempotency-key": long }), await pay(id, keys.app, {}, { "idempotency-key": long })];
    expect(one.status).toBe(200);
    expect(two.text).toBe(one.text);
    expect(two.headers.get("idempotent-replayed")).toBe("true");
  });
});
