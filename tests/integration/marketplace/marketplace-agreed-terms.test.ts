// The terms both sides agreed to hold until both agree to change them: a customer cannot move a
// paid (or accepted) event on their own, so moving it 7+ days out and then cancelling does not
// escape the late-cancellation share the policy promises the chef. A move is a request the chef
// accepts or declines before its answer deadline (a job, driven here by ticks at chosen
// instants); on silence it lapses; meanwhile the booking's own deadlines run on the agreed terms.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import {
  acceptBooking, acceptMove, cancelBooking, declineMove, getBooking, moveEvent, payBooking, requestBooking, requestMove, type Actor,
  type UseCaseContext,
} from "../../../lib/marketplace/index.ts";
import { at, day, expectInvariants, hour, registerPeople, tickAt, truncateMarket, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-04-05T09:00:00Z");
const eventAt = at(t0, 20 * day);
const price = 100_00;
let people: People;
const as = (actor: Actor, now: Date): UseCaseContext => ({ db: database.db, actor, now });

beforeEach(async () => {
  await truncateMarket(database.db);
  people = await registerPeople(database.db, t0);
});

async function paidBooking(): Promise<number> {
  const b = await requestBooking(as(people.customer(), t0), {
    chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Rome", place: "Roma", priceMinor: price, currency: "EUR",
  });
  await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
  await payBooking(as(people.customer(), at(t0, 2 * hour)), { bookingId: b.id, amountMinor: price, currency: "EUR" });
  return b.id;
}

const ledgerOf = async (bookingId: number) =>
  (await database.db.ledgerEntry.findMany({ where: { bookingId }, orderBy: { id: "asc" } })).map((e) => [e.kind, e.amountMinor]);

describe("a customer's move does not change agreed terms", () => {
  it("moving a paid event 7+ days out and then cancelling late refunds the late share, not everything", async () => {
    const id = await paidBooking();
    const cancelAt = at(eventAt, -3 * day); // 3 days before the agreed event: a late cancellation
    // The customer asks for the event a month later (whatever the answer, the chef did not agree).
    await moveEvent(as(people.customer(), at(cancelAt, -hour)), { bookingId: id, eventAt: at(eventAt, 30 * day).toISOString() }).catch(() => undefined);
    await cancelBooking(as(people.customer(), cancelAt), { bookingId: id, reason: "the party is off" });
    expect(await ledgerOf(id)).toEqual([["charge", price], ["refund", price / 2], ["payout", price / 2]]);
  });

  it("a customer moving a paid event without the chef leaves the event where it was", async () => {
    const id = await paidBooking();
    await moveEvent(as(people.customer(), at(t0, day)), { bookingId: id, eventAt: at(eventAt, 60 * day).toISOString() }).catch(() => undefined);
    const booking = await database.db.booking.findUniqueOrThrow({ where: { id } });
    expect(booking.eventAt).toEqual(eventAt);
    const close = await database.db.scheduledJob.findFirstOrThrow({ where: { subjectType: "booking", subjectId: String(id), status: "pending" } });
    expect(close).toMatchObject({ jobType: "marketplace.booking.close-event", runAt: eventAt });
  });
});

const bookingOf = (id: number) => database.db.booking.findUniqueOrThrow({ where: { id } });
const requestOf = (id: number) => database.db.bookingMoveRequest.findUniqueOrThrow({ where: { id } });
const openJobsOf = async (subjectType: string, id: number) =>
  (await database.db.scheduledJob.findMany({ where: { subjectType, subjectId: String(id), status: { in: ["pending", "running"] } }, orderBy: { id: "asc" } }))
    .map((j) => [j.jobType, j.runAt.toISOString()]);

/** Ticks at each instant in order, checking the marketplace's invariants after each. */
async function tickThrough(instants: Date[]): Promise<void> {
  for (const instant of instants) {
    await tickAt(database.db, instant);
    await expectInvariants(database.db);
  }
}

describe("the chef answers a move request", () => {
  it("accepted: the event, its close and the agreed time move; a later cancellation is judged against the new time", async () => {
    const id = await paidBooking();
    const to = at(eventAt, 30 * day);
    const asked = await requestMove(as(people.customer(), at(t0, day)), { bookingId: id, eventAt: to.toISOString(), timeZone: "Europe/Paris" });
    expect(asked).toMatchObject({ status: "pending", fromEventAt: eventAt.toISOString(), eventAt: to.toISOString(), answerBy: at(t0, 2 * day).toISOString() });
    expect(await bookingOf(id)).toMatchObject({ eventAt, agreedEventAt: eventAt }); // nothing changes until the chef says yes
    expect(await openJobsOf("move-request", asked.id)).toEqual([["marketplace.booking.move-answer-deadline", at(t0, 2 * day).toISOString()]]);

    const accepted = await acceptMove(as(people.chef(), at(t0, day + hour)), { moveRequestId: asked.id });
    expect(accepted).toMatchObject({ status: "accepted", endedBy: `chef:${people.chefs[0]}` });
    expect(await bookingOf(id)).toMatchObject({ eventAt: to, agreedEventAt: to, timeZone: "Europe/Paris" });
    expect(await openJobsOf("booking", id)).toEqual([["marketplace.booking.close-event", to.toISOString()]]);
    expect(await openJobsOf("move-request", asked.id)).toEqual([]);
    await expectInvariants(database.db);

    // 8 days before the time the chef agreed to: a full refund (the chef accepted that notice).
    await tickThrough([eventAt, at(eventAt, 3 * hour)]); // nothing happens at the old time
    expect((await bookingOf(id)).status).toBe("paid");
    await cancelBooking(as(people.customer(), at(to, -8 * day)), { bookingId: id, reason: "abroad" });
    expect(await ledgerOf(id)).toEqual([["charge", price], ["refund", price]]);
  });

  it("declined: the booking keeps its terms and the answer deadline is cancelled", async () => {
    const id = await paidBooking();
    const asked = await requestMove(as(people.customer(), at(t0, day)), { bookingId: id, eventAt: at(eventAt, 2 * day).toISOString() });
    const declined = await declineMove(as(people.chef(), at(t0, day + hour)), { moveRequestId: asked.id, reason: "I cook at a wedding that day" });
    expect(declined).toMatchObject({ status: "declined", endReason: "I cook at a wedding that day" });
    expect(await bookingOf(id)).toMatchObject({ eventAt, agreedEventAt: eventAt });
    expect(await openJobsOf("move-request", asked.id)).toEqual([]);
    await expect(acceptMove(as(people.chef(), at(t0, day + 2 * hour)), { moveRequestId: asked.id })).rejects.toMatchObject({
      code: "INVALID_STATE", message: expect.stringContaining("is declined"),
    });
    await tickThrough([at(t0, 2 * day), eventAt]);
    expect((await bookingOf(id)).status).toBe("closed");
  });

  it("silence: the request lapses exactly at its answer deadline (a tick), the booking keeps its terms, and answering after is refused", async () => {
    const id = await paidBooking();
    const askedAt = at(t0, day);
    const asked = await requestMove(as(people.customer(), askedAt), { bookingId: id, eventAt: at(eventAt, 3 * day).toISOString() });
    const answerBy = at(askedAt, 24 * hour);
    await tickThrough([at(answerBy, -1)]);
    expect((await requestOf(asked.id)).status).toBe("pending");
    // Refused at the deadline even before its job runs: the clock decides (decision 0011).
    await expect(acceptMove(as(people.chef(), answerBy), { moveRequestId: asked.id })).rejects.toMatchObject({
      code: "INVALID_STATE", message: expect.stringContaining("answer deadline passed"),
    });
    await tickThrough([answerBy]);
    expect(await requestOf(asked.id)).toMatchObject({ status: "lapsed", endedBy: "system:move-answer-deadline", endReason: "the chef did not answer in time" });
    expect(await bookingOf(id)).toMatchObject({ status: "paid", eventAt, agreedEventAt: eventAt });
    await tickThrough([eventAt]);
    expect((await bookingOf(id)).status).toBe("closed");
    // Nothing failed on the way: the answer deadline ran once, at its time.
    expect(await database.db.jobRun.count({ where: { outcome: { not: "succeeded" } } })).toBe(0);
  });

  it("the event arrives while a move is pending: it closes at the agreed time and the request lapses at that instant", async () => {
    const id = await paidBooking();
    const askedAt = at(eventAt, -10 * hour); // the policy's 24 h would outlast the event
    const asked = await requestMove(as(people.customer(), askedAt), { bookingId: id, eventAt: at(eventAt, 5 * day).toISOString() });
    expect(asked.answerBy).toBe(eventAt.toISOString());
    await tickThrough([at(eventAt, -1)]);
    expect([(await bookingOf(id)).status, (await requestOf(asked.id)).status]).toEqual(["paid", "pending"]);
    await tickThrough([eventAt]);
    expect(await bookingOf(id)).toMatchObject({ status: "closed", eventAt });
    expect(await requestOf(asked.id)).toMatchObject({ status: "lapsed", endReason: "the event's agreed time came before the chef answered" });
    await tickThrough([at(eventAt, 3 * hour), at(eventAt, 51 * hour)]);
    expect((await bookingOf(id)).status).toBe("paid_out");
  });

  it("an accepted booking's payment deadline runs on while a move is pending: unpaid, it is cancelled; the request can no longer be accepted and lapses", async () => {
    const b = await requestBooking(as(people.customer(), t0), {
      chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Rome", place: "Roma", priceMinor: price, currency: "EUR",
    });
    await acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
    const asked = await requestMove(as(people.customer(), at(t0, 2 * hour)), { bookingId: b.id, eventAt: at(eventAt, day).toISOString() });
    await tickThrough([at(t0, 13 * hour)]); // pay_by: acceptance + 12 h
    expect((await bookingOf(b.id)).status).toBe("cancelled");
    await expect(acceptMove(as(people.chef(), at(t0, 14 * hour)), { moveRequestId: asked.id })).rejects.toMatchObject({
      code: "INVALID_STATE", message: expect.stringContaining("is cancelled"),
    });
    await tickThrough([at(t0, 26 * hour)]);
    expect(await requestOf(asked.id)).toMatchObject({ status: "lapsed", endReason: "the booking became cancelled before the chef answered" });
    expect(await ledgerOf(b.id)).toEqual([]);
  });

  it("a customer's cancellation withdraws the pending request (and its deadline)", async () => {
    const id = await paidBooking();
    const asked = await requestMove(as(people.customer(), at(t0, day)), { bookingId: id, eventAt: at(eventAt, 3 * day).toISOString() });
    await cancelBooking(as(people.customer(), at(t0, 2 * hour + day)), { bookingId: id, reason: "the party is off" });
    expect(await requestOf(asked.id)).toMatchObject({ status: "withdrawn", endReason: "the booking was cancelled" });
    expect(await openJobsOf("move-request", asked.id)).toEqual([]);
    await expectInvariants(database.db);
  });

  it("one request at a time, answered only by the booking's chef; a request on a requested booking is refused (it moves directly)", async () => {
    const id = await paidBooking();
    const asked = await requestMove(as(people.customer(), at(t0, day)), { bookingId: id, eventAt: at(eventAt, 3 * day).toISOString() });
    await expect(requestMove(as(people.customer(), at(t0, day + hour)), { bookingId: id, eventAt: at(eventAt, 4 * day).toISOString() })).rejects.toMatchObject({
      code: "INVALID_STATE", message: expect.stringContaining(`already has a pending move (request ${asked.id}`),
    });
    // Another chef is told exactly what an id nothing has is told, so requests cannot be probed.
    await expect(acceptMove(as(people.chef(1), at(t0, day + hour)), { moveRequestId: asked.id })).rejects.toMatchObject({
      code: "NOT_FOUND", message: `move request ${asked.id} does not exist`,
    });
    await expect(acceptMove(as(people.chef(0), at(t0, day + hour)), { moveRequestId: asked.id + 1000 })).rejects.toMatchObject({
      code: "NOT_FOUND", message: `move request ${asked.id + 1000} does not exist`,
    });
    await expect(acceptMove(as(people.customer(), at(t0, day + hour)), { moveRequestId: asked.id })).rejects.toMatchObject({ code: "NOT_ALLOWED" });
    const requested = await requestBooking(as(people.customer(), t0), {
      chefId: people.chefs[1]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Rome", place: "Roma", priceMinor: price, currency: "EUR",
    });
    await expect(requestMove(as(people.customer(), at(t0, hour)), { bookingId: requested.id, eventAt: at(eventAt, day).toISOString() })).rejects.toMatchObject({
      code: "INVALID_STATE", message: expect.stringContaining("move it directly"),
    });
    const detail = await getBooking(as(people.customer(), at(t0, day + hour)), { bookingId: id });
    expect(detail.moveRequests.map((m) => [m.id, m.status])).toEqual([[asked.id, "pending"]]);
    expect(detail.deadlines.map((d) => [d.jobType, d.subject])).toEqual([
      ["marketplace.booking.move-answer-deadline", `move-request:${asked.id}`], ["marketplace.booking.close-event", `booking:${id}`],
    ]);
  });
});

describe("who moves directly", () => {
  it("a requested booking: the customer moves it; accepting then agrees to the new time", async () => {
    const b = await requestBooking(as(people.customer(), t0), {
      chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Rome", place: "Roma", priceMinor: price, currency: "EUR",
    });
    const to = at(eventAt, 2 * day);
    expect(await moveEvent(as(people.customer(), at(t0, hour)), { bookingId: b.id, eventAt: to.toISOString() })).toMatchObject({ eventAt: to.toISOString(), agreedEventAt: null });
    expect(await acceptBooking(as(people.chef(), at(t0, 2 * hour)), { bookingId: b.id })).toMatchObject({ eventAt: to.toISOString(), agreedEventAt: to.toISOString() });
  });

  it("an operator: a platform decision that sets the agreed time and withdraws a pending request", async () => {
    const id = await paidBooking();
    const asked = await requestMove(as(people.customer(), at(t0, day)), { bookingId: id, eventAt: at(eventAt, 3 * day).toISOString() });
    const to = at(eventAt, 20 * day);
    await moveEvent(as(people.operator, at(t0, day + hour)), { bookingId: id, eventAt: to.toISOString() });
    expect(await bookingOf(id)).toMatchObject({ eventAt: to, agreedEventAt: to });
    expect(await requestOf(asked.id)).toMatchObject({ status: "withdrawn", endedBy: "operator:ops@duly.test" });
    expect(await openJobsOf("move-request", asked.id)).toEqual([]);
    expect(await openJobsOf("booking", id)).toEqual([["marketplace.booking.close-event", to.toISOString()]]);
    await expectInvariants(database.db);
    // The customer cancels 10 days before the time the operator set: in full.
    await cancelBooking(as(people.customer(), at(to, -10 * day)), { bookingId: id, reason: "changed plans" });
    expect(await ledgerOf(id)).toEqual([["charge", price], ["refund", price]]);
  });
});
