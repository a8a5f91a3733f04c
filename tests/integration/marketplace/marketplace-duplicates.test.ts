// Every marketplace job type run twice, and run concurrently from two ticks, leaves exactly the
// state and ledger of running it once (issue 6, test 1). Each scenario is built four times in a
// fresh set of tables (identities restart, so ids match) and brought to the instant its job is due:
//   once:        one tick;
//   twice:       one tick, then the handler again (a redelivery) in its own transaction;
//   concurrent:  a second job of the same type and payload, each claimed by its own tick and
//                run at the same time (the engine's step helpers make the overlap certain);
//   two ticks:   the same duplicate, and two whole ticks started together.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { claim, runClaimed } from "../../helpers/engine.ts";
import { schedule, tick } from "../../../lib/scheduler/index.ts";
import { frozenClock } from "../../../lib/scheduler/internal.ts";
import {
  acceptBooking, acceptDeadline, closeAuctionJob, closeEventJob, completeBookingJob, disputeReplyDeadline, moveAnswerDeadline, openDispute,
  payBooking, paymentDeadline, payoutJob, placeBid, postAuction, requestBooking, requestMove, type Actor, type JobDeclaration, type UseCaseContext,
} from "../../../lib/marketplace/index.ts";
import { at, day, expectInvariants, hour, marketCatalogue, marketState, registerPeople, tickAt, truncateMarket, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-05-03T10:00:00Z");
const eventAt = at(t0, 30 * day);
const price = 80_00;

const as = (actor: Actor, now: Date): UseCaseContext => ({ db: database.db, actor, now });

interface Scenario {
  declaration: JobDeclaration;
  /** Builds the records; returns the job's payload and the instant it is due. */
  build: (people: People) => Promise<{ payload: Record<string, number>; dueAt: Date }>;
}

async function requested(people: People) {
  return requestBooking(as(people.customer(), t0), {
    chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "America/New_York", place: "Brooklyn", priceMinor: price, currency: "USD",
  });
}
async function accepted(people: People) {
  const b = await requested(people);
  return acceptBooking(as(people.chef(), at(t0, hour)), { bookingId: b.id });
}
async function paid(people: People) {
  const b = await accepted(people);
  return payBooking(as(people.customer(), at(t0, 2 * hour)), { bookingId: b.id, amountMinor: price, currency: "USD" });
}

const scenarios: Scenario[] = [
  { declaration: acceptDeadline, build: async (p) => { const b = await requested(p); return { payload: { bookingId: b.id }, dueAt: new Date(b.acceptBy) }; } },
  { declaration: paymentDeadline, build: async (p) => { const b = await accepted(p); return { payload: { bookingId: b.id }, dueAt: new Date(b.payBy!) }; } },
  { declaration: closeEventJob, build: async (p) => { const b = await paid(p); return { payload: { bookingId: b.id }, dueAt: eventAt }; } },
  {
    declaration: completeBookingJob,
    build: async (p) => { const b = await paid(p); await tickAt(database.db, eventAt); return { payload: { bookingId: b.id }, dueAt: at(eventAt, 3 * hour) }; },
  },
  {
    declaration: payoutJob,
    build: async (p) => {
      const b = await paid(p);
      await tickAt(database.db, eventAt);
      await tickAt(database.db, at(eventAt, 3 * hour));
      return { payload: { bookingId: b.id }, dueAt: at(eventAt, 51 * hour) };
    },
  },
  {
    declaration: disputeReplyDeadline,
    build: async (p) => {
      const b = await paid(p);
      await tickAt(database.db, eventAt);
      const d = await openDispute(as(p.customer(), at(eventAt, hour)), { bookingId: b.id, reason: "burnt" });
      return { payload: { disputeId: d.id }, dueAt: new Date(d.replyBy) };
    },
  },
  {
    declaration: closeAuctionJob,
    build: async (p) => {
      const closesAt = at(t0, 2 * day);
      const a = await postAuction(as(p.customer(), t0), {
        closesAt: closesAt.toISOString(), eventAt: eventAt.toISOString(), timeZone: "Asia/Tokyo", place: "Shibuya", currency: "JPY", maxPriceMinor: 50_000,
      });
      await placeBid(as(p.chef(0), at(t0, hour)), { auctionId: a.id, priceMinor: 42_000 });
      await placeBid(as(p.chef(1), at(t0, hour)), { auctionId: a.id, priceMinor: 41_000 });
      return { payload: { auctionId: a.id }, dueAt: closesAt };
    },
  },
  {
    declaration: moveAnswerDeadline,
    build: async (p) => {
      const b = await paid(p);
      const m = await requestMove(as(p.customer(), at(t0, 3 * hour)), { bookingId: b.id, eventAt: at(eventAt, 7 * day).toISOString() });
      return { payload: { moveRequestId: m.id }, dueAt: new Date(m.answerBy) };
    },
  },
];

beforeEach(() => truncateMarket(database.db));

async function fresh(scenario: Scenario) {
  await truncateMarket(database.db);
  const people = await registerPeople(database.db, t0);
  return scenario.build(people);
}

/** A second job of the same type and payload (another key), as a duplicate delivery would be. */
async function duplicate(scenario: Scenario, payload: Record<string, number>, dueAt: Date) {
  const definition = marketCatalogue.get(scenario.declaration.name)!;
  await database.db.$transaction((tx) => schedule(tx, definition, { runAt: dueAt, payload, key: `duplicate:${scenario.declaration.name}` }));
}

/** Runs don't count: only what the business sees (records, ledger, pending deadlines). */
const stateOf = async () => marketState(database.db);

describe.each(scenarios.map((s) => [s.declaration.name, s] as const))("%s", (_name, scenario) => {
  it("run twice and run concurrently from two ticks: the state and ledger of running once", async () => {
    const { db } = database;
    const { dueAt } = await fresh(scenario);
    expect((await tickAt(db, dueAt)).succeeded).toBeGreaterThanOrEqual(1);
    const once = await stateOf();
    await expectInvariants(db);

    // Twice: the handler again, in a transaction of its own, after the first committed.
    {
      const { payload, dueAt: due } = await fresh(scenario);
      await tickAt(db, due);
      const definition = marketCatalogue.get(scenario.declaration.name)!;
      await db.$transaction((tx) =>
        definition.handler({ tx, payload, now: at(due, 1), job: { id: 0n, attempt: 2, runAt: due, key: null, subjectType: null, subjectId: null } }),
      );
      expect(await stateOf()).toEqual(once);
    }

    // Concurrently: two claims by two ticks, both run at once.
    {
      const { payload, dueAt: due } = await fresh(scenario);
      await duplicate(scenario, payload, due);
      const [first] = await claim(db, marketCatalogue, { now: due, tickId: "t_first", limit: 1 });
      const [second] = await claim(db, marketCatalogue, { now: due, tickId: "t_second", limit: 1 });
      expect([first?.jobType, second?.jobType]).toEqual([scenario.declaration.name, scenario.declaration.name]);
      const outcomes = await Promise.all([
        runClaimed(db, marketCatalogue, first!, frozenClock(due)),
        runClaimed(db, marketCatalogue, second!, frozenClock(due)),
      ]);
      expect(outcomes).toEqual(["succeeded", "succeeded"]);
      expect(await stateOf()).toEqual(once);
      await expectInvariants(db);
    }

    // Two whole ticks started together.
    {
      const { payload, dueAt: due } = await fresh(scenario);
      await duplicate(scenario, payload, due);
      const summaries = await Promise.all([1, 2].map(() => tick({ db, catalogue: marketCatalogue, now: due, budgetMs: 20_000, concurrency: 2 })));
      expect(summaries.flatMap((s) => s.errors)).toEqual([]);
      expect(summaries.reduce((n, s) => n + s.succeeded, 0)).toBe(2);
      expect(await stateOf()).toEqual(once);
    }
  });
});
