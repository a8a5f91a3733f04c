// Events (issue 14, item 1): every business change writes its event in the change's transaction,
// GET /api/v1/events lists what the caller may see, as the API shows it to that caller, and the
// cursor never skips an event whose transaction committed after a later one's (decision 0028).
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { callRoute, newKey, useAppDatabase, type RouteHandler } from "../../helpers/api.ts";
import { GET as eventsRoute } from "../../../app/api/v1/events/route.ts";
import {
  acceptBooking, cancelBooking, payBooking, placeBid, postAuction, requestBooking, type Actor, type UseCaseContext,
} from "../../../lib/marketplace/index.ts";
import { recordEvent } from "../../../lib/events/record-event.ts";
import { at, day, hour, registerPeople, tickAt, truncateMarket, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
useAppDatabase(database);
const t0 = new Date("2027-03-01T09:00:00Z");
let people: People;
const as = (actor: Actor, now: Date): UseCaseContext => ({ db: database.db, actor, now });
const list = (key: string, query = "", actingAs?: string) =>
  callRoute(eventsRoute as RouteHandler, { path: `/events${query}`, key, actingAs });

beforeEach(async () => {
  await truncateMarket(database.db);
  await emptyTables(database.db, ["events"], { restartIdentity: true });
  people = await registerPeople(database.db, t0);
});

async function requested(chef = 0) {
  return requestBooking(as(people.customer(), t0), {
    chefId: people.chefs[chef]!, eventAt: at(t0, 30 * day).toISOString(), timeZone: "Europe/Paris", place: "Lyon", priceMinor: 100_00, currency: "EUR",
  });
}

describe("the outbox", () => {
  it("writes one event per change, in the change's transaction, and none for a refused change", async () => {
    const booking = await requested();
    await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: booking.id });
    await expect(acceptBooking(as(people.chef(), at(t0, 2 * hour)), { bookingId: booking.id })).rejects.toThrow(/accepted/);
    await payBooking(as(people.customer(), at(t0, 3 * hour)), { bookingId: booking.id, amountMinor: 100_00, currency: "EUR" });
    await cancelBooking(as(people.customer(), at(t0, 4 * hour)), { bookingId: booking.id, reason: "plans changed" });
    const events = await database.db.event.findMany({ orderBy: { id: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["booking.requested", "booking.accepted", "booking.paid", "booking.cancelled"]);
    expect(events[1]!.actor).toBe(`chef:${people.chefs[0]}`);
    expect((events[3]!.data as { status: string }).status).toBe("cancelled");
    expect(events[0]!.audience).toEqual([`customer:${people.customers[0]}`, `chef:${people.chefs[0]}`]);
  });

  it("a deadline's change is an event of its own type (booking.auto_cancelled by the system)", async () => {
    const booking = await requested();
    await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: booking.id });
    await tickAt(database.db, at(t0, 2 * day));
    const last = await database.db.event.findFirstOrThrow({ where: { objectId: booking.id }, orderBy: { id: "desc" } });
    expect(last.type).toBe("booking.auto_cancelled");
    expect(last.actor).toMatch(/^system:/);
  });

  it("a rolled-back transaction leaves no event", async () => {
    await expect(
      database.db.$transaction(async (tx) => {
        await recordEvent(tx, { type: "booking.requested", objectType: "booking", objectId: 1, orderingKey: "booking:1", data: {}, actor: "x", audience: [], at: t0 });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await database.db.event.count()).toBe(0);
  });
});

describe("GET /api/v1/events", () => {
  it("lists what each caller may see, as the API shows it to that caller", async () => {
    const appKey = await newKey(database.db);
    const booking = await requested();
    await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: booking.id });
    await tickAt(database.db, at(t0, 2 * day)); // the payment deadline cancels it, as the system
    const platform = await list(appKey);
    expect(platform.status).toBe(200);
    expect(platform.json.data.map((e: { type: string }) => e.type)).toEqual(["booking.requested", "booking.accepted", "booking.auto_cancelled"]);
    expect(platform.json.data[2].data.endedBy).toMatch(/^system:/);
    const customer = await list(appKey, "", `customer:${people.customers[0]}`);
    expect(customer.json.data).toHaveLength(3);
    expect(customer.json.data[2].data.endedBy).toBe("system");
    expect(customer.json.data[2].actor).toBe("system");
    const otherCustomer = await list(appKey, "", `customer:${people.customers[1]}`);
    expect(otherCustomer.json.data).toEqual([]);
    const chefKey = await newKey(database.db, { scope: "chef", partyId: people.chefs[1]! });
    expect((await list(chefKey)).json.data).toEqual([]);
    expect((await list(appKey, "", "customer:999")).status).toBe(404);
  });

  it("a chef sees only its own bid of an auction", async () => {
    const appKey = await newKey(database.db);
    const auction = await postAuction(as(people.customer(), t0), {
      closesAt: at(t0, 2 * day).toISOString(), eventAt: at(t0, 30 * day).toISOString(), timeZone: "UTC", place: "Paris", currency: "EUR", maxPriceMinor: 500_00,
    });
    await placeBid(as({ kind: "chef", chefId: people.chefs[0]! }, at(t0, hour)), { auctionId: auction.id, priceMinor: 300_00 });
    await placeBid(as({ kind: "chef", chefId: people.chefs[1]! }, at(t0, hour)), { auctionId: auction.id, priceMinor: 200_00 });
    await tickAt(database.db, at(t0, 3 * day));
    const closed = (await list(appKey, "?type=auction.closed", `chef:${people.chefs[0]}`)).json.data;
    expect(closed).toHaveLength(1);
    expect(closed[0].data.bids.map((b: { chefId: number }) => b.chefId)).toEqual([people.chefs[0]]);
    expect(closed[0].data.bookingId).toBeNull();
    const winner = (await list(appKey, "?type=auction.closed", `chef:${people.chefs[1]}`)).json.data;
    expect(winner[0].data.bookingId).toEqual(expect.any(Number));
    expect(winner[0].data.winningChefId).toBeUndefined();
    const bids = (await list(appKey, "?type=auction.bid_placed", `chef:${people.chefs[0]}`)).json.data;
    expect(bids).toHaveLength(1);
  });

  it("pages with a cursor, and never skips an event whose transaction committed after a later one", async () => {
    const appKey = await newKey(database.db);
    const event = (objectId: number) =>
      ({ type: "booking.requested", objectType: "booking", objectId, orderingKey: `booking:${objectId}`, data: { id: objectId }, actor: "system:test", audience: [], at: t0 }) as const;
    let releaseSlow!: () => void;
    const slowMayCommit = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (slowInserted = resolve));
    // The slow transaction takes the lower id, then waits; the fast one commits a higher id first.
    const slow = database.db.$transaction(async (tx) => {
      await recordEvent(tx, event(1));
      slowInserted();
      await slowMayCommit;
    });
    await inserted;
    await database.db.$transaction((tx) => recordEvent(tx, event(2)));
    const first = await list(appKey, "?after=0");
    expect(first.json.data.map((e: { objectId: number }) => e.objectId)).toEqual([2]);
    releaseSlow();
    await slow;
    const second = await list(appKey, `?after=${first.json.nextCursor}`);
    expect(second.json.data.map((e: { objectId: number }) => e.objectId)).toEqual([1]);
    const third = await list(appKey, `?after=${second.json.nextCursor}`);
    expect(third.json).toMatchObject({ data: [], hasMore: false, nextCursor: second.json.nextCursor });
  });

  it("pages by limit and refuses a cursor it did not give", async () => {
    const appKey = await newKey(database.db);
    for (let i = 0; i < 3; i++) await requested(i % 2);
    const page = await list(appKey, "?limit=2");
    expect(page.json.data).toHaveLength(2);
    expect(page.json.hasMore).toBe(true);
    const rest = await list(appKey, `?limit=2&after=${page.json.nextCursor}`);
    expect(rest.json.data).toHaveLength(1);
    expect(rest.json.hasMore).toBe(false);
    expect((await list(appKey, "?after=-1")).status).toBe(400);
    expect((await list(appKey, "?type=nope")).status).toBe(400);
  });
});
