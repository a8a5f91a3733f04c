// What the use cases refuse, and that a refusal changes nothing: wrong state (naming it), wrong
// party, unknown ids, hostile input (NUL bytes, huge text, bad zones, fractional money), money
// replays and conflicts, and a caller's rolled-back transaction leaving no booking and no job.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import {
  acceptBooking, cancelBooking, declineBooking, moveEvent, openDispute, payBooking, placeBid, postAuction, requestBooking, resolveDispute,
  replyToDispute, type Actor, type UseCaseContext,
} from "../../../lib/marketplace/index.ts";
import { at, day, hour, marketState, registerPeople, tickAt, truncateMarket, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-04-05T09:00:00Z");
const eventAt = at(t0, 20 * day);
let people: People;
const as = (actor: Actor, now = t0): UseCaseContext => ({ db: database.db, actor, now });

beforeEach(async () => {
  await truncateMarket(database.db);
  people = await registerPeople(database.db, t0);
});

const request = (overrides: Record<string, unknown> = {}) =>
  requestBooking(as(people.customer()), {
    chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Rome", place: "Roma", priceMinor: 99_00, currency: "EUR", ...overrides,
  } as Parameters<typeof requestBooking>[1]);

/** Runs `attempt`, expects a DulyError with `code` (and message part), and that nothing changed. */
async function refused(attempt: () => Promise<unknown>, code: string, message?: string | RegExp): Promise<void> {
  const before = await marketState(database.db);
  const error = await attempt().then(() => undefined, (e: unknown) => e);
  expect(error, "expected a refusal").toMatchObject({ name: "DulyError", code });
  if (message) expect((error as Error).message).toMatch(message);
  expect(await marketState(database.db)).toEqual(before);
}

describe("wrong state", () => {
  it("paying a declined booking: INVALID_STATE naming 'declined', nothing changed", async () => {
    const b = await request();
    await declineBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
    await refused(() => payBooking(as(people.customer(), at(t0, 2 * hour)), { bookingId: b.id, amountMinor: 99_00, currency: "EUR" }), "INVALID_STATE", /booking \d+ is declined/);
  });

  it("moving an event that has started (before its close ran) or closed; cancelling it: refused", async () => {
    const b = await request();
    await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
    await payBooking(as(people.customer(), at(t0, 2 * hour)), { bookingId: b.id, amountMinor: 99_00, currency: "EUR" });
    const later = at(eventAt, 30 * day).toISOString();
    await refused(() => moveEvent(as(people.customer(), at(eventAt, 1)), { bookingId: b.id, eventAt: later }), "INVALID_STATE", /started/);
    await refused(() => cancelBooking(as(people.customer(), at(eventAt, 1)), { bookingId: b.id, reason: "plans changed" }), "INVALID_STATE", /dispute instead/);
    await tickAt(database.db, eventAt);
    await refused(() => moveEvent(as(people.customer(), at(eventAt, 1)), { bookingId: b.id, eventAt: later }), "INVALID_STATE", /is closed/);
  });

  it("accepting after the answer deadline (before its job ran): refused", async () => {
    const b = await request();
    await refused(() => acceptBooking(as(people.chef(), at(t0, 24 * hour)), undefined as never), "INVALID_INPUT");
    await refused(() => acceptBooking(as(people.chef(), at(t0, 24 * hour)), { bookingId: b.id }), "INVALID_STATE", /deadline passed/);
  });

  it("bidding after the auction's close time (before its job ran) or above its maximum: refused", async () => {
    const a = await postAuction(as(people.customer()), {
      closesAt: at(t0, day).toISOString(), eventAt: eventAt.toISOString(), timeZone: "Europe/Rome", place: "Roma", currency: "EUR", maxPriceMinor: 100_00,
    });
    await refused(() => placeBid(as(people.chef(), at(t0, day)), { auctionId: a.id, priceMinor: 90_00 }), "INVALID_STATE", /stopped taking bids/);
    await refused(() => placeBid(as(people.chef(), at(t0, hour)), { auctionId: a.id, priceMinor: 100_01 }), "INVALID_INPUT", /maximum/);
  });

  it("a partial refund of the whole price, and a dispute after the payout time: refused", async () => {
    const b = await request();
    await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
    await payBooking(as(people.customer(), at(t0, 2 * hour)), { bookingId: b.id, amountMinor: 99_00, currency: "EUR" });
    await tickAt(database.db, eventAt);
    await tickAt(database.db, at(eventAt, 3 * hour));
    await refused(() => openDispute(as(people.customer(), at(eventAt, 51 * hour)), { bookingId: b.id, reason: "late" }), "INVALID_STATE", /window closed/);
    const d = await openDispute(as(people.customer(), at(eventAt, 50 * hour)), { bookingId: b.id, reason: "late" });
    await refused(() => resolveDispute(as(people.operator, at(eventAt, 52 * hour)), { disputeId: d.id, outcome: "partial", refundMinor: 99_00 }), "INVALID_INPUT", /less than/);
    await refused(() => openDispute(as(people.customer(), at(eventAt, 50 * hour)), { bookingId: b.id, reason: "again" }), "INVALID_STATE", /is disputed/);
  });
});

describe("wrong party, unknown ids", () => {
  it("another customer or chef: NOT_FOUND as for an unknown id; the booking's own party or an operator where another must act: NOT_ALLOWED", async () => {
    const b = await request();
    await refused(() => acceptBooking(as(people.chef(1)), { bookingId: b.id }), "NOT_FOUND", new RegExp(`^booking ${b.id} does not exist$`));
    await refused(() => acceptBooking(as(people.customer()), { bookingId: b.id }), "NOT_ALLOWED");
    await refused(() => cancelBooking(as(people.customer(1)), { bookingId: b.id, reason: "not mine" }), "NOT_FOUND", new RegExp(`^booking ${b.id} does not exist$`));
    await refused(() => resolveDispute(as(people.customer()), { disputeId: 1, outcome: "refund" }), "NOT_ALLOWED");
    await refused(() => acceptBooking(as(people.chef()), { bookingId: 999_999 }), "NOT_FOUND", /booking 999999 does not exist/);
    await refused(() => replyToDispute(as(people.chef()), { disputeId: 5, reply: "?" }), "NOT_FOUND");
    await refused(() => request({ chefId: 424_242 }), "NOT_FOUND", /chef 424242/);
    await refused(() => requestBooking(as({ kind: "customer", customerId: 777 }), {
      chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "UTC", place: "x", priceMinor: 1, currency: "EUR",
    }), "NOT_FOUND", /customer 777/);
  });
});

describe("hostile input: INVALID_INPUT naming the field, nothing written", () => {
  it.each([
    ["a NUL byte in the place", { place: "Roma\u0000; DROP TABLE bookings" }, /place/],
    ["a huge place", { place: "x".repeat(100_000) }, /place: at most 200/],
    ["a lone surrogate", { place: "Roma \ud800" }, /place/],
    ["an unknown time zone", { timeZone: "Mars/Olympus" }, /timeZone/],
    ["a fractional price", { priceMinor: 99.5 }, /priceMinor/],
    ["a negative price", { priceMinor: -1 }, /priceMinor/],
    ["a price as a string", { priceMinor: "9900" }, /priceMinor/],
    ["a lower-case currency", { currency: "eur" }, /currency/],
    ["a currency ISO 4217 withdrew that ICU still lists", { currency: "HRK" }, /currency: "HRK" is not an ISO 4217 currency code/],
    ["a unit ISO 4217 gives no minor unit", { currency: "XDR" }, /currency: "XDR" is not an ISO 4217 currency code/],
    ["an instant without offset", { eventAt: "2027-04-25T09:00:00" }, /eventAt/],
    ["an impossible date", { eventAt: "2027-02-30T09:00:00Z" }, /eventAt/],
    ["an unknown field", { chefIdx: 3 }, /unknown key/],
    ["an event too soon", { eventAt: at(t0, hour).toISOString() }, /too soon/],
    ["an event in year 9999", { eventAt: "9999-12-31T23:59:59Z" }, /too far ahead/],
    ["an id past int4", { chefId: 2 ** 31 }, /chefId/],
  ])("%s", async (_what, overrides, message) => {
    await refused(() => request(overrides), "INVALID_INPUT", message);
  });

  it("a payment of the wrong amount or currency", async () => {
    const b = await request();
    await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
    await refused(() => payBooking(as(people.customer(), at(t0, 2 * hour)), { bookingId: b.id, amountMinor: 98_00, currency: "EUR" }), "INVALID_INPUT", /costs 99.00 EUR \(9900 minor units\), not 98.00 EUR \(9800 minor units\)/);
    await refused(() => payBooking(as(people.customer(), at(t0, 2 * hour)), { bookingId: b.id, amountMinor: 99_00, currency: "USD" }), "INVALID_INPUT");
  });
});

describe("money moves once", () => {
  it("a provider's key replayed returns the same booking with one charge; the key on another booking is a conflict", async () => {
    const b1 = await request();
    const b2 = await request({ eventAt: at(eventAt, day).toISOString() }); // the chef's next evening
    for (const b of [b1, b2]) await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
    const pay = (bookingId: number) =>
      payBooking(as({ kind: "system", reason: "psp-webhook" }, at(t0, 2 * hour)), { bookingId, amountMinor: 99_00, currency: "EUR", paymentKey: "pi_3Nk9Lz" });
    const first = await pay(b1.id);
    expect(await pay(b1.id)).toEqual(first);
    expect(await database.db.ledgerEntry.findMany({ select: { kind: true, idempotencyKey: true } })).toEqual([{ kind: "charge", idempotencyKey: "pi_3Nk9Lz" }]);
    await refused(() => pay(b2.id), "IDEMPOTENCY_CONFLICT", new RegExp(`already recorded a charge of 99.00 EUR \\(9900 minor units\\) for booking ${b1.id}`));
  });

  it("two payments of one booking at the same moment: one charge, the other refused or a replay", async () => {
    const b = await request();
    await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
    const results = await Promise.allSettled([1, 2].map((n) =>
      payBooking(as(people.customer(), at(t0, 2 * hour)), { bookingId: b.id, amountMinor: 99_00, currency: "EUR", paymentKey: `key-${n}` }),
    ));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await database.db.ledgerEntry.count()).toBe(1);
  });
});

describe("transactions", () => {
  it("a use case joined to the caller's transaction rolls back with it: no booking, no job", async () => {
    await expect(
      database.db.$transaction(async (tx) => {
        await requestBooking({ db: tx, actor: people.customer(), now: t0 }, {
          chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "UTC", place: "x", priceMinor: 1, currency: "EUR",
        });
        throw new Error("the API's idempotency record failed");
      }),
    ).rejects.toThrow("idempotency record");
    expect([await database.db.booking.count(), await database.db.scheduledJob.count()]).toEqual([0, 0]);
  });
});
