// An operator's decision on a dispute (the dashboard's /disputes), in two steps: a review that
// reads the typed amount in the booking's currency and shows the split (nothing written), then a
// confirmation of exactly that split, through the marketplace's own use case: the ledger, the
// booking and the deadline job change together with the audit entry; a partial amount is checked
// against what the booking holds; a stale page (the deadline job or another operator resolved
// it, the chef replied) or a confirmation that is no longer what would happen (the booking
// changed, it holds another amount) is refused and writes nothing. The server actions are called
// directly, as a forged POST would call them: viewer refused, bad input gives field errors,
// nothing written. next/headers is the only stand-in (the request's cookie).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { createSignedInOperator, sessionCookieName, type SignedInOperator } from "../../helpers/operators.ts";
import { acceptBooking, openDispute, payBooking, replyToDispute, requestBooking } from "../../../lib/marketplace/index.ts";
import { disputeDetail, listDisputes, type DisputeDetail } from "../../../lib/operations/disputes.ts";
import { resolveDisputeAsOperator, reviewDisputeDecision, type DisputeOutcome, type DisputeReview } from "../../../lib/operations/dispute-decision.ts";
import type { DisputeReviewState } from "../../../components/resolve-dispute-form.tsx";
import { isDulyError } from "../../../lib/errors.ts";
import { FieldRefusal } from "../../../lib/validation/field-refusal.ts";
import type { ActionState } from "../../../app/_lib/action-state.ts";
import { at, day, expectInvariants, hour, marketCatalogue, registerPeople, tickAt, type People } from "../../fixtures/marketplace.ts";
import { claim, runClaimed } from "../../helpers/engine.ts";
import { frozenClock } from "../../../lib/scheduler/internal.ts";

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
let actions: typeof import("../../../app/disputes/actions.ts");
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
  actions = await import("../../../app/disputes/actions.ts");
});
afterEach(() => signInAs(null));

/** A paid booking (120.00 EUR unless told) whose event closed and which the customer disputed; replied if asked. */
async function disputed({ replied, priceMinor = 120_00, currency = "EUR" }: { replied: boolean; priceMinor?: number; currency?: string }): Promise<{ detail: DisputeDetail; openedAt: Date }> {
  const { db } = database;
  const start = at(t0, stories++ * 30 * day);
  const eventAt = at(start, 10 * day);
  const customer = { db, actor: people.customer(), now: start };
  const b = await requestBooking(customer, { chefId: people.chefs[0]!, eventAt: eventAt.toISOString(), timeZone: "Europe/Paris", place: "Lyon", priceMinor, currency });
  await acceptBooking({ db, actor: people.chef(), now: at(start, hour) }, { bookingId: b.id });
  await payBooking({ ...customer, now: at(start, 2 * hour) }, { bookingId: b.id, amountMinor: priceMinor, currency });
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
const seenBy = (d: DisputeDetail) => ({ disputeId: d.id, status: d.status, version: d.version });

/** Step 1 as the page makes it: what the decision would move. */
const reviewed = (d: DisputeDetail, outcome: DisputeOutcome, refundAmount?: string) => reviewDisputeDecision(database.db, { ...seenBy(d), outcome, refundAmount });

/** Both steps: review, then confirm exactly what was reviewed. */
async function decide(d: DisputeDetail, outcome: DisputeOutcome, reason: string, now: Date, refundAmount?: string) {
  return resolveDisputeAsOperator(database.db, operator, { ...(await reviewed(d, outcome, refundAmount)), reason }, now);
}

/** The confirm form as the review's answer fills it in. */
function confirmForm(state: DisputeReviewState): FormData {
  expect(state, JSON.stringify(state)).toMatchObject({ ok: true });
  const { refund: _refund, payout: _payout, held: _held, ...fields } = state.review!;
  return form(fields);
}

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

    await decide(replied, "release", "chef was right", new Date("2025-01-01T00:00:00Z"));
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
    const result = await decide(detail, "partial", "half the menu was cold", now, "30");
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
    await decide(a, "refund", "no show", new Date("2025-01-01T00:00:00Z"));
    expect((await snapshot(a.id, a.bookingId)).ledger.map((e) => [e.kind, e.amountMinor])).toEqual([["charge", 120_00], ["refund", 120_00]]);
    const { detail: b } = await disputed({ replied: true });
    await decide(b, "release", "all fine", new Date("2025-01-01T00:00:00Z"));
    const after = await snapshot(b.id, b.bookingId);
    expect(after.ledger.map((e) => [e.kind, e.amountMinor])).toEqual([["charge", 120_00], ["payout", 120_00]]);
    expect(after.booking.status).toBe("paid_out");
    await expectInvariants(database.db);
  });

  it("refuses a partial refund of all or more than the booking holds, naming the field, at review and at a forged confirmation, and writes nothing", async () => {
    const { detail } = await disputed({ replied: true });
    const before = await snapshot(detail.id, detail.bookingId);
    for (const refundAmount of ["120", "500", "120.00 EUR"]) {
      const error = await reviewed(detail, "partial", refundAmount).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FieldRefusal);
      expect(error).toMatchObject({ field: "refundAmount" });
      expect((error as Error).message).toContain("less than the 120.00 EUR the booking holds");
    }
    const review = await reviewed(detail, "release");
    const forged = await resolveDisputeAsOperator(database.db, operator, { ...review, outcome: "partial", refundMinor: 120_00, payoutMinor: 0, reason: "too much" }, new Date("2025-01-01T00:00:00Z")).catch((e: unknown) => e);
    expect(forged).toBeInstanceOf(FieldRefusal);
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });
});

describe("amounts typed as the page prints them (a three-decimal currency)", () => {
  // 2,000.000 KWD held: the page prints amounts with a comma between thousands and three decimals.
  const kwd = () => disputed({ replied: true, priceMinor: 2_000_000, currency: "KWD" });

  it("the review reads 1,234.500 KWD exactly and shows the split; nothing moves before the confirmation, which moves exactly that", async () => {
    const { detail } = await kwd();
    const before = await snapshot(detail.id, detail.bookingId);
    signInAs(operator);
    const state = await actions.reviewDisputeDecisionAction({ ok: false }, form({ ...seen(detail), outcome: "partial", refundAmount: "1,234.500", reason: "half the dinner" }));
    expect(state.review).toMatchObject({ refundMinor: "1234500", payoutMinor: "765500", refund: "1,234.500 KWD", payout: "765.500 KWD", held: "2,000.000 KWD", outcome: "partial" });
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before); // the review wrote nothing
    const done = await actions.resolveDisputeAction(idle, confirmForm(state));
    expect(done).toEqual({ ok: true, message: `Dispute ${detail.id} partly refunded (partial): 1,234.500 KWD back to the customer, 765.500 KWD to the chef.` });
    const after = await snapshot(detail.id, detail.bookingId);
    expect(after.ledger.map((e) => [e.kind, e.amountMinor, e.currency])).toEqual([["charge", 2_000_000, "KWD"], ["refund", 1_234_500, "KWD"], ["payout", 765_500, "KWD"]]);
    expect(after.dispute.refundMinor).toBe(1_234_500);
    await expectInvariants(database.db);
  });

  it("refuses 1,234 (one thousand, or 1.234?) at review, showing how to type each, and moves nothing", async () => {
    const { detail } = await kwd();
    const before = await snapshot(detail.id, detail.bookingId);
    signInAs(operator);
    for (const [typed, expected] of [
      ["1,234", "for 1,234.000 KWD type 1,234.000 or 1234; for 1.234 KWD type 1.234"],
      ["1,234.5", "type 1,234.500 or 1234.5"],
      ["1.234,5", "type 1,234.500 or 1234.5"],
      ["1.2345", "KWD has 3 decimals"],
    ] as const) {
      const state = await actions.reviewDisputeDecisionAction({ ok: false }, form({ ...seen(detail), outcome: "partial", refundAmount: typed, reason: "typed like the page" }));
      expect(state.ok, typed).toBe(false);
      expect(state.review, typed).toBeUndefined();
      expect(state.fieldErrors?.refundAmount, typed).toContain(expected);
    }
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });

  it("IQD is read and shown with ISO 4217's three decimals, not ICU's none", async () => {
    const { detail } = await disputed({ replied: true, priceMinor: 2_000_000, currency: "IQD" });
    signInAs(operator);
    const state = await actions.reviewDisputeDecisionAction({ ok: false }, form({ ...seen(detail), outcome: "partial", refundAmount: "1,234.500", reason: "half the dinner" }));
    expect(state.review).toMatchObject({ refundMinor: "1234500", payoutMinor: "765500", refund: "1,234.500 IQD", payout: "765.500 IQD", held: "2,000.000 IQD" });
  });

  it("the plain form and the page's text with its code read the same amount", async () => {
    const { detail } = await kwd();
    for (const typed of ["1234.5", "1,234.500 KWD", " 1234.500 "]) {
      expect(await reviewed(detail, "partial", typed), typed).toMatchObject({ refundMinor: 1_234_500, payoutMinor: 765_500, currency: "KWD" });
    }
  });
});

describe("a confirmation that is no longer what would happen", () => {
  it("is refused when the booking changed after the review, and nothing changes", async () => {
    const { detail } = await disputed({ replied: true });
    const review = await reviewed(detail, "partial", "30");
    await database.db.$executeRaw`UPDATE bookings SET place = place || ' (venue renamed)' WHERE id = ${detail.bookingId}`;
    const before = await snapshot(detail.id, detail.bookingId);
    const error = await resolveDisputeAsOperator(database.db, operator, { ...review, reason: "cold" }, new Date("2025-01-01T00:00:00Z")).catch((e: unknown) => e);
    expect(isDulyError(error, "STALE_RECORD"), String(error)).toBe(true);
    // (The rename leaves no record of its own: the refusal names the booking's latest recorded change.)
    expect((error as Error).message).toMatch(
      new RegExp(`^dispute ${detail.id}: booking ${detail.bookingId} changed since you reviewed the decision \\(.*\\), so what you confirmed \\(30\\.00 EUR back to the customer, 90\\.00 EUR to the chef\\) is not what would happen now\\. Nothing was changed; review the decision again\\.$`),
    );
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });

  it("is refused when the booking holds another amount than the review showed, and nothing changes", async () => {
    const { detail } = await disputed({ replied: true });
    const review = await reviewed(detail, "release");
    // Money that left the booking by another way than this decision (a provider-side refund recorded meanwhile).
    await database.db.ledgerEntry.create({ data: { bookingId: detail.bookingId, kind: "refund", amountMinor: 20_00, currency: "EUR", idempotencyKey: `re_outside_${detail.id}`, actor: "system:test", createdAt: new Date("2025-01-01T00:00:00Z") } });
    const before = await snapshot(detail.id, detail.bookingId);
    const error = await resolveDisputeAsOperator(database.db, operator, { ...review, reason: "fine" }, new Date("2025-01-01T00:00:00Z")).catch((e: unknown) => e);
    expect(isDulyError(error, "STALE_RECORD"), String(error)).toBe(true);
    expect((error as Error).message).toContain("the booking holds 100.00 EUR, not the 120.00 EUR you reviewed");
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
    // Put the booking back as the marketplace keeps it (a disputed booking holds its price), for later invariant checks.
    await database.db.ledgerEntry.delete({ where: { idempotencyKey: `re_outside_${detail.id}` } });
  });

  it("is refused when the split sent does not fit the outcome (a forged form), and nothing changes", async () => {
    const { detail } = await disputed({ replied: true });
    const review = await reviewed(detail, "partial", "30");
    const before = await snapshot(detail.id, detail.bookingId);
    const error = await resolveDisputeAsOperator(database.db, operator, { ...review, outcome: "refund", reason: "forged" }, new Date("2025-01-01T00:00:00Z")).catch((e: unknown) => e);
    expect(isDulyError(error, "STALE_RECORD"), String(error)).toBe(true);
    expect((error as Error).message).toContain("a refund decision splits it otherwise");
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });
});

describe("a stale page", () => {
  it("is refused when the deadline job resolved the dispute meanwhile, and nothing changes", async () => {
    const { detail } = await disputed({ replied: false });
    const review = await reviewed(detail, "release");
    await tickAt(database.db, detail.replyBy); // the chef stayed silent: refunded in full by the job
    const before = await snapshot(detail.id, detail.bookingId);
    expect(before.dispute.status).toBe("refunded");
    const error = await resolveDisputeAsOperator(database.db, operator, { ...review, reason: "chef was right" }, at(detail.replyBy, hour)).catch((e: unknown) => e);
    expect(isDulyError(error, "STALE_RECORD")).toBe(true);
    expect((error as Error).message).toMatch(/was awaiting_reply on your page and is now refunded \(the tick \(job dispute-reply-deadline\) resolved it at .*: refunded in full\)\. Nothing was changed/);
    // A review on that page is refused the same way.
    const again = await reviewed(detail, "release").catch((e: unknown) => e);
    expect((again as Error).message).toMatch(/was awaiting_reply on your page and is now refunded/);
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });

  it("is refused when another operator resolved it first, through the actions too", async () => {
    const { detail } = await disputed({ replied: true });
    signInAs(otherOperator);
    const first = await actions.reviewDisputeDecisionAction({ ok: false }, form({ ...seen(detail), outcome: "release", reason: "first decision" }));
    signInAs(operator);
    const second = await actions.reviewDisputeDecisionAction({ ok: false }, form({ ...seen(detail), outcome: "refund", reason: "second decision" }));
    signInAs(otherOperator);
    expect(await actions.resolveDisputeAction(idle, confirmForm(first))).toMatchObject({ ok: true });
    const before = await snapshot(detail.id, detail.bookingId);
    signInAs(operator);
    const state = await actions.resolveDisputeAction(idle, confirmForm(second));
    expect(state.ok).toBe(false);
    expect(state.message).toMatch(new RegExp(`dispute ${detail.id} changed since your page showed it: it was awaiting_operator on your page and is now released \\(${otherOperator.name} resolved it at .*: released to the chef \\(first decision\\)\\)`));
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });

  it("is refused when the chef replied after the page was shown (the decision was made without the reply)", async () => {
    const { detail, openedAt } = await disputed({ replied: false });
    const review = await reviewed(detail, "refund");
    await replyToDispute({ db: database.db, actor: people.chef(), now: at(openedAt, hour) }, { disputeId: detail.id, reply: "here is my side" });
    const before = await snapshot(detail.id, detail.bookingId);
    const error = await resolveDisputeAsOperator(database.db, operator, { ...review, reason: "no reply" }, at(openedAt, 2 * hour)).catch((e: unknown) => e);
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
      const review: DisputeReview = await reviewed(detail, "release");
      const [job] = await claim(db, marketCatalogue, { now: detail.replyBy, tickId: `t_operator_race_${round}`, limit: 1 });
      expect(job?.subjectId).toBe(String(detail.id));
      const [, decision] = await Promise.all([
        // On odd rounds the run starts late, so the operator's transaction sometimes takes the job first.
        pause(round % 2 === 1 ? 15 + round : round % 3).then(() => runClaimed(db, marketCatalogue, job!, frozenClock(detail.replyBy))),
        pause(round % 2 === 1 ? 0 : (round + 1) % 3).then(() =>
          resolveDisputeAsOperator(db, operator, { ...review, reason: `race ${round}` }, at(detail.replyBy, 1)).then(
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

describe("the server actions", () => {
  it("review then confirm: resolves for an operator and says what moved", async () => {
    const { detail } = await disputed({ replied: true });
    signInAs(operator);
    const review = await actions.reviewDisputeDecisionAction({ ok: false }, form({ ...seen(detail), outcome: "partial", refundAmount: "25.50", reason: "dessert missing" }));
    expect(review.review).toMatchObject({ refund: "25.50 EUR", payout: "94.50 EUR", reason: "dessert missing" });
    const state = await actions.resolveDisputeAction(idle, confirmForm(review));
    expect(state).toEqual({ ok: true, message: `Dispute ${detail.id} partly refunded (partial): 25.50 EUR back to the customer, 94.50 EUR to the chef.` });
    expect((await snapshot(detail.id, detail.bookingId)).ledger.map((e) => [e.kind, e.amountMinor])).toEqual([["charge", 120_00], ["refund", 25_50], ["payout", 94_50]]);
  });

  it("answers bad input with a message per field and writes nothing", async () => {
    const { detail } = await disputed({ replied: true });
    const before = await snapshot(detail.id, detail.bookingId);
    signInAs(operator);
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ outcome: "partial", refundAmount: "10", reason: "" }, "reason", /reason is required/],
      [{ outcome: "partial", refundAmount: "abc", reason: "ok reason" }, "refundAmount", /is not an amount in EUR/],
      [{ outcome: "partial", refundAmount: "-5", reason: "ok reason" }, "refundAmount", /without a sign/],
      [{ outcome: "partial", refundAmount: "0", reason: "ok reason" }, "refundAmount", /more than zero/],
      [{ outcome: "partial", refundAmount: "1.234", reason: "ok reason" }, "refundAmount", /EUR has 2 decimals; for 1,234.00 EUR type 1,234.00 or 1234/],
      [{ outcome: "partial", refundAmount: "12,50", reason: "ok reason" }, "refundAmount", /type 12.50 or 12.5/],
      [{ outcome: "partial", refundAmount: "120", reason: "ok reason" }, "refundAmount", /less than the 120.00 EUR/],
      [{ outcome: "partial", refundAmount: "", reason: "ok reason" }, "refundAmount", /an amount is required/],
      [{ outcome: "everything", reason: "ok reason" }, "outcome", /full refund, partial refund or release/],
    ];
    for (const [fields, field, message] of cases) {
      const state = await actions.reviewDisputeDecisionAction({ ok: false }, form({ ...seen(detail), ...fields }));
      expect(state.ok, JSON.stringify(fields)).toBe(false);
      expect(state.fieldErrors?.[field], JSON.stringify(fields)).toMatch(message);
    }
    const badVersion = await actions.reviewDisputeDecisionAction({ ok: false }, form({ ...seen(detail), version: "x", outcome: "release", reason: "ok reason" }));
    expect(badVersion.fieldErrors?.version).toMatch(/version/);
    const good = confirmForm(await actions.reviewDisputeDecisionAction({ ok: false }, form({ ...seen(detail), outcome: "release", reason: "ok reason" })));
    const confirmCases: Array<[Record<string, string>, string]> = [
      [{ refundMinor: "1.5" }, "refundMinor"], [{ payoutMinor: "-1" }, "payoutMinor"], [{ payoutMinor: "99999999999999999" }, "payoutMinor"],
      [{ bookingVersion: "x" }, "bookingVersion"], [{ outcome: "everything" }, "outcome"],
    ];
    for (const [fields, field] of confirmCases) {
      const changed = new FormData();
      for (const [key, value] of good.entries()) changed.set(key, value);
      for (const [key, value] of Object.entries(fields)) changed.set(key, value);
      const state = await actions.resolveDisputeAction(idle, changed);
      expect(state.fieldErrors?.[field], JSON.stringify(fields)).toBeDefined();
    }
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });

  it("refuses a viewer's forged calls and writes nothing; a signed-out call is sent to sign in", async () => {
    const { detail } = await disputed({ replied: true });
    const before = await snapshot(detail.id, detail.bookingId);
    signInAs(operator);
    const review = await actions.reviewDisputeDecisionAction({ ok: false }, form({ ...seen(detail), outcome: "refund", reason: "forged by a viewer" }));
    signInAs(viewer);
    for (const state of [
      await actions.reviewDisputeDecisionAction({ ok: false }, form({ ...seen(detail), outcome: "refund", reason: "forged by a viewer" })),
      await actions.resolveDisputeAction(idle, confirmForm(review)),
    ]) {
      expect(state).toMatchObject({ ok: false });
      expect(state.message).toMatch(/viewer; only an operator may do this/);
    }
    signInAs(null);
    await expect(actions.resolveDisputeAction(idle, confirmForm(review))).rejects.toMatchObject({
      digest: expect.stringMatching(/^NEXT_REDIRECT;.*\/sign-in/),
    });
    await expect(actions.reviewDisputeDecisionAction({ ok: false }, form({ ...seen(detail), outcome: "refund", reason: "signed out" }))).rejects.toMatchObject({
      digest: expect.stringMatching(/^NEXT_REDIRECT;.*\/sign-in/),
    });
    expect(await snapshot(detail.id, detail.bookingId)).toEqual(before);
  });
});
