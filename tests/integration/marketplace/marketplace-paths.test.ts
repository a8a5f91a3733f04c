// Each path of the marketplace driven only by the clock (issue 6, test 2): use cases at chosen
// instants, and ticks of the real catalogue at chosen instants over three months; nothing reads
// the wall clock. After every tick the invariants hold (tests/fixtures/marketplace.ts).
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import {
  acceptBooking, acceptMove, cancelBooking, getBooking, moveEvent, openDispute, payBooking, placeBid, postAuction, replyToDispute,
  requestBooking, requestMove, resolveDispute, type UseCaseContext, type Actor,
} from "../../../lib/marketplace/index.ts";
import { at, day, expectInvariants, hour, marketState, registerPeople, tickAt, truncateMarket, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-03-01T09:00:00Z");
const eventAt = at(t0, 60 * day); // two months ahead
const price = 120_00;
let people: People;

const as = (actor: Actor, now: Date): UseCaseContext => ({ db: database.db, actor, now });

beforeEach(async () => {
  await truncateMarket(database.db);
  people = await registerPeople(database.db, t0);
});

async function statusOf(bookingId: number): Promise<string> {
  return (await database.db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status;
}

/** Ticks at each instant (in order), checking the invariants after each. */
async function tickThrough(instants: Date[]): Promise<void> {
  for (const instant of instants) {
    await tickAt(database.db, instant);
    await expectInvariants(database.db);
  }
}

/** Daily ticks from `from` to `to` (exclusive), as a cron would run them, between the chosen instants. */
const daily = (from: Date, to: Date) => {
  const instants: Date[] = [];
  for (let t = from.getTime() + day; t < to.getTime(); t += day) instants.push(new Date(t));
  return instants;
};

async function paidBooking(): Promise<number> {
  const booking = await requestBooking(as(people.customer(), t0), {
    chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Lyon, 12 rue de la Paix", priceMinor: price, currency: "EUR",
  });
  await acceptBooking(as(people.chef(), at(t0, 2 * hour)), { bookingId: booking.id });
  await payBooking(as(people.customer(), at(t0, 3 * hour)), { bookingId: booking.id, amountMinor: price, currency: "EUR" });
  return booking.id;
}

async function ledgerOf(bookingId: number) {
  return (await database.db.ledgerEntry.findMany({ where: { bookingId }, orderBy: { id: "asc" } })).map((e) => [e.kind, e.amountMinor, e.idempotencyKey]);
}

async function failedRuns(): Promise<number> {
  return database.db.jobRun.count({ where: { outcome: { not: "succeeded" } } });
}

describe("clock-driven paths", () => {
  it("happy path: request, accept, pay; the event closes, completes 3 h later, the chef is paid 48 h after that", async () => {
    const id = await paidBooking();
    await tickThrough([at(t0, 4 * hour), ...daily(t0, eventAt), at(eventAt, -1)]);
    expect(await statusOf(id)).toBe("paid");
    await tickThrough([eventAt]);
    expect(await statusOf(id)).toBe("closed");
    await tickThrough([at(eventAt, 3 * hour - 1)]);
    expect(await statusOf(id)).toBe("closed");
    await tickThrough([at(eventAt, 3 * hour)]);
    expect(await statusOf(id)).toBe("completed");
    await tickThrough([at(eventAt, 51 * hour - 1)]);
    expect(await statusOf(id)).toBe("completed");
    await tickThrough([at(eventAt, 51 * hour), ...daily(at(eventAt, 51 * hour), at(t0, 90 * day))]);
    expect(await statusOf(id)).toBe("paid_out");
    expect(await ledgerOf(id)).toEqual([["charge", price, `charge:booking:${id}`], ["payout", price, `payout:booking:${id}`]]);
    expect((await marketState(database.db)).pendingJobs).toEqual([]);
    expect(await failedRuns()).toBe(0);
  });

  it("no accept: the request expires exactly 24 h after it was made", async () => {
    const booking = await requestBooking(as(people.customer(), t0), {
      chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Lyon", priceMinor: price, currency: "EUR",
    });
    await tickThrough([at(t0, 24 * hour - 1)]);
    expect(await statusOf(booking.id)).toBe("requested");
    await tickThrough([at(t0, 24 * hour), ...daily(at(t0, day), at(t0, 90 * day))]);
    expect(await statusOf(booking.id)).toBe("expired");
    await expect(acceptBooking(as(people.chef(), at(t0, 25 * hour)), { bookingId: booking.id })).rejects.toMatchObject({
      code: "INVALID_STATE", message: expect.stringContaining("is expired"),
    });
    expect(await ledgerOf(booking.id)).toEqual([]);
  });

  it("no payment: the accepted booking is cancelled 12 h after acceptance; paying then is refused", async () => {
    const booking = await requestBooking(as(people.customer(), t0), {
      chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Lyon", priceMinor: price, currency: "EUR",
    });
    await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: booking.id });
    await tickThrough([at(t0, 13 * hour - 1)]);
    expect(await statusOf(booking.id)).toBe("accepted");
    await tickThrough([at(t0, 13 * hour)]);
    expect(await statusOf(booking.id)).toBe("cancelled");
    const jobs = await database.db.scheduledJob.findMany({ where: { subjectId: String(booking.id) }, orderBy: { id: "asc" } });
    expect(jobs.map((j) => [j.jobType, j.status])).toEqual([
      ["marketplace.booking.accept-deadline", "cancelled"],
      ["marketplace.booking.payment-deadline", "succeeded"],
    ]);
    await expect(
      payBooking(as(people.customer(), at(t0, 18 * hour)), { bookingId: booking.id, amountMinor: price, currency: "EUR" }),
    ).rejects.toMatchObject({ code: "INVALID_STATE", message: expect.stringContaining("is cancelled") });
    await tickThrough(daily(at(t0, day), at(t0, 90 * day)));
    expect(await ledgerOf(booking.id)).toEqual([]);
  });

  it("silent chef: a dispute opened after the event is refunded in full 24 h later; completion and payout never happen", async () => {
    const id = await paidBooking();
    await tickThrough([...daily(t0, eventAt), eventAt]);
    const dispute = await openDispute(as(people.customer(), at(eventAt, hour)), { bookingId: id, reason: "the chef never came" });
    await tickThrough([at(eventAt, 3 * hour)]);
    expect(await statusOf(id)).toBe("disputed");
    await tickThrough([at(eventAt, 25 * hour - 1)]);
    expect(await statusOf(id)).toBe("disputed");
    await tickThrough([at(eventAt, 25 * hour), at(eventAt, 51 * hour), ...daily(at(eventAt, day), at(t0, 90 * day))]);
    expect(await statusOf(id)).toBe("refunded");
    expect(await database.db.dispute.findUniqueOrThrow({ where: { id: dispute.id } })).toMatchObject({ status: "refunded", refundMinor: price });
    expect(await ledgerOf(id)).toEqual([["charge", price, `charge:booking:${id}`], ["refund", price, `refund:booking:${id}`]]);
  });

  it("reply + operator partial refund: the reply cancels the deadline; the operator splits the money", async () => {
    const id = await paidBooking();
    await tickThrough([eventAt, at(eventAt, 3 * hour)]);
    expect(await statusOf(id)).toBe("completed");
    const dispute = await openDispute(as(people.customer(), at(eventAt, 10 * hour)), { bookingId: id, reason: "cold starters" });
    await replyToDispute(as(people.chef(), at(eventAt, 20 * hour)), { disputeId: dispute.id, reply: "the guests were late" });
    await tickThrough([at(eventAt, 34 * hour), at(eventAt, 51 * hour), at(eventAt, 10 * day)]); // past the reply and payout times
    expect(await statusOf(id)).toBe("disputed");
    await resolveDispute(as(people.operator, at(eventAt, 11 * day)), { disputeId: dispute.id, outcome: "partial", refundMinor: 30_00 });
    await tickThrough(daily(at(eventAt, 11 * day), at(t0, 90 * day)));
    expect(await statusOf(id)).toBe("settled");
    expect(await ledgerOf(id)).toEqual([
      ["charge", price, `charge:booking:${id}`], ["refund", 30_00, `refund:booking:${id}`], ["payout", price - 30_00, `payout:booking:${id}`],
    ]);
  });

  it("cancellation after payment: late by the customer refunds the policy's half (the rest to the chef); early refunds all", async () => {
    const late = await paidBooking();
    await tickThrough(daily(t0, at(eventAt, -3 * day)));
    await cancelBooking(as(people.customer(), at(eventAt, -3 * day)), { bookingId: late, reason: "the party is off" });
    expect(await ledgerOf(late)).toEqual([
      ["charge", price, `charge:booking:${late}`], ["refund", price / 2, `refund:booking:${late}`], ["payout", price / 2, `payout:booking:${late}`],
    ]);
    await truncateMarket(database.db);
    people = await registerPeople(database.db, t0);
    const early = await paidBooking();
    await cancelBooking(as(people.customer(), at(eventAt, -8 * day)), { bookingId: early, reason: "moved abroad" });
    await tickThrough([...daily(at(eventAt, -8 * day), at(t0, 90 * day)), eventAt, at(eventAt, 3 * hour), at(eventAt, 51 * hour)]);
    expect(await statusOf(early)).toBe("cancelled");
    expect(await ledgerOf(early)).toEqual([["charge", price, `charge:booking:${early}`], ["refund", price, `refund:booking:${early}`]]);
    const jobs = await database.db.scheduledJob.findMany({ where: { subjectId: String(early) }, orderBy: { id: "asc" } });
    expect(jobs.map((j) => [j.jobType, j.status])).toEqual([
      ["marketplace.booking.accept-deadline", "cancelled"],
      ["marketplace.booking.payment-deadline", "cancelled"],
      ["marketplace.booking.close-event", "cancelled"],
    ]);
  });

  it("event moved twice (a move the chef accepted, then an operator's): the close moves with it each time; nothing happens at the old times", async () => {
    const id = await paidBooking();
    const later = at(eventAt, 14 * day);
    const final = at(eventAt, 10 * day);
    const request = await requestMove(as(people.customer(), at(t0, 5 * day)), { bookingId: id, eventAt: later.toISOString() });
    await acceptMove(as(people.chef(), at(t0, 5 * day + hour)), { moveRequestId: request.id });
    await moveEvent(as(people.operator, at(t0, 9 * day)), { bookingId: id, eventAt: final.toISOString(), timeZone: "Europe/London" });
    const detail = await getBooking(as(people.customer(), at(t0, 9 * day)), { bookingId: id });
    expect(detail.deadlines.map((d) => [d.jobType, d.runAt])).toEqual([["marketplace.booking.close-event", final.toISOString()]]);
    await tickThrough([eventAt, at(eventAt, 3 * hour), at(eventAt, 51 * hour), at(final, -1)]);
    expect(await statusOf(id)).toBe("paid");
    await tickThrough([final]);
    expect(await statusOf(id)).toBe("closed");
    await expect(moveEvent(as(people.customer(), at(final, hour)), { bookingId: id, eventAt: at(final, 30 * day).toISOString() })).rejects.toMatchObject({
      code: "INVALID_STATE", message: expect.stringContaining("is closed"),
    });
    await tickThrough([at(final, 3 * hour), at(final, 51 * hour)]);
    expect(await statusOf(id)).toBe("paid_out");
    expect(await failedRuns()).toBe(0);
  });

  it("auction won: the lowest bid becomes a booking request for that chef at its price, which then runs its course", async () => {
    const closesAt = at(t0, 2 * day);
    const auction = await postAuction(as(people.customer(), t0), {
      closesAt: closesAt.toISOString(), eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Bordeaux", currency: "EUR", maxPriceMinor: 200_00,
    });
    await placeBid(as(people.chef(0), at(t0, hour)), { auctionId: auction.id, priceMinor: 150_00 });
    await placeBid(as(people.chef(1), at(t0, 2 * hour)), { auctionId: auction.id, priceMinor: 140_00 });
    await tickThrough([at(closesAt, -1)]);
    expect((await database.db.auction.findUniqueOrThrow({ where: { id: auction.id } })).status).toBe("open");
    await tickThrough([closesAt]);
    const booking = await database.db.booking.findFirstOrThrow({ where: { auctionId: auction.id } });
    expect(booking).toMatchObject({ status: "requested", chefId: people.chefs[1], priceMinor: 140_00, eventAt });
    await expect(placeBid(as(people.chef(0), at(closesAt, 1)), { auctionId: auction.id, priceMinor: 100_00 })).rejects.toMatchObject({
      code: "INVALID_STATE", message: expect.stringContaining("is awarded"),
    });
    await acceptBooking(as(people.chef(1), at(closesAt, hour)), { bookingId: booking.id });
    await payBooking(as(people.customer(), at(closesAt, 2 * hour)), { bookingId: booking.id, amountMinor: 140_00, currency: "EUR" });
    await tickThrough([...daily(closesAt, eventAt), eventAt, at(eventAt, 3 * hour), at(eventAt, 51 * hour)]);
    expect(await statusOf(booking.id)).toBe("paid_out");
  });

  it("auction with no bids expires at its deadline and makes no booking", async () => {
    const closesAt = at(t0, 3 * day);
    const auction = await postAuction(as(people.customer(), t0), {
      closesAt: closesAt.toISOString(), eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Nantes", currency: "EUR", maxPriceMinor: 90_00,
    });
    await tickThrough([...daily(t0, closesAt), closesAt, ...daily(closesAt, at(t0, 90 * day))]);
    expect((await database.db.auction.findUniqueOrThrow({ where: { id: auction.id } })).status).toBe("expired");
    expect(await database.db.booking.count()).toBe(0);
  });
});
