// Property-based (issue 6, test 3): random sequences of use-case calls (the API's operations, by
// the right and the wrong parties), clock jumps, ticks, duplicate and concurrent ticks. After
// every step: the money invariant holds per booking (charges = payouts + refunds + held, held
// never negative, so payout + refund <= charge), no record is in an impossible state (money
// matches status; one open dispute at most; one pending move request at most; no chef holds two
// overlapping events), and every pending deadline belongs to a record in the state that needs it,
// a pending move request's answer deadline included (tests/fixtures/marketplace.ts:
// invariantViolations). A use case may
// refuse (a DulyError); anything else thrown fails the property. Bounded by its run count
// (20 sequences of 20-40 steps): about 25 s on a quiet machine, never asserted (load decides it).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { isDulyError } from "../../../lib/errors.ts";
import { tick } from "../../../lib/scheduler/index.ts";
import {
  acceptBooking, acceptMove, cancelBooking, declineBooking, declineMove, moveEvent, openDispute, payBooking, placeBid, postAuction, replyToDispute,
  requestBooking, requestMove, resolveDispute, type Actor,
} from "../../../lib/marketplace/index.ts";
import { at, day, hour, invariantViolations, marketCatalogue, registerPeople, truncateMarket, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const start = new Date("2027-02-01T08:00:00Z");

type Step =
  | { kind: "request"; customer: number; chef: number; inDays: number; price: number }
  | { kind: "accept" | "decline" | "openDispute" | "reply"; pick: number; wrongParty: boolean }
  | { kind: "pay"; pick: number; providerKey: boolean; twice: boolean }
  | { kind: "move" | "requestMove" | "operatorMove"; pick: number; byDays: number }
  | { kind: "answerMove"; pick: number; accept: boolean; wrongParty: boolean }
  | { kind: "cancel"; pick: number; by: "customer" | "chef" | "operator" }
  | { kind: "resolve"; pick: number; outcome: "refund" | "partial" | "release"; share: number }
  | { kind: "auction"; customer: number; closeInHours: number }
  | { kind: "bid"; pick: number; chef: number; price: number }
  | { kind: "advance"; pick: number }
  | { kind: "jump"; ms: number }
  | { kind: "tick" | "twoTicks" | "staleTick" };

const pick = fc.nat({ max: 20 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("request" as const), customer: fc.nat({ max: 1 }), chef: fc.nat({ max: 1 }), inDays: fc.integer({ min: 3, max: 12 }), price: fc.integer({ min: 1, max: 500_00 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom("accept" as const, "decline" as const, "openDispute" as const, "reply" as const), pick, wrongParty: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("pay" as const), pick, providerKey: fc.boolean(), twice: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("move" as const, "operatorMove" as const), pick, byDays: fc.integer({ min: -5, max: 10 }) }) },
  // Moving an agreed event: the customer asks, the chef (or the wrong chef) answers, or the clock does.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("requestMove" as const), pick, byDays: fc.integer({ min: -5, max: 10 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("answerMove" as const), pick, accept: fc.boolean(), wrongParty: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel" as const), pick, by: fc.constantFrom("customer" as const, "chef" as const, "operator" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("resolve" as const), pick, outcome: fc.constantFrom("refund" as const, "partial" as const, "release" as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("auction" as const), customer: fc.nat({ max: 1 }), closeInHours: fc.integer({ min: 1, max: 72 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("bid" as const), pick, chef: fc.nat({ max: 1 }), price: fc.integer({ min: 1, max: 300_00 }) }) },
  // The natural next move for a booking (accept, pay, dispute, reply): reaches deep states often.
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("advance" as const), pick }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("jump" as const), ms: fc.oneof(fc.integer({ min: 1, max: 6 * hour }), fc.integer({ min: hour, max: 4 * day }), fc.integer({ min: 3 * day, max: 10 * day })) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom("tick" as const, "twoTicks" as const, "staleTick" as const) }) },
);

async function nth<T extends { id: number }>(rows: T[], index: number): Promise<T | undefined> {
  return rows.length === 0 ? undefined : rows[index % rows.length];
}

async function run(step: Step, now: Date, people: People): Promise<Date> {
  const { db } = database;
  const ctx = (actor: Actor) => ({ db, actor, now });
  const bookings = await db.booking.findMany({ orderBy: { id: "asc" } });
  const booking = "pick" in step ? await nth(bookings, step.pick) : undefined;
  const customerOf = (b: { customerId: number }, wrong = false): Actor => ({ kind: "customer", customerId: wrong ? b.customerId + 1000 : b.customerId });
  const chefOf = (b: { chefId: number }, wrong = false): Actor => ({ kind: "chef", chefId: wrong ? (b.chefId === people.chefs[0] ? people.chefs[1]! : people.chefs[0]!) : b.chefId });
  switch (step.kind) {
    case "request":
      await requestBooking(ctx(people.customer(step.customer)), {
        chefId: people.chefs[step.chef]!, eventAt: at(now, step.inDays * day).toISOString(), timeZone: "Europe/Madrid", place: "Sevilla", priceMinor: step.price, currency: "EUR",
      });
      return now;
    case "accept":
      if (booking) await acceptBooking(ctx(chefOf(booking, step.wrongParty)), { bookingId: booking.id });
      return now;
    case "decline":
      if (booking) await declineBooking(ctx(chefOf(booking, step.wrongParty)), { bookingId: booking.id });
      return now;
    case "pay":
      if (booking) {
        const input = { bookingId: booking.id, amountMinor: booking.priceMinor, currency: booking.currency, paymentKey: step.providerKey ? `psp_${booking.id}` : undefined };
        await payBooking(ctx(customerOf(booking)), input);
        if (step.twice) await payBooking(ctx({ kind: "system", reason: "webhook" }), input); // a retried webhook: no second charge
      }
      return now;
    case "move":
    case "operatorMove":
      if (booking) {
        const actor = step.kind === "move" ? customerOf(booking) : people.operator;
        await moveEvent(ctx(actor), { bookingId: booking.id, eventAt: at(booking.eventAt, step.byDays * day).toISOString() });
      }
      return now;
    case "requestMove":
      if (booking) await requestMove(ctx(customerOf(booking)), { bookingId: booking.id, eventAt: at(booking.eventAt, step.byDays * day).toISOString() });
      return now;
    case "answerMove": {
      const requests = await db.bookingMoveRequest.findMany({ orderBy: { id: "asc" }, include: { booking: true } });
      const request = await nth(requests, step.pick);
      if (!request) return now;
      const chef = chefOf(request.booking, step.wrongParty);
      if (step.accept) await acceptMove(ctx(chef), { moveRequestId: request.id });
      else await declineMove(ctx(chef), { moveRequestId: request.id, reason: "not that day" });
      return now;
    }
    case "cancel":
      if (booking) {
        const actor = step.by === "customer" ? customerOf(booking) : step.by === "chef" ? chefOf(booking) : people.operator;
        await cancelBooking(ctx(actor), { bookingId: booking.id, reason: "changed plans" });
      }
      return now;
    case "openDispute":
      if (booking) await openDispute(ctx(customerOf(booking, step.wrongParty)), { bookingId: booking.id, reason: "not as agreed" });
      return now;
    case "reply":
    case "resolve": {
      const disputes = await db.dispute.findMany({ orderBy: { id: "asc" }, include: { booking: true } });
      const dispute = await nth(disputes, step.pick);
      if (!dispute) return now;
      if (step.kind === "reply") {
        await replyToDispute(ctx(chefOf(dispute.booking, step.wrongParty)), { disputeId: dispute.id, reply: "it was fine" });
      } else if (step.kind !== "resolve") {
        return now;
      } else if (step.outcome === "partial") {
        const refundMinor = Math.max(1, Math.floor(dispute.booking.priceMinor * step.share));
        await resolveDispute(ctx(people.operator), { disputeId: dispute.id, outcome: "partial", refundMinor });
      } else {
        await resolveDispute(ctx(people.operator), { disputeId: dispute.id, outcome: step.outcome });
      }
      return now;
    }
    case "auction":
      await postAuction(ctx(people.customer(step.customer)), {
        closesAt: at(now, step.closeInHours * hour).toISOString(), eventAt: at(now, step.closeInHours * hour + 5 * day).toISOString(),
        timeZone: "Europe/Madrid", place: "Málaga", currency: "EUR", maxPriceMinor: 200_00,
      });
      return now;
    case "bid": {
      const auction = await nth(await db.auction.findMany({ orderBy: { id: "asc" } }), step.pick);
      if (auction) await placeBid(ctx(people.chef(step.chef)), { auctionId: auction.id, priceMinor: step.price });
      return now;
    }
    case "advance": {
      if (!booking) return now;
      const id = { bookingId: booking.id };
      const pendingMove = await db.bookingMoveRequest.findFirst({ where: { bookingId: booking.id, status: "pending" } });
      if (pendingMove && booking.status === "paid") await acceptMove(ctx(chefOf(booking)), { moveRequestId: pendingMove.id });
      else if (booking.status === "requested") await acceptBooking(ctx(chefOf(booking)), id);
      else if (booking.status === "accepted") await payBooking(ctx(customerOf(booking)), { ...id, amountMinor: booking.priceMinor, currency: booking.currency });
      else if (booking.status === "closed" || booking.status === "completed") await openDispute(ctx(customerOf(booking)), { ...id, reason: "meh" });
      else if (booking.status === "disputed") {
        const dispute = await db.dispute.findFirstOrThrow({ where: { bookingId: booking.id, status: { in: ["awaiting_reply", "awaiting_operator"] } } });
        if (dispute.status === "awaiting_reply") await replyToDispute(ctx(chefOf(booking)), { disputeId: dispute.id, reply: "no" });
        else await resolveDispute(ctx(people.operator), { disputeId: dispute.id, outcome: "partial", refundMinor: Math.max(1, Math.floor(booking.priceMinor / 3)) });
      }
      return now;
    }
    case "jump":
      return at(now, step.ms);
    case "tick":
      await checkedTick(now);
      return now;
    case "twoTicks":
      await Promise.all([checkedTick(now), checkedTick(now)]);
      return now;
    case "staleTick": // a tick whose clock lags (a slow cron host): it may only do less
      await checkedTick(at(now, -2 * hour));
      return now;
  }
}

async function checkedTick(now: Date): Promise<void> {
  const summary = await tick({ db: database.db, catalogue: marketCatalogue, now, budgetMs: 20_000, concurrency: 2 });
  expect(summary.errors).toEqual([]);
  expect(summary.dead).toBe(0);
}

describe("marketplace properties", () => {
  it("after every step of random use cases, clock jumps and (duplicate, concurrent, stale) ticks, the invariants hold", { timeout: 300_000 }, async () => {
    const { db } = database;
    const reached = new Set<string>();
    const outcomes = { done: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 20, maxLength: 40 }), async (steps) => {
        await truncateMarket(db);
        const people = await registerPeople(db, start);
        let now = start;
        for (const [index, step] of steps.entries()) {
          try {
            now = await run(step, now, people);
            outcomes.done += 1;
          } catch (error) {
            outcomes.refused += 1;
            if (!isDulyError(error)) throw new Error(`step ${index} ${JSON.stringify(step)} threw: ${String(error)}`);
          }
          for (const b of await db.booking.findMany({ select: { status: true } })) reached.add(`booking:${b.status}`);
          for (const d of await db.dispute.findMany({ select: { status: true } })) reached.add(`dispute:${d.status}`);
          for (const m of await db.bookingMoveRequest.findMany({ select: { status: true } })) reached.add(`move:${m.status}`);
          const violations = await invariantViolations(db);
          if (violations.length > 0) throw new Error(`after step ${index} ${JSON.stringify(step)} at ${now.toISOString()}: ${violations.join("; ")}`);
        }
        // Finally let the clock run out: every booking ends, nothing is held, nothing pending.
        await checkedTick(at(now, 120 * day));
        await checkedTick(at(now, 240 * day));
        const violations = await invariantViolations(db);
        if (violations.length > 0) throw new Error(`after the clock ran out: ${violations.join("; ")}`);
      }),
      { numRuns: 20, endOnFailure: true },
    );
    console.log(`properties: ${JSON.stringify(outcomes)}; statuses seen: ${[...reached].sort().join(", ")}`);
  });
});
