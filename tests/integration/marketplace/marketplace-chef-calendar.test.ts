// A chef cannot be booked twice for overlapping events: once a booking holds the chef's time
// (accepted and every later status of an event that happens), no other booking of that chef may
// hold an overlapping span [event_at, event_at + duration). The database enforces it (an
// exclusion constraint), so two accepts racing for the same evening cannot both win; the use
// cases check first to refuse with a clear CHEF_UNAVAILABLE, and an auction passes over a busy
// bidder.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import {
  acceptBooking, acceptMove, cancelBooking, chefTimeStatuses, holdingStatuses, moveEvent, payBooking, placeBid, postAuction, requestBooking,
  requestMove, type Actor, type UseCaseContext,
} from "../../../lib/marketplace/index.ts";
import { at, day, expectInvariants, hour, registerPeople, tickAt, truncateMarket, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-04-05T09:00:00Z");
const eventAt = at(t0, 20 * day);
let people: People;
const as = (actor: Actor, now: Date): UseCaseContext => ({ db: database.db, actor, now });

beforeEach(async () => {
  await truncateMarket(database.db);
  people = await registerPeople(database.db, t0, { customers: 3, chefs: 2 });
});

const requestAt = (customer: number, when: Date, extra: { durationMinutes?: number; chef?: number } = {}) =>
  requestBooking(as(people.customer(customer), t0), {
    chefId: people.chefs[extra.chef ?? 0]!, eventAt: when.toISOString(), timeZone: "Europe/Rome", place: `Roma ${customer}`, priceMinor: 90_00,
    currency: "EUR", ...(extra.durationMinutes ? { durationMinutes: extra.durationMinutes } : {}),
  });

async function paidAt(customer: number, when: Date, chef = 0): Promise<number> {
  const b = await requestAt(customer, when, { chef });
  await acceptBooking(as(people.chef(chef), at(t0, hour)), { bookingId: b.id });
  await payBooking(as(people.customer(customer), at(t0, 2 * hour)), { bookingId: b.id, amountMinor: 90_00, currency: "EUR" });
  return b.id;
}

const holding = (chef = 0) =>
  database.db.booking.findMany({ where: { chefId: people.chefs[chef]!, status: { in: [...chefTimeStatuses] } }, select: { id: true }, orderBy: { id: "asc" } });

describe("one chef, one event at a time", () => {
  it("accepting a second booking whose event overlaps an accepted one is refused", async () => {
    const first = await requestAt(0, eventAt);
    const second = await requestAt(1, at(eventAt, 2 * hour)).catch((error: unknown) => error);
    await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: first.id });
    const outcome = second instanceof Error
      ? second
      : await acceptBooking(as(people.chef(), at(t0, 2 * hour)), { bookingId: (second as { id: number }).id }).catch((error: unknown) => error);
    expect(outcome).toMatchObject({ name: "DulyError", code: "CHEF_UNAVAILABLE" });
    const holding = await database.db.booking.count({ where: { chefId: people.chefs[0]!, status: "accepted" } });
    expect(holding).toBe(1);
  });

  it("a span is the event's duration, half open: back-to-back events fit, one minute of overlap does not", async () => {
    const dinner = await requestAt(0, eventAt); // 4 h by default: until eventAt + 4 h
    const lunch = await requestAt(1, at(eventAt, -90 * 60_000), { durationMinutes: 90 }); // ends as the dinner starts
    const late = await requestAt(2, at(eventAt, 4 * hour)); // starts as the dinner ends
    for (const b of [dinner, lunch, late]) await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
    expect((await holding()).map((b) => b.id)).toEqual([dinner.id, lunch.id, late.id]);
    await expect(requestAt(1, at(eventAt, 8 * hour - 60_000))).rejects.toMatchObject({ code: "CHEF_UNAVAILABLE" });
    await expect(requestAt(1, at(eventAt, 8 * hour))).resolves.toMatchObject({ status: "requested" });
  });

  it("a request for a time the chef holds is refused at once, without telling the customer whose booking it is", async () => {
    const held = await paidAt(0, eventAt);
    const refusal = (await requestAt(1, at(eventAt, hour)).then(() => undefined, (error: unknown) => error)) as Error;
    expect(refusal).toMatchObject({ code: "CHEF_UNAVAILABLE", message: expect.stringContaining("already booked at that time") });
    expect(refusal.message).not.toContain(`booking ${held}`);
    expect(await database.db.booking.count()).toBe(1);
  });

  it("a cancelled, declined or expired booking gives the time back", async () => {
    const first = await paidAt(0, eventAt);
    await cancelBooking(as(people.customer(0), at(t0, 3 * hour)), { bookingId: first, reason: "off" });
    const second = await requestAt(1, eventAt);
    await expect(acceptBooking(as(people.chef(), at(t0, 4 * hour)), { bookingId: second.id })).resolves.toMatchObject({ status: "accepted" });
  });

  it("accepting a move onto a span the chef took meanwhile is refused, and nothing moves", async () => {
    const moving = await paidAt(0, eventAt);
    const target = at(eventAt, 2 * day);
    const asked = await requestMove(as(people.customer(0), at(t0, 3 * hour)), { bookingId: moving, eventAt: target.toISOString() });
    // Meanwhile the chef accepts another customer's request for that evening.
    const other = await requestAt(1, at(target, hour));
    await acceptBooking(as(people.chef(), at(t0, 4 * hour)), { bookingId: other.id });
    const before = await database.db.booking.findUniqueOrThrow({ where: { id: moving } });
    await expect(acceptMove(as(people.chef(), at(t0, 5 * hour)), { moveRequestId: asked.id })).rejects.toMatchObject({
      code: "CHEF_UNAVAILABLE", message: expect.stringContaining(`(booking ${other.id})`),
    });
    expect(await database.db.booking.findUniqueOrThrow({ where: { id: moving } })).toEqual(before);
    expect((await database.db.bookingMoveRequest.findUniqueOrThrow({ where: { id: asked.id } })).status).toBe("pending");
    await expectInvariants(database.db);
  });

  it("an operator's move onto a span the chef holds is refused, and nothing moves", async () => {
    const a = await paidAt(0, eventAt);
    const b = await paidAt(1, at(eventAt, 3 * day));
    await expect(moveEvent(as(people.operator, at(t0, day)), { bookingId: b, eventAt: at(eventAt, 2 * hour).toISOString() })).rejects.toMatchObject({
      code: "CHEF_UNAVAILABLE", message: expect.stringContaining(`(booking ${a})`),
    });
    expect((await database.db.booking.findUniqueOrThrow({ where: { id: b } })).eventAt).toEqual(at(eventAt, 3 * day));
  });

  it("an auction passes over a bidder already booked for its event: the lowest free bid wins; only busy bidders: it expires", async () => {
    await paidAt(0, at(eventAt, hour), 0); // chef 0 holds that evening
    const closesAt = at(t0, 2 * day);
    const post = (customer: number) =>
      postAuction(as(people.customer(customer), t0), {
        closesAt: closesAt.toISOString(), eventAt: eventAt.toISOString(), timeZone: "Europe/Rome", place: "Roma", currency: "EUR", maxPriceMinor: 200_00,
      });
    const auction = await post(1);
    await placeBid(as(people.chef(0), at(t0, hour)), { auctionId: auction.id, priceMinor: 100_00 }); // the lowest, but busy
    await placeBid(as(people.chef(1), at(t0, hour)), { auctionId: auction.id, priceMinor: 150_00 });
    const onlyBusy = await post(2);
    await placeBid(as(people.chef(0), at(t0, hour)), { auctionId: onlyBusy.id, priceMinor: 120_00 });
    await tickAt(database.db, closesAt);
    expect(await database.db.booking.findFirst({ where: { auctionId: auction.id } })).toMatchObject({ chefId: people.chefs[1], priceMinor: 150_00 });
    expect(await database.db.auction.findUniqueOrThrow({ where: { id: onlyBusy.id } })).toMatchObject({ status: "expired" });
    expect(await database.db.booking.count({ where: { auctionId: onlyBusy.id } })).toBe(0);
    await expectInvariants(database.db);
  });
});

describe("the database decides a race", () => {
  it("two accepts for overlapping events at once, ten times: exactly one wins each time", async () => {
    for (let round = 0; round < 10; round++) {
      const when = at(eventAt, round * day);
      const [a, b] = [await requestAt(0, when), await requestAt(1, at(when, hour))];
      const outcomes = await Promise.allSettled([a, b].map((r) => acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: r.id })));
      expect(outcomes.filter((o) => o.status === "fulfilled"), `round ${round}`).toHaveLength(1);
      const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: "CHEF_UNAVAILABLE" });
    }
    expect(await holding()).toHaveLength(10);
    await expectInvariants(database.db);
  });

  it("an accept whose check ran before a racing accept committed is refused by the constraint, not let through", async () => {
    const [a, b] = [await requestAt(0, eventAt), await requestAt(1, at(eventAt, hour))];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let accepted!: () => void;
    const firstAccepted = new Promise<void>((resolve) => (accepted = resolve));
    // The first accept, in a transaction held open after the accept.
    const first = database.db.$transaction(async (tx) => {
      await acceptBooking({ db: tx, actor: people.chef(), now: at(t0, hour) }, { bookingId: a.id });
      accepted();
      await released;
    }, { timeout: 180_000 });
    await firstAccepted;
    // The second one's check cannot see the first (not committed): it goes on to its UPDATE,
    // which waits on the first's hold in the constraint's index.
    const second = acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id }).then(() => "accepted", (error: unknown) => error);
    await waitUntilBlocked();
    release();
    await first;
    expect(await second).toMatchObject({ code: "CHEF_UNAVAILABLE", message: expect.stringContaining("meanwhile") });
    expect((await holding()).map((h) => h.id)).toEqual([a.id]);
  });
});

describe("what holds the chef's time", () => {
  it("the constraint's statuses are chefTimeStatuses, which include every status holding money", async () => {
    const [row] = await database.db.$queryRaw<Array<{ definition: string }>>`
      SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = 'bookings_chef_time_excl'`;
    const statuses = [...row!.definition.matchAll(/'(\w+)'::booking_status/g)].map((m) => m[1]);
    expect(statuses).toEqual([...chefTimeStatuses]);
    for (const status of holdingStatuses) expect(chefTimeStatuses).toContain(status);
    expect(chefTimeStatuses).not.toContain("requested");
  });
});

/** Polls until another session of this database waits for a lock (the second accept). */
async function waitUntilBlocked(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const [row] = await database.db.$queryRaw<Array<{ waiting: number }>>`
      SELECT count(*)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`;
    if (row!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the second accept never waited on the first");
}
