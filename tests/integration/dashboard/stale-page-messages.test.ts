// A stale-page refusal says what changed and who changed it (the tick ran it and how it ended,
// an operator moved it and to when, the business cancelled it and why, a customer paid or moved
// it, a chef replied, the sweep reset an account), and every time in it, like the confirmation
// of a change, is in the operator's display zone: one zone per screen. The pages' server
// actions (jobs, bookings, disputes, accounts, job types, recurring schedules) called directly;
// next/headers hands them the session cookie and the display-zone cookie, as Next does inside a
// request.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { createSignedInOperator, sessionCookieName, type SignedInOperator } from "../../helpers/operators.ts";
import { claim, runClaimed } from "../../helpers/engine.ts";
import { schedule } from "../../../lib/scheduler/index.ts";
import { catalogue, demoPing } from "../../../jobs/index.ts";
import { jobVersion } from "../../../lib/operations/job-as-seen.ts";
import type { ActionState } from "../../../app/_lib/action-state.ts";
import { at, day, hour, registerPeople, tickAt, type People } from "../../fixtures/marketplace.ts";
import {
  acceptBooking, moveEvent, openDispute, payBooking, registerChef, replyToDispute, requestBooking, systemActor, type UseCaseContext,
} from "../../../lib/marketplace/index.ts";
import { databaseClock } from "../../../lib/scheduler/index.ts";
import { bookingVersion } from "../../../lib/operations/booking-as-seen.ts";
import { disputeDetail } from "../../../lib/operations/disputes.ts";
import { accountDetail, changePlan, createAccount, resetDueAccounts } from "../../../lib/quotas/index.ts";
import { formatInZone, toDateTimeLocalValue } from "../../../lib/time/zoned-time.ts";
import type { DisputeReviewState } from "../../../components/resolve-dispute-form.tsx";

const secret = "stale-messages-test-secret-0123456789abcdef";
let cookieHeader = "";
const zone = "Europe/Berlin";
vi.mock("next/headers", () => ({
  headers: async () => new Headers(cookieHeader ? { cookie: cookieHeader } : {}),
  cookies: async () => ({ get: (name: string) => (name === "duly_tz" ? { name, value: zone } : undefined) }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const database = useTestDatabase();
let olga: SignedInOperator;
let vic: SignedInOperator;
let actions: typeof import("../../../app/jobs/[id]/actions.ts");
let bookingActions: typeof import("../../../app/bookings/[id]/actions.ts");
let disputeActions: typeof import("../../../app/disputes/actions.ts");
let accountActions: typeof import("../../../app/accounts/actions.ts");
let jobTypeActions: typeof import("../../../app/job-types/actions.ts");
let recurringActions: typeof import("../../../app/recurring/actions.ts");
let people: People;
const idle: ActionState = { ok: false };

beforeAll(async () => {
  process.env.DATABASE_URL = database.url;
  process.env.BETTER_AUTH_SECRET = secret;
  process.env.BETTER_AUTH_URL = "http://duly.test";
  olga = await createSignedInOperator(database.db, { role: "operator", secret, label: "olga" });
  vic = await createSignedInOperator(database.db, { role: "operator", secret, label: "vic" });
  actions = await import("../../../app/jobs/[id]/actions.ts");
  bookingActions = await import("../../../app/bookings/[id]/actions.ts");
  disputeActions = await import("../../../app/disputes/actions.ts");
  accountActions = await import("../../../app/accounts/actions.ts");
  jobTypeActions = await import("../../../app/job-types/actions.ts");
  recurringActions = await import("../../../app/recurring/actions.ts");
  people = await registerPeople(database.db, new Date("2029-12-01T00:00:00Z"));
});

afterEach(() => {
  cookieHeader = "";
});

const signInAs = (user: SignedInOperator) => {
  cookieHeader = `${sessionCookieName}=${user.cookieValue}`;
};

async function pendingJob(runAt: Date) {
  const { id } = await database.db.$transaction((tx) => schedule(tx, demoPing, { runAt, payload: { note: "stale message test" } }));
  return { id, seen: (await jobVersion(database.db, id))! };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/** "2026-12-01 10:02:03 Europe/Berlin (+01:00)" with any time: the audit log's clock is the database's. */
const berlinTime = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d Europe/Berlin \(\+0[12]:00\)`;

describe("a stale page's refusal says what changed and who changed it", () => {
  it("the tick ran it: when (in the operator's zone) and how it ended", async () => {
    const job = await pendingJob(new Date("2020-01-10T12:00:00Z"));
    const [claimed] = await claim(database.db, catalogue, { now: new Date("2020-01-10T12:00:01Z"), tickId: "stale-message-tick" });
    expect(await runClaimed(database.db, catalogue, claimed!)).toBe("succeeded");
    signInAs(olga);
    const state = await actions.cancelJobAction(idle, form({ jobId: job.id.toString(), ...job.seen, reason: "too late" }));
    expect(state.ok).toBe(false);
    expect(state.message).toMatch(/it was pending on your page and is now succeeded \(the tick ran it at 2020-01-10 13:00:0\d Europe\/Berlin \(\+01:00\) and it succeeded\)/);
  });

  it("another operator moved it: who, when, and to when", async () => {
    const job = await pendingJob(new Date("2030-01-10T12:00:00Z"));
    const fields = { jobId: job.id.toString(), ...job.seen, zone };
    signInAs(olga);
    expect((await actions.rescheduleJobAction(idle, form({ ...fields, localRunAt: "2030-01-11T10:00", reason: "chef is late" }))).ok).toBe(true);
    signInAs(vic);
    const state = await actions.runJobNowAction(idle, form({ jobId: job.id.toString(), ...job.seen }));
    expect(state.message).toMatch(new RegExp(`it was changed \\(Test olga rescheduled it at ${berlinTime} to 2030-01-11 10:00:00 Europe/Berlin \\(\\+01:00\\)\\)`));
  });

  it("the business cancelled it: who and why", async () => {
    const job = await pendingJob(new Date("2030-01-10T12:00:00Z"));
    await database.db.$executeRaw`
      UPDATE scheduled_jobs SET status = 'cancelled', cancelled_at = ${new Date("2030-01-05T08:00:00Z")}, cancelled_by = 'customer:7', cancel_reason = 'booking cancelled by the customer'
      WHERE id = ${job.id}`;
    signInAs(olga);
    const state = await actions.rescheduleJobAction(idle, form({ jobId: job.id.toString(), ...job.seen, zone, localRunAt: "2030-01-12T10:00", reason: "move it" }));
    expect(state.message).toContain("it was pending on your page and is now cancelled (customer:7 cancelled it at 2030-01-05 09:00:00 Europe/Berlin (+01:00) (booking cancelled by the customer))");
  });
});

describe("a confirmation names its time in the operator's zone", () => {
  it("a reschedule says where the job went in the display zone, not as a raw ISO instant", async () => {
    const job = await pendingJob(new Date("2030-01-10T12:00:00Z"));
    signInAs(olga);
    const state = await actions.rescheduleJobAction(idle, form({ jobId: job.id.toString(), ...job.seen, zone, localRunAt: "2030-01-12T09:30", reason: "chef asked" }));
    expect(state).toMatchObject({ ok: true, message: "Rescheduled: moved to 2030-01-12 09:30:00 Europe/Berlin (+01:00)." });
  });
});

/** An instant as the operator reads it: in the display zone, never raw ISO. */
const inBerlin = (instant: Date) => formatInZone(instant, zone);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function dbNow(): Promise<Date> {
  return (await databaseClock(database.db))();
}

// The records a refusal describes are ordered by their times, all from the database's clock in
// production: here too, each business step happens before the operator acts (at the database's
// now), never at a chosen instant after it.
let chefs = 0;
/**
 * A booking of its own chef (a chef holds one event at a time), taken as far as `upTo` in the
 * three hours before `now` (requested 3 h before, accepted 2 h before, paid 1 h before); its
 * event 30 days later, at 12:00 UTC.
 */
async function booking(now: Date, upTo: "requested" | "accepted" | "paid") {
  const requestedAt = at(now, -3 * hour);
  const ctx = (actor: UseCaseContext["actor"], now: Date): UseCaseContext => ({ db: database.db, actor, now });
  const eventAt = new Date(Math.floor((requestedAt.getTime() + 30 * day) / day) * day + 12 * hour);
  const chef = await registerChef(ctx(systemActor("test"), requestedAt), { name: `Chef Stale ${++chefs}`, email: `chef-${chefs}@stale-messages.test` });
  const requested = await requestBooking(ctx(people.customer(), requestedAt), {
    chefId: chef.id, eventAt: eventAt.toISOString(), timeZone: "Europe/Berlin", place: "Berlin", priceMinor: 42_000, currency: "EUR",
  });
  if (upTo !== "requested") await acceptBooking(ctx({ kind: "chef", chefId: chef.id }, at(requestedAt, hour)), { bookingId: requested.id });
  if (upTo === "paid") await payBooking(ctx(systemActor("payment-webhook"), at(requestedAt, 2 * hour)), { bookingId: requested.id, amountMinor: 42_000, currency: "EUR" });
  return { id: requested.id, eventAt, chefId: chef.id, seen: (await bookingVersion(database.db, requested.id))! };
}

const customerName = async () => (await database.db.customer.findUniqueOrThrow({ where: { id: people.customers[0]! } })).name;

describe("a booking's stale page says what changed, who changed it and when", () => {
  it("paid meanwhile: by the payment provider, how much, and when (in the display zone)", async () => {
    const now = await dbNow();
    const b = await booking(now, "accepted");
    const paidAt = at(now, -30 * 60_000);
    await payBooking({ db: database.db, actor: systemActor("payment-webhook"), now: paidAt }, { bookingId: b.id, amountMinor: 42_000, currency: "EUR" });
    signInAs(olga);
    const state = await bookingActions.cancelBookingAction(idle, form({ bookingId: String(b.id), ...b.seen, reason: "stale page" }));
    expect(state.message).toBe(
      `booking ${b.id} changed since your page showed it: it was accepted on your page and is now paid ` +
        `(the payment provider (its signed webhook) recorded its payment of 420.00 EUR at ${inBerlin(paidAt)}). Nothing was changed; reload the page to see it as it is now.`,
    );
  });

  it("its customer moved a requested booking's event: the customer by name, from when to when", async () => {
    const now = await dbNow();
    const b = await booking(now, "requested");
    const movedAt = at(now, -30 * 60_000);
    const to = at(b.eventAt, day);
    await moveEvent({ db: database.db, actor: people.customer(), now: movedAt }, { bookingId: b.id, eventAt: to.toISOString() });
    signInAs(olga);
    const state = await bookingActions.cancelBookingAction(idle, form({ bookingId: String(b.id), ...b.seen, reason: "stale page" }));
    expect(state.message).toContain(
      `it was changed (the customer ${await customerName()} (customer ${people.customers[0]}) moved its event at ${inBerlin(movedAt)} to ${inBerlin(to)}). Nothing was changed`,
    );
  });

  it("another operator moved the event: the operator by name, when, to when and why", async () => {
    const b = await booking(await dbNow(), "paid");
    const fields = { bookingId: String(b.id), status: b.seen.status, version: b.seen.version, zone };
    const to = at(b.eventAt, day);
    signInAs(olga);
    expect((await bookingActions.moveEventAction(idle, form({ ...fields, localRunAt: toDateTimeLocalValue(to, zone), reason: "guests arrive later" }))).ok).toBe(true);
    signInAs(vic);
    const state = await bookingActions.cancelBookingAction(idle, form({ ...fields, reason: "stale page" }));
    expect(state.message).toMatch(new RegExp(`it was changed \\(Test olga moved its event at ${berlinTime} to ${escape(inBerlin(to))} \\(guests arrive later\\)\\)\\. Nothing was changed`));
  });

  it("the tick closed it at its event time", async () => {
    const now = await dbNow();
    const b = await booking(now, "paid");
    await tickAt(database.db, b.eventAt);
    signInAs(olga);
    const state = await bookingActions.cancelBookingAction(idle, form({ bookingId: String(b.id), ...b.seen, reason: "stale page" }));
    expect(state.message).toContain(`it was paid on your page and is now closed (the tick (job close-event) closed it at ${inBerlin(b.eventAt)} (its event time had come))`);
  });

  it("a tick is running one of its jobs right now: which job, and when it was due", async () => {
    const b = await booking(await dbNow(), "paid");
    const [close] = await database.db.scheduledJob.findMany({ where: { subjectType: "booking", subjectId: String(b.id), status: "pending" } });
    signInAs(olga);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM scheduled_jobs WHERE id = ${close!.id} FOR UPDATE`;
      locked();
      await held;
    });
    await lockTaken;
    try {
      const state = await bookingActions.cancelBookingAction(idle, form({ bookingId: String(b.id), ...b.seen, reason: "while a tick runs it" }));
      expect(state.message).toBe(
        `booking ${b.id} is being worked on right now (a tick is running job ${close!.id} (marketplace.booking.close-event, due ${inBerlin(b.eventAt)})); nothing was changed. Reload the page in a moment.`,
      );
    } finally {
      release();
      await holder;
    }
  });

  it("a refusal from the marketplace names its instants in the display zone, not raw ISO", async () => {
    const b = await booking(await dbNow(), "paid");
    signInAs(olga);
    const state = await bookingActions.moveEventAction(idle, form({
      bookingId: String(b.id), status: b.seen.status, version: b.seen.version, zone, localRunAt: toDateTimeLocalValue(b.eventAt, zone), reason: "same time",
    }));
    expect(state.message).toBe(`booking ${b.id}'s event is already at ${inBerlin(b.eventAt)}: nothing to move`);
  });
});

/** A paid booking whose event closed 5 days ago, disputed an hour after it (replied an hour later, or not). */
let stories = 0;
async function disputed({ replied }: { replied: boolean }) {
  const { db } = database;
  stories++;
  const start = at(await dbNow(), -15 * day);
  const eventAt = at(start, 10 * day);
  const chef = await registerChef({ db, actor: systemActor("test"), now: start }, { name: `Chef Dispute ${stories}`, email: `chef-d${stories}@stale-messages.test` });
  const customer = { db, actor: people.customer(), now: start };
  const b = await requestBooking(customer, { chefId: chef.id, eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Lyon", priceMinor: 120_00, currency: "EUR" });
  await acceptBooking({ db, actor: { kind: "chef", chefId: chef.id }, now: at(start, hour) }, { bookingId: b.id });
  await payBooking({ ...customer, actor: systemActor("payment-webhook"), now: at(start, 2 * hour) }, { bookingId: b.id, amountMinor: 120_00, currency: "EUR" });
  await tickAt(db, eventAt);
  const openedAt = at(eventAt, hour);
  const dispute = await openDispute({ ...customer, now: openedAt }, { bookingId: b.id, reason: "cold food" });
  const repliedAt = at(openedAt, hour);
  if (replied) await replyToDispute({ db, actor: { kind: "chef", chefId: chef.id }, now: repliedAt }, { disputeId: dispute.id, reply: "it was not" });
  return { detail: (await disputeDetail(db, dispute.id))!, chef, repliedAt };
}

const seenDispute = (d: { id: number; status: string; version: string }) => ({ disputeId: String(d.id), status: d.status, version: d.version });

function confirmForm(state: DisputeReviewState): FormData {
  expect(state, JSON.stringify(state)).toMatchObject({ ok: true });
  const { refund: _refund, payout: _payout, held: _held, ...fields } = state.review!;
  return form(fields);
}

describe("a dispute's stale page says what changed, who changed it and when", () => {
  it("its reply deadline refunded it: the tick, when, and the outcome", async () => {
    const { detail } = await disputed({ replied: false });
    await tickAt(database.db, detail.replyBy);
    signInAs(olga);
    const state = await disputeActions.reviewDisputeDecisionAction({ ok: false }, form({ ...seenDispute(detail), outcome: "release", reason: "chef was right" }));
    expect(state.message).toContain(
      `it was awaiting_reply on your page and is now refunded (the tick (job dispute-reply-deadline) resolved it at ${inBerlin(detail.replyBy)}: refunded in full). Nothing was changed`,
    );
  });

  it("another operator resolved it first: by name, when, the outcome and why", async () => {
    const { detail } = await disputed({ replied: true });
    signInAs(vic);
    const first = await disputeActions.reviewDisputeDecisionAction({ ok: false }, form({ ...seenDispute(detail), outcome: "release", reason: "first decision" }));
    signInAs(olga);
    const second = await disputeActions.reviewDisputeDecisionAction({ ok: false }, form({ ...seenDispute(detail), outcome: "refund", reason: "second decision" }));
    signInAs(vic);
    expect(await disputeActions.resolveDisputeAction(idle, confirmForm(first))).toMatchObject({ ok: true });
    signInAs(olga);
    const state = await disputeActions.resolveDisputeAction(idle, confirmForm(second));
    expect(state.message).toMatch(
      new RegExp(`it was awaiting_operator on your page and is now released \\(Test vic resolved it at ${berlinTime}: released to the chef \\(first decision\\)\\)\\. Nothing was changed`),
    );
  });

  it("the chef replied after the page was shown: the chef by name, and when", async () => {
    const { detail, chef } = await disputed({ replied: false });
    const repliedAt = at(detail.openedAt, 2 * hour); // before its deadline, days before the operator acts
    await replyToDispute({ db: database.db, actor: { kind: "chef", chefId: chef.id }, now: repliedAt }, { disputeId: detail.id, reply: "late reply" });
    signInAs(olga);
    const state = await disputeActions.reviewDisputeDecisionAction({ ok: false }, form({ ...seenDispute(detail), outcome: "refund", reason: "no reply seen" }));
    expect(state.message).toContain(
      `it was awaiting_reply on your page and is now awaiting_operator (the chef ${chef.name} (chef ${chef.id}) replied at ${inBerlin(repliedAt)}). Nothing was changed`,
    );
  });
});

let accounts = 0;
/** A pro account in Berlin anchored on 2031-01-12: its next reset is 2031-02-12 at Berlin's midnight. */
async function account() {
  const created = await createAccount(database.db, { name: `stale-${accounts++}`, plan: "pro", anchorOn: "2031-01-12", timeZone: "Europe/Berlin" }, new Date("2031-01-20T12:00:00Z"));
  return { id: created.id, seen: (await accountDetail(database.db, created.id))!.version };
}

describe("an account's stale page says what changed, who changed it and when", () => {
  it("the sweep reset it: the tick's sweep, when, and to which plan on which date", async () => {
    const { id, seen } = await account();
    const sweptAt = new Date("2031-02-11T23:00:05Z");
    await resetDueAccounts(database.db, { now: sweptAt, sweptBy: "recurring:quotas.reset-sweep:2031-02-11T23:00:00.000Z" });
    signInAs(olga);
    const state = await accountActions.resetAccountNowAction(idle, form({ accountId: id.toString(), version: seen, reason: "support ticket" }));
    expect(state.message).toBe(
      `account ${id} changed since your page showed it: it was reset meanwhile (the tick's reset sweep reset it at ${inBerlin(sweptAt)} (to the pro plan's allowances, on 2031-02-12)). ` +
        "Nothing was changed; reload the page to see it as it is now.",
    );
  });

  it("its plan changed: who changed it (as the caller named itself), when, and the plan now", async () => {
    const { id, seen } = await account();
    await changePlan(database.db, id, "free", new Date("2031-01-25T12:00:00Z"), "system:app-key:duly_1a2b3c4d");
    const [{ plan_changed_at: changedAt }] = await database.db.$queryRaw<Array<{ plan_changed_at: Date }>>`SELECT plan_changed_at FROM quota_accounts WHERE id = ${id}`;
    signInAs(olga);
    const state = await accountActions.moveNextResetAction(idle, form({ accountId: id.toString(), version: seen, nextResetOn: "2031-02-20", reason: "support ticket" }));
    expect(state.message).toContain(
      `its plan or next reset changed meanwhile (the platform's API key duly_1a2b3c4d changed its plan at ${inBerlin(changedAt)} (now pro, downgrading to free at the next reset)). Nothing was changed`,
    );
  });

  it("another operator moved its next reset: by name, when, from and to", async () => {
    const { id, seen } = await account();
    signInAs(vic);
    expect(await accountActions.moveNextResetAction(idle, form({ accountId: id.toString(), version: seen, nextResetOn: "2031-02-20", reason: "customer asked" }))).toMatchObject({ ok: true });
    signInAs(olga);
    const state = await accountActions.resetAccountNowAction(idle, form({ accountId: id.toString(), version: seen, reason: "stale page" }));
    expect(state.message).toMatch(new RegExp(`its plan or next reset changed meanwhile \\(Test vic moved its next reset at ${berlinTime} from 2031-02-12 to 2031-02-20\\)\\. Nothing was changed`));
  });
});

describe("a switch someone already flipped says who flipped it and when", () => {
  it("a job type another operator paused", async () => {
    signInAs(vic);
    expect(await jobTypeActions.pauseJobTypeAction(idle, form({ jobType: "demo.ping", reason: "incident 42" }))).toMatchObject({ ok: true });
    signInAs(olga);
    const state = await jobTypeActions.pauseJobTypeAction(idle, form({ jobType: "demo.ping", reason: "same incident" }));
    expect(state.message).toMatch(new RegExp(`^demo\\.ping is already paused \\(Test vic paused it at ${berlinTime} \\(incident 42\\)\\); nothing was changed$`));
    signInAs(vic);
    expect(await jobTypeActions.resumeJobTypeAction(idle, form({ jobType: "demo.ping", reason: "" }))).toMatchObject({ ok: true });
    signInAs(olga);
    const resumed = await jobTypeActions.resumeJobTypeAction(idle, form({ jobType: "demo.ping", reason: "" }));
    expect(resumed.message).toMatch(new RegExp(`^demo\\.ping is not paused \\(Test vic resumed it at ${berlinTime}\\); nothing was changed$`));
  });

  it("a recurring schedule another operator paused", async () => {
    await database.db.recurringSchedule.create({
      data: { name: "stale-message-schedule", cron: "0 * * * *", jobType: "demo.ping", nextRunAt: new Date("2031-01-01T00:00:00Z") },
    });
    signInAs(vic);
    expect(await recurringActions.recurringAction(idle, form({ name: "stale-message-schedule", intent: "pause", reason: "noisy" }))).toMatchObject({ ok: true });
    signInAs(olga);
    const state = await recurringActions.recurringAction(idle, form({ name: "stale-message-schedule", intent: "pause", reason: "" }));
    expect(state.message).toMatch(new RegExp(`^stale-message-schedule is already paused \\(Test vic paused it at ${berlinTime} \\(noisy\\)\\); nothing was changed$`));
  });
});
