// Operator actions that make a marketplace deadline run before its business instant: run now,
// retry (of a job left dead by early runs), reschedule earlier and a bulk shift earlier, on every
// marketplace job type (the move request's answer deadline included). Each case then ticks through the whole business timeline, as a punctual
// cron would (a tick at every pending job's run time, and at least daily), and must end exactly
// as the same timeline ends untouched: the same booking, dispute and auction statuses, the same
// ledger, no job dead. The early run defers itself to the business instant without spending an
// attempt (docs/decisions/0020), so the attempts spent are what the untouched path spends: one.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import {
  acceptBooking, openDispute, payBooking, placeBid, postAuction, requestBooking, requestMove, type Actor, type UseCaseContext,
} from "../../../lib/marketplace/index.ts";
import { jobVersion } from "../../../lib/operations/job-as-seen.ts";
import { rescheduleJob, retryDeadJob, runJobNow } from "../../../lib/operations/job-actions.ts";
import { continueBulk, previewBulk, startBulk } from "../../../lib/operations/bulk.ts";
import { at, day, hour, invariantViolations, marketCatalogue, registerPeople, tickAt, truncateMarket, type People } from "../../fixtures/marketplace.ts";

const database = useTestDatabase();
const t0 = new Date("2027-03-01T09:00:00Z");
const eventAt = at(t0, 10 * day);
const end = at(t0, 20 * day);
const price = 120_00;
const operator = { id: "deferral-test-operator", email: "ops@duly.test" };

type Action = "run now" | "retry" | "reschedule earlier" | "bulk shift earlier";
const actions: Action[] = ["run now", "retry", "reschedule earlier", "bulk shift earlier"];

interface Step {
  at: Date;
  run: (people: People) => Promise<void>;
}

/** A business timeline with a pending job of `jobType` at `actionAt`, before its instant. */
interface Scenario {
  jobType: string;
  steps: Step[];
  actionAt: Date;
}

const as = (actor: Actor, now: Date): UseCaseContext => ({ db: database.db, actor, now });
let bookingId = 0;

const request: Step = {
  at: t0,
  run: async (people) => {
    const booking = await requestBooking(as(people.customer(), t0), {
      chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Lyon", priceMinor: price, currency: "EUR",
    });
    bookingId = booking.id;
  },
};
const accept: Step = { at: at(t0, hour), run: (people) => acceptBooking(as(people.chef(), at(t0, hour)), { bookingId }).then(() => {}) };
const pay: Step = {
  at: at(t0, 3 * hour),
  run: (people) => payBooking(as(people.customer(), at(t0, 3 * hour)), { bookingId, amountMinor: price, currency: "EUR" }).then(() => {}),
};
const paid = [request, accept, pay];

const scenarios: Scenario[] = [
  { jobType: "marketplace.booking.accept-deadline", steps: [request], actionAt: at(t0, hour) },
  { jobType: "marketplace.booking.payment-deadline", steps: [request, accept], actionAt: at(t0, 2 * hour) },
  { jobType: "marketplace.booking.close-event", steps: paid, actionAt: at(t0, day) },
  { jobType: "marketplace.booking.complete", steps: paid, actionAt: at(eventAt, hour) },
  { jobType: "marketplace.booking.payout", steps: paid, actionAt: at(eventAt, 4 * hour) },
  {
    jobType: "marketplace.dispute.reply-deadline",
    steps: [...paid, { at: at(eventAt, hour), run: (people) => openDispute(as(people.customer(), at(eventAt, hour)), { bookingId, reason: "cold food" }).then(() => {}) }],
    actionAt: at(eventAt, 2 * hour),
  },
  {
    jobType: "marketplace.auction.close",
    steps: [
      {
        at: t0,
        run: async (people) => {
          const auction = await postAuction(as(people.customer(), t0), {
            closesAt: at(t0, 2 * day).toISOString(), eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Nantes", currency: "EUR", maxPriceMinor: 200_00,
          });
          await placeBid(as(people.chef(0), at(t0, hour)), { auctionId: auction.id, priceMinor: 150_00 });
          await placeBid(as(people.chef(1), at(t0, 2 * hour)), { auctionId: auction.id, priceMinor: 140_00 });
        },
      },
    ],
    actionAt: at(t0, 3 * hour),
  },
  {
    // A customer asks to move a paid event and the chef never answers: the request lapses at its
    // answer deadline (24 h later), never earlier, and the booking keeps its terms.
    jobType: "marketplace.booking.move-answer-deadline",
    steps: [
      ...paid,
      {
        at: at(t0, 4 * hour),
        run: (people) =>
          requestMove(as(people.customer(), at(t0, 4 * hour)), { bookingId, eventAt: at(eventAt, 2 * day).toISOString() }).then(() => {}),
      },
    ],
    actionAt: at(t0, 5 * hour),
  },
];

let people: People;
let lastTick: Date | null = null;

beforeEach(async () => {
  await truncateMarket(database.db);
  await emptyTables(database.db, ["audit_entries", "bulk_operations", "bulk_operation_job_chunks"]);
  people = await registerPeople(database.db, t0);
  lastTick = null;
});

/**
 * Ticks as a punctual cron would up to `until`: at every pending job's run time, and at least
 * daily. Ticks never go back in time.
 */
async function driveTo(until: Date): Promise<void> {
  for (let ticks = 0; ticks < 400; ticks++) {
    const [next] = await database.db.scheduledJob.findMany({ where: { status: "pending" }, orderBy: { runAt: "asc" }, take: 1 });
    const floor = lastTick ? lastTick.getTime() + 1 : t0.getTime();
    const daily = (lastTick ?? t0).getTime() + day;
    const instant = Math.max(floor, Math.min(next ? next.runAt.getTime() : Infinity, daily));
    if (instant > until.getTime()) return;
    lastTick = new Date(instant);
    await tickAt(database.db, lastTick);
  }
  throw new Error("the timeline did not settle within 400 ticks");
}

async function play(steps: Step[], until: Date): Promise<void> {
  for (const step of steps) {
    await driveTo(step.at);
    await step.run(people);
  }
  await driveTo(until);
}

/** What the timeline's end is judged by: every record's status and the whole ledger. */
async function businessState() {
  const { db } = database;
  return {
    bookings: await db.booking.findMany({ select: { id: true, status: true }, orderBy: { id: "asc" } }),
    disputes: await db.dispute.findMany({ select: { id: true, status: true, refundMinor: true }, orderBy: { id: "asc" } }),
    auctions: await db.auction.findMany({ select: { id: true, status: true }, orderBy: { id: "asc" } }),
    moveRequests: await db.bookingMoveRequest.findMany({ select: { id: true, status: true, endReason: true }, orderBy: { id: "asc" } }),
    ledger: await db.ledgerEntry.findMany({ select: { bookingId: true, kind: true, amountMinor: true, idempotencyKey: true }, orderBy: { id: "asc" } }),
  };
}

async function pendingJobOf(jobType: string) {
  const job = await database.db.scheduledJob.findFirst({ where: { jobType, status: "pending" } });
  if (!job) throw new Error(`no pending ${jobType} job`);
  return job;
}

/**
 * What main left behind after early runs: the job dead after its last attempt, every attempt
 * failed with "not yet". (Set up directly: with deferral, early runs no longer kill it.)
 */
async function killLikeEarlyRuns(jobId: bigint, now: Date): Promise<void> {
  const { db } = database;
  const job = await db.scheduledJob.findUniqueOrThrow({ where: { id: jobId } });
  const error = `NotDueYet: due at ${job.runAt.toISOString()}, not yet at ${now.toISOString()}`;
  for (let attempt = job.attempts + 1; attempt <= job.maxAttempts; attempt++) {
    await db.jobRun.create({
      data: { jobId, attempt, tickId: "t_early", startedAt: now, finishedAt: now, outcome: attempt === job.maxAttempts ? "dead" : "failed", error },
    });
  }
  await db.scheduledJob.update({ where: { id: jobId }, data: { status: "dead", attempts: job.maxAttempts, finishedAt: now, lastError: error } });
}

async function act(action: Action, jobType: string, now: Date): Promise<bigint> {
  const job = await pendingJobOf(jobType);
  const reason = `testing ${action}`;
  if (action === "retry") await killLikeEarlyRuns(job.id, now);
  const seen = (await jobVersion(database.db, job.id))!;
  const input = { jobId: job.id, ...seen, reason };
  if (action === "run now") await runJobNow(database.db, operator, input, now, marketCatalogue);
  if (action === "retry") await retryDeadJob(database.db, operator, input, now, marketCatalogue);
  if (action === "reschedule earlier") await rescheduleJob(database.db, operator, { ...input, when: at(now, 10 * 60_000) }, marketCatalogue);
  if (action === "bulk shift earlier") {
    const preview = await previewBulk(database.db, operator, {
      target: { kind: "ids", ids: [job.id] }, change: { kind: "shift", offsetMs: now.getTime() - job.runAt.getTime() }, reason,
    }, now);
    expect(preview.changing).toBe(1);
    const id = await startBulk(database.db, operator, preview.id, now);
    expect(await continueBulk(database.db, id, now, undefined, marketCatalogue)).toMatchObject({ changed: 1, status: "done" });
  }
  return job.id;
}

async function runsOf(jobId: bigint) {
  return database.db.jobRun.findMany({ where: { jobId }, orderBy: { attempt: "asc" }, select: { outcome: true, note: true } });
}

describe("running a marketplace deadline early never changes how its timeline ends", () => {
  const untouched = new Map<string, Awaited<ReturnType<typeof businessState>>>();

  describe.each(scenarios)("$jobType", (scenario) => {
    it("untouched: the timeline's own end", async () => {
      await play(scenario.steps, end);
      expect(await invariantViolations(database.db)).toEqual([]);
      untouched.set(scenario.jobType, await businessState());
    });

    it.each(actions)("%s, then the whole timeline: the untouched end, nothing dead, one attempt spent at the business instant", async (action) => {
      const expected = untouched.get(scenario.jobType);
      if (!expected) throw new Error("the untouched case runs first");
      await play(scenario.steps, scenario.actionAt);
      const businessInstant = (await pendingJobOf(scenario.jobType)).runAt; // untouched, a deadline's job is due at its instant
      const jobId = await act(action, scenario.jobType, scenario.actionAt);
      // The audit entry says the job is bound to its business time, and when it will act.
      const [entry] = await database.db.auditEntry.findMany({ where: { recordType: "scheduled_job", recordId: jobId.toString() } });
      expect((entry!.toValue as { businessTime?: string }).businessTime).toMatch(
        new RegExp(`^bound to its business time \\(.*, ${businessInstant.toISOString().replaceAll(".", "\\.")}\\): it acts then, not earlier`),
      );
      await driveTo(end);

      expect(await businessState()).toEqual(expected);
      expect(await database.db.scheduledJob.count({ where: { status: "dead" } })).toBe(0);
      expect(await invariantViolations(database.db)).toEqual([]);
      // The early run deferred (its attempt given back); the one at the business instant succeeded.
      const runs = await runsOf(jobId);
      const afterAction = action === "retry" ? runs.filter((r) => r.outcome !== "failed" && r.outcome !== "dead") : runs;
      expect(afterAction.map((r) => r.outcome)).toEqual(["deferred", "succeeded"]);
      expect(afterAction[0]!.note).toMatch(/deferred to \S+: .* not yet at /);
      const job = await database.db.scheduledJob.findUniqueOrThrow({ where: { id: jobId } });
      expect(job.status).toBe("succeeded");
    });
  });
});
