// An operator's decision on a dispute (the dashboard's /disputes), through the marketplace's own
// use case: the ledger, the booking and the deadline job change together with the audit entry;
// a partial amount is checked against what the booking holds; a stale page (the deadline job or
// another operator resolved it, the chef replied) is refused and writes nothing. The server
// action is called directly, as a forged POST would call it: viewer refused, bad input gives
// field errors, nothing written. next/headers is the only stand-in (the request's cookie).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../helpers/database.ts";
import { createSignedInOperator, sessionCookieName, type SignedInOperator } from "../helpers/operators.ts";
import { acceptBooking, openDispute, payBooking, replyToDispute, requestBooking } from "../../lib/marketplace/index.ts";
import { disputeDetail, listDisputes, resolveDisputeAsOperator, type DisputeDetail } from "../../lib/operations/disputes.ts";
import { isDulyError } from "../../lib/errors.ts";
import { FieldRefusal } from "../../lib/validation/field-refusal.ts";
import type { ActionState } from "../../app/_lib/action-state.ts";
import { at, day, expectInvariants, hour, marketCatalogue, registerPeople, tickAt, type People } from "../fixtures/marketplace.ts";
import { claim, runClaimed } from "../helpers/engine.ts";
import { frozenClock } from "../../lib/scheduler/internal.ts";

const secret = "operator-disputes-test-secret-0123456789";
let cookieHeader = "";
vi.mock("next/headers", () => ({
  headers: async () => new Headers(cookieHeader ? { cookie: cookieHeader } : {}),
  cookies: async () => ({ get: () => undefined }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const database = useTestDatabase();
let operator: SignedInOperator;
let otherOperator: SignedInOperator;
let viewer: SignedInOperator;
let people: People;
let actions: typeof import("../../app/disputes/actions.ts");
const signInAs = (user: SignedInOperator | null) => {
  cookieHeader = user ? `${sessionCookieName}=${user.cookieValue}` : "";
};
const idle: ActionState = { ok: false };

// Every dispute gets its own event, a month after the previous one: a tick for one never reaches
// the deadline of a dispute a later test makes. All in the past of any real clock the action reads.
const t0 = new Date("2024-03-01T10:00:00Z");
let stories = 0;

beforeAll(async () => {
  process.env.DATABASE_URL = database.url;
  process.env.BETTER_AUTH_SECRET = secret;
  process.env.BETTER_AUTH_URL = "http://duly.test";
  operator = await createSignedInOperator(database.db, { role: "operator", secret });
  otherOperator = await createSignedInOperator(database.db, { role: "operator", secret });
  viewer = await createSignedInOperator(database.db, { role: "viewer", secret });
  people = await registerPeople(database.db, t0, { customers: 1, chefs: 1 });
  actions = await import("../../app/disputes/actions.ts");
});
afterEach(() => signInAs(null));

/** A paid 120.00 EUR booking whose event closed and which the customer disputed; replied if asked. */
async function disputed({ replied }: { replied: boolean }): Promise<{ detail: DisputeDetail; openedAt: Date }> {
  const { db } = database;
  const start = at(t0, stories++ * 30 * day);
  const eventAt = at(start, 10 * day);
  const customer = { db, actor: people.customer(), now: start };
  const b = await requestBooking(customer, { chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Lyon", priceMinor: 120_00, currency: "EUR" });
  await acceptBooking({ db, actor: people.chef(), now: at(start, hour) }, { bookingId: b.id });
  await payBooking({ ...customer, now: at(start, 2 * hour) }, { bookingId: b.id, amountMinor: 120_00, currency: "EUR" });
  await tickAt(db, eventAt); // the event closes
  const openedAt = at(eventAt, hour);
  const dispute = await openDispute({ ...customer, now: openedAt }, { bookingId: b.id, reason: "cold food" });
  if (replied) await replyToDispute({ db, actor: people.chef(), now: at(openedAt, hour) }, { disputeId: dispute.id, reply: "it was not" });
  return { detail: (await disputeDetail(db, dispute.id))!, openedAt };
}

async function snapshot(disputeId: number, bookingId: number) {
  const { db } = database;
  return {
    dispute: await db.dispute.findUniqueOrThrow({ where: { id: disputeId } }),
    booking: await db.booking.findUniqueOrThrow({ where: { id: bookingId } }),
    ledger: await db.ledgerEntry.findMany({ where: { bookingId }, orderBy: { id: "asc" } }),
    jobs: await db.scheduledJob.findMany({ where: { subjectType: "dispute", subjectId: String(disputeId) }, orderBy: { id: "asc" } }),
    audit: await db.auditEntry.findMany({ where: { recordType: "dispute", recordId: String(disputeId) } }),
  };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const seen = (d: DisputeDetail) => ({ disputeId: String(d.id), status: d.status, version: d.version });

describe("the list", () => {
  it("shows open disputes oldest first with the deadline job, and resolved ones as history", async () => {
    // A later story's tick runs every earlier deadline: the dispute awaiting the chef is made last.
    const { detail: replied } = await disputed({ replied: true });
    const { detail: waiting } = await disputed({ replied: false });
    const open = await listDisputes(database.db, { status: "open" });
    const ids = open.rows.map((r) => r.id);
    expect(ids.indexOf(replied.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(replied.id)).toBeLessThan(ids.indexOf(waiting.id)); // oldest first
    const row = open.rows.find((r) => r.id === waiting.id)!;
    expect(row.deadline).toMatchObject({ jobType: "marketplace.dispute.reply-deadline", status: "pending" });
    expect(row.deadline!.runAt.toISOString()).toBe(waiting.replyBy.toISOString());
    expect(row).toMatchObject({ priceMinor: 120_00, currency: "EUR", customer: { id: people.customers[0] }, chef: { id: people.chefs[0] } });
    expect(open.rows.find((r) => r.id === replied.id)!.deadline).toBeNull();
    expect((await listDisputes(database.db, { status: "awaiting_operator" })).rows.map((r) => r.id)).toEqual([replied.id]);

    await resolveDisputeAsOperator(database.db, operator, { ...seen(replied), disputeId: replied.id, outcome: "release", reason: "chef was right" }, new Date("2025-01-01T00:00:00Z"));
    const history = await listDisputes(database.db, { status: "resolved" });
    expect(history.rows.map((r) => r.id)).toContain(replied.id);
    expect((await listDisputes(database.db, { status: "open" })).rows.map((r) => r.id)).not.toContain(replied.id);
  });

  it("pages with a keyset cursor", async () => {
    await disputed({ replied: true });
    await disputed({ replied: true });
    const first = await listDisputes(database.db, { status: "open", limit: 1 });
    expect(first.rows).toHaveLength(1);
    const second = await listDisputes(database.db, { status: "open", limit: 1, after: first.next! });
    expect(second.rows).toHaveLength(1);
    expect(second.rows[0]!.openedAt.getTime()).toBeGreaterThanOrEqual(first.rows[0]!.openedAt.getTime());
    expect(second.rows[0]!.id).not.toBe(first.rows[0]!.id);
  });
});

describe("resolving", () => {
  it("a partial refund moves part back and the rest to the chef, ends the booking, cancels the deadline, and audits it in one transaction", async () => {
    const { detail, openedAt } = await disputed({ replied: false });
    const now = at(openedAt, 2 * hour);
    const result = await resolveDisputeAsOperator(database.db, operator, { ...seen(detail), disputeId: detail.id, outcome: "partial", refundMinor: 30_00, reason: "half the menu was cold" }, now);
    expect(result).toEqual({ status: "partially_refunded", refundMinor: 30_00, payoutMinor: 90_00, currency: "EUR" });
    const after = await snapshot(detail.id, detail.bookingId);
    expect(after.dispute).toMatchObject({ status: "partially_refunded", refundMinor: 30_00, resolvedBy: `operator:${operator.email}` });
    expect(after.booking).toMatchObject({ status: "settled", endedBy: `operator:${operator.email}` });
    expect(after.ledger.map((e) => [e.kind, e.amountMinor])).toEqual([["charge", 120_00], ["refund", 30_00], ["payout", 90_00]]);
    expect(after.jobs.map((j) => j.status)).toEqual(["cancelled"]);
    expect(after.audit).toHaveLength(1);
    expect(after.audit[0]).toMatchObject({
      actorEmail: operator.email, action: "dispute.resolve", reason: "half the menu was cold",
      fromValue: { status: "awaiting_reply", heldMinor: 120_00 }, toValue: { status: "partially_refunded", refundMinor: 30_00, payoutMinor: 90_00 },
    });
    await expectInvariants(database.db);
  });

  it("a full refund and a release move all of it, one way or the other", async () => {
    const { detail: a } = await disputed({ replied: true });
    await resolveDisputeAsOperator(database.db, operator, { ...seen(a), disputeId: a.id, outcome: "refund", reason: "no show" }, new Date("2025-01-01T00:00:00Z"));
    expect((await snapshot(a.id, a.bookingId)).ledger.map((e) => [e.kind, e.amountMinor])).toEqual([["charge", 120_00], ["refund", 120_00]]);
    const { detail: b } = await disputed({ replied: true });
    await resolveDisputeAsOperator(database.db, operator, { ...seen(b), disputeId: b.id, outcome: "release", reason: "all fine" }, new Date("2025-01-01T00:00:00Z"));
    const after = await snapshot(b.id, b.bookingId);
    expect(after.ledger.map((e) => [e.kind, e.amountMinor])).toEqual([["charge", 120_00], ["payout", 120_00]]);
    expect(after.booking.status).toBe("paid_out");
    await expectInvariants(database.db);
  });

  it("refuses a partial refund of all or more than the booking holds, naming the field, and writes nothing", async () => {
    const { detail } = await disputed({ replied: true });
    const before = await snapshot(detail.id, detail.bookingId);
    for (const refundMinor of [120_00, 500_00]) {
      const error = await resolveDisputeAsOperator(database.db, operator, { ...seen(detail), disputeId: detail.id, outcome: "partial", refundMinor, reason: "too much" }, new Date("2025-01-01T00:00:00Z")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FieldRefusal);
      expect(error).toMatchObject({ field: "refundAmount" });
      expect((error as Error).message).toContain("120.00 EUR");
    }
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });
});

describe("a stale page", () => {
  it("is refused when the deadline job resolved the dispute meanwhile, and nothing changes", async () => {
    const { detail } = await disputed({ replied: false });
    await tickAt(database.db, detail.replyBy); // the chef stayed silent: refunded in full by the job
    const before = await snapshot(detail.id, detail.bookingId);
    expect(before.dispute.status).toBe("refunded");
    const error = await resolveDisputeAsOperator(database.db, operator, { ...seen(detail), disputeId: detail.id, outcome: "release", reason: "chef was right" }, at(detail.replyBy, hour)).catch((e: unknown) => e);
    expect(isDulyError(error, "STALE_RECORD")).toBe(true);
    expect((error as Error).message).toMatch(/was awaiting_reply on your page and is now refunded \(resolved by system:.*\)\. Nothing was changed/);
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });

  it("is refused when another operator resolved it first, through the action too", async () => {
    const { detail } = await disputed({ replied: true });
    signInAs(otherOperator);
    expect(await actions.resolveDisputeAction(idle, form({ ...seen(detail), outcome: "release", reason: "first decision" }))).toMatchObject({ ok: true });
    const before = await snapshot(detail.id, detail.bookingId);
    signInAs(operator);
    const state = await actions.resolveDisputeAction(idle, form({ ...seen(detail), outcome: "refund", reason: "second decision" }));
    expect(state.ok).toBe(false);
    expect(state.message).toMatch(new RegExp(`dispute ${detail.id} changed since your page showed it: it was awaiting_operator on your page and is now released \\(resolved by operator:${otherOperator.email}\\)`));
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });

  it("is refused when the chef replied after the page was shown (the decision was made without the reply)", async () => {
    const { detail, openedAt } = await disputed({ replied: false });
    await replyToDispute({ db: database.db, actor: people.chef(), now: at(openedAt, hour) }, { disputeId: detail.id, reply: "here is my side" });
    const before = await snapshot(detail.id, detail.bookingId);
    const error = await resolveDisputeAsOperator(database.db, operator, { ...seen(detail), disputeId: detail.id, outcome: "refund", reason: "no reply" }, at(openedAt, 2 * hour)).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/was awaiting_reply on your page and is now awaiting_operator/);
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });
});

describe("racing the deadline job", () => {
  const rounds = 8;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it(`an operator's release and the running reply deadline give exactly one outcome, ${rounds} times`, { timeout: 120_000 }, async () => {
    const { db } = database;
    const tally = { operator: 0, deadline: 0 };
    for (let round = 0; round < rounds; round++) {
      const { detail } = await disputed({ replied: false });
      const [job] = await claim(db, marketCatalogue, { now: detail.replyBy, tickId: `t_operator_race_${round}`, limit: 1 });
      expect(job?.subjectId).toBe(String(detail.id));
      const [, decision] = await Promise.all([
        // On odd rounds the run starts late, so the operator's transaction sometimes takes the job first.
        pause(round % 2 === 1 ? 15 + round : round % 3).then(() => runClaimed(db, marketCatalogue, job!, frozenClock(detail.replyBy))),
        pause(round % 2 === 1 ? 0 : (round + 1) % 3).then(() =>
          resolveDisputeAsOperator(db, operator, { ...seen(detail), disputeId: detail.id, outcome: "release", reason: `race ${round}` }, at(detail.replyBy, 1)).then(
            () => "resolved" as const,
            (error: unknown) => error,
          ),
        ),
      ]);
      const after = await snapshot(detail.id, detail.bookingId);
      if (decision === "resolved") {
        tally.operator += 1;
        expect(after.dispute.status).toBe("released");
        expect(after.ledger.map((e) => e.kind)).toEqual(["charge", "payout"]);
        expect(after.audit).toHaveLength(1);
      } else {
        tally.deadline += 1;
        expect(isDulyError(decision, "STALE_RECORD"), String(decision)).toBe(true);
        expect(after.dispute.status).toBe("refunded");
        expect(after.ledger.map((e) => e.kind)).toEqual(["charge", "refund"]);
        expect(after.audit).toHaveLength(0);
      }
    }
    await expectInvariants(db);
    expect(tally.operator + tally.deadline).toBe(rounds);
    console.log(`operator-vs-deadline: ${JSON.stringify(tally)}`);
  });
});

describe("the server action", () => {
  it("resolves for an operator and says what moved", async () => {
    const { detail } = await disputed({ replied: true });
    signInAs(operator);
    const state = await actions.resolveDisputeAction(idle, form({ ...seen(detail), outcome: "partial", refundAmount: "25.50", reason: "dessert missing" }));
    expect(state).toEqual({ ok: true, message: `Dispute ${detail.id} partly refunded (partial): 25.50 EUR back to the customer, 94.50 EUR to the chef.` });
    expect((await snapshot(detail.id, detail.bookingId)).ledger.map((e) => [e.kind, e.amountMinor])).toEqual([["charge", 120_00], ["refund", 25_50], ["payout", 94_50]]);
  });

  it("answers bad input with a message per field and writes nothing", async () => {
    const { detail } = await disputed({ replied: true });
    const before = await snapshot(detail.id, detail.bookingId);
    signInAs(operator);
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ outcome: "partial", refundAmount: "10", reason: "" }, "reason", /reason is required/],
      [{ outcome: "partial", refundAmount: "abc", reason: "ok reason" }, "refundAmount", /expected an amount/],
      [{ outcome: "partial", refundAmount: "-5", reason: "ok reason" }, "refundAmount", /expected an amount/],
      [{ outcome: "partial", refundAmount: "0", reason: "ok reason" }, "refundAmount", /more than zero/],
      [{ outcome: "partial", refundAmount: "1.234", reason: "ok reason" }, "refundAmount", /at most 2 decimals/],
      [{ outcome: "partial", refundAmount: "120", reason: "ok reason" }, "refundAmount", /less than the 120.00 EUR/],
      [{ outcome: "partial", refundAmount: "", reason: "ok reason" }, "refundAmount", /expected an amount/],
      [{ outcome: "everything", reason: "ok reason" }, "outcome", /full refund, partial refund or release/],
    ];
    for (const [fields, field, message] of cases) {
      const state = await actions.resolveDisputeAction(idle, form({ ...seen(detail), ...fields }));
      expect(state.ok, JSON.stringify(fields)).toBe(false);
      expect(state.fieldErrors?.[field], JSON.stringify(fields)).toMatch(message);
    }
    const badVersion = await actions.resolveDisputeAction(idle, form({ ...seen(detail), version: "x", outcome: "release", reason: "ok reason" }));
    expect(badVersion.fieldErrors?.version).toMatch(/version/);
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });

  it("refuses a viewer's forged call and writes nothing; a signed-out call is sent to sign in", async () => {
    const { detail } = await disputed({ replied: true });
    const before = await snapshot(detail.id, detail.bookingId);
    signInAs(viewer);
    const state = await actions.resolveDisputeAction(idle, form({ ...seen(detail), outcome: "refund", reason: "forged by a viewer" }));
    expect(state).toMatchObject({ ok: false });
    expect(state.message).toMatch(/viewer; only an operator may do this/);
    signInAs(null);
    await expect(actions.resolveDisputeAction(idle, form({ ...seen(detail), outcome: "refund", reason: "signed out" }))).rejects.toMatchObject({
      digest: expect.stringMatching(/^NEXT_REDIRECT;.*\/sign-in/),
    });
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });
});
