// Auctions are sealed-bid and reverse: chefs bid a price, the lowest wins, and a chef may only
// lower its own bid. Proven against real PostgreSQL, through the API where what a party sees is
// the question:
// - a chef reading an auction sees its own bid only; the customer who posted it sees every bid,
//   as do operators;
// - a chef's new bid must be lower than its previous one (raising is refused, nothing written);
// - ties go to the earliest bid at that price: re-sending the same price keeps its original time.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getAuctionRoute } from "../../../app/api/v1/auctions/[auctionId]/route.ts";
import { POST as bidRoute } from "../../../app/api/v1/auctions/[auctionId]/bids/route.ts";
import {
  closeAuction, getAuction, placeBid, postAuction, systemActor, type Actor, type UseCaseContext,
} from "../../../lib/marketplace/index.ts";
import { callRoute, newKey, useAppDatabase, type RouteHandler } from "../../helpers/api.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { at, day, hour, registerPeople, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
useAppDatabase(database);

const t0 = new Date("2027-06-01T08:00:00Z");
const closesAt = at(t0, 2 * day);
let people: People;
let appKey: string;
const as = (actor: Actor, now = t0): UseCaseContext => ({ db: database.db, actor, now });
const label = (actor: Actor) => (actor.kind === "customer" ? `customer:${actor.customerId}` : actor.kind === "chef" ? `chef:${actor.chefId}` : "");

beforeAll(async () => {
  process.env.DULY_TIME_TRAVEL = "1";
  people = await registerPeople(database.db, t0, { customers: 2, chefs: 3 });
  appKey = await newKey(database.db, { name: "auctions" });
});

async function openAuction(): Promise<number> {
  const auction = await postAuction(as(people.customer()), {
    closesAt: closesAt.toISOString(), eventAt: at(t0, 30 * day).toISOString(), timeZone: "Europe/Lisbon", place: "Porto", currency: "EUR", maxPriceMinor: 500_00,
  });
  return auction.id;
}

const bid = (auctionId: number, chef: number, priceMinor: number, now: Date) =>
  callRoute(bidRoute as RouteHandler, {
    path: `/auctions/${auctionId}/bids`, params: { auctionId: String(auctionId) }, key: appKey, actingAs: label(people.chef(chef)),
    body: { priceMinor }, headers: { "x-duly-now": now.toISOString() },
  });

const read = (auctionId: number, actor: Actor) =>
  callRoute(getAuctionRoute as RouteHandler, {
    path: `/auctions/${auctionId}`, params: { auctionId: String(auctionId) }, key: appKey, actingAs: label(actor),
    headers: { "x-duly-now": at(t0, day).toISOString() },
  });

describe("who sees which bids", () => {
  it("a chef sees only its own bid; the customer who posted and operators see all three", async () => {
    const id = await openAuction();
    for (const [chef, priceMinor] of [[0, 300_00], [1, 280_00], [2, 290_00]] as const) {
      expect((await bid(id, chef, priceMinor, at(t0, (chef + 1) * hour))).status).toBe(201);
    }
    const asChef = await read(id, people.chef(1));
    expect(asChef.status, asChef.text).toBe(200);
    const competitors = asChef.json.bids.filter((b: { chefId: number }) => b.chefId !== people.chefs[1]);
    expect(competitors.map((b: { priceMinor: number }) => b.priceMinor)).toEqual([]);
    expect(asChef.json.bids).toEqual([expect.objectContaining({ chefId: people.chefs[1], priceMinor: 280_00 })]);

    const asCustomer = await read(id, people.customer());
    expect(asCustomer.json.bids.map((b: { priceMinor: number }) => b.priceMinor)).toEqual([280_00, 290_00, 300_00]);
    const asOperator = await getAuction(as(people.operator), { auctionId: id });
    expect(asOperator.bids).toHaveLength(3);
  });

  it("a chef who has not bid sees the auction (to bid on it) with no bids", async () => {
    const id = await openAuction();
    await bid(id, 0, 300_00, at(t0, hour));
    const answer = await read(id, people.chef(2));
    expect(answer.status).toBe(200);
    expect(answer.json.bids).toEqual([]);
  });
});

describe("the bidding rule: a chef's bid only goes down", () => {
  it("raising one's bid is refused (400 INVALID_INPUT naming the current bid) and changes nothing; lowering it is accepted", async () => {
    const id = await openAuction();
    expect((await bid(id, 0, 300_00, at(t0, hour))).status).toBe(201);
    const raised = await bid(id, 0, 320_00, at(t0, 2 * hour));
    expect({ status: raised.status, code: raised.json?.error?.code }).toEqual({ status: 400, code: "INVALID_INPUT" });
    expect(raised.json.error.message).toMatch(/30000/);
    const row = await database.db.bid.findFirstOrThrow({ where: { auctionId: id, chefId: people.chefs[0] } });
    expect({ priceMinor: row.priceMinor, createdAt: row.createdAt.toISOString() }).toEqual({ priceMinor: 300_00, createdAt: at(t0, hour).toISOString() });
    const lowered = await bid(id, 0, 250_00, at(t0, 3 * hour));
    expect(lowered.status, lowered.text).toBe(201);
    expect(lowered.json).toMatchObject({ priceMinor: 250_00, createdAt: at(t0, 3 * hour).toISOString() });
  });

  it("concurrent bids by one chef never leave a higher price than the lowest it sent", async () => {
    const id = await openAuction();
    await bid(id, 0, 400_00, at(t0, hour));
    const prices = [390_00, 350_00, 380_00, 360_00, 370_00];
    await Promise.all(prices.map((p, i) => bid(id, 0, p, at(t0, 2 * hour + i * 1000))));
    const row = await database.db.bid.findFirstOrThrow({ where: { auctionId: id, chefId: people.chefs[0] } });
    expect(row.priceMinor).toBe(350_00);
  });
});

describe("ties", () => {
  it("re-sending the same price keeps its original time, so the earlier bidder at that price wins", async () => {
    const id = await openAuction();
    await bid(id, 0, 200_00, at(t0, hour));
    await bid(id, 1, 200_00, at(t0, 2 * hour));
    const resent = await bid(id, 0, 200_00, at(t0, 3 * hour));
    expect(resent.status, resent.text).toBe(201);
    expect(resent.json.createdAt).toBe(at(t0, hour).toISOString());
    const closed = await closeAuction({ db: database.db, actor: systemActor("test"), now: closesAt }, { auctionId: id });
    const booking = await database.db.booking.findUniqueOrThrow({ where: { id: closed.bookingId! } });
    expect(booking.chefId).toBe(people.chefs[0]);
  });

  it("lowering to a price another chef already bid: the other chef was there first and wins", async () => {
    const id = await openAuction();
    await bid(id, 0, 250_00, at(t0, hour));
    await bid(id, 1, 200_00, at(t0, 2 * hour));
    await bid(id, 0, 200_00, at(t0, 3 * hour));
    const closed = await closeAuction({ db: database.db, actor: systemActor("test"), now: closesAt }, { auctionId: id });
    const booking = await database.db.booking.findUniqueOrThrow({ where: { id: closed.bookingId! } });
    expect(booking.chefId).toBe(people.chefs[1]);
  });
});

describe("placeBid (the use case) keeps the same rule", () => {
  it("refuses a raise and keeps the same price's time", async () => {
    const id = await openAuction();
    const first = await placeBid(as(people.chef(2), at(t0, hour)), { auctionId: id, priceMinor: 100_00 });
    await expect(placeBid(as(people.chef(2), at(t0, 2 * hour)), { auctionId: id, priceMinor: 100_01 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    const same = await placeBid(as(people.chef(2), at(t0, 3 * hour)), { auctionId: id, priceMinor: 100_00 });
    expect(same).toEqual(first);
  });
});
