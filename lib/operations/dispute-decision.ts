// An operator's decision on a dispute, in two steps, so money moves only as the operator saw it:
//
// 1. review (reads only): the typed amount is read with the one rule for typed money
//    (lib/format/money.ts) in the booking's currency, checked against what the booking holds, and
//    turned into the split: how much goes back to the customer and how much to the chef, in minor
//    units, with the versions of the dispute and the booking it was computed from;
// 2. confirm: the form sends that split back (the minor units the operator saw, never the typed
//    text), and the decision is refused if what it would do now is anything else: the dispute or
//    the booking changed since the review, or the booking holds another amount.
//
// The confirmed decision goes through the marketplace's own use case (resolveDispute, as an
// operator actor), so the deadline job is cancelled, the money moves and the booking ends in one
// transaction with the audit entry.
import type { Db, Tx } from "../db/client.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { formatMinor, readTypedAmount } from "../format/money.ts";
import { balanceOf, resolveDispute, subjectOf, type Actor } from "../marketplace/index.ts";
import type { DisputeStatus } from "../marketplace/disputes/dispute-status.ts";
import { lockJobsOfSubject } from "../scheduler/admin/index.ts";
import { FieldRefusal } from "../validation/field-refusal.ts";
import { describeBookingLastChange } from "./booking-last-change.ts";
import { describeDisputeLastChange } from "./dispute-last-change.ts";

export type DisputeOutcome = "refund" | "partial" | "release";

/** The dispute as the operator's page showed it (and the zone it shows times in, for a refusal's words). */
export interface SeenDispute {
  disputeId: number;
  status: DisputeStatus;
  version: string;
  zone?: string;
}

/** Money as one decision moves it: back to the customer, and to the chef; the two make what the booking holds. */
export interface Split {
  refundMinor: number;
  payoutMinor: number;
}

/** What the operator reviewed and is asked to confirm. */
export interface DisputeReview extends SeenDispute, Split {
  outcome: DisputeOutcome;
  bookingId: number;
  /** The booking's xmin when the split was computed (docs/decisions/0017). */
  bookingVersion: string;
  heldMinor: number;
  currency: string;
}

export interface ReviewInput extends SeenDispute {
  outcome: DisputeOutcome;
  /** The amount as typed, for a partial refund. */
  refundAmount?: string;
}

export interface ConfirmInput extends SeenDispute, Split {
  outcome: DisputeOutcome;
  bookingVersion: string;
  reason: string;
}

export interface ResolvedDispute extends Split {
  status: DisputeStatus;
  currency: string;
}

interface DisputeNow {
  status: DisputeStatus;
  version: string;
  bookingId: number;
  bookingVersion: string;
  currency: string;
  heldMinor: number;
}

/**
 * The dispute and its booking as they are now. With `lock`, in the marketplace's lock order
 * (decision 0011): the dispute's open jobs first (this waits for a reply deadline running right
 * now; once it committed, the dispute below shows what it did), then the dispute, then the
 * booking, whose held amount cannot change while its row is held.
 */
async function disputeNow(tx: Tx, disputeId: number, { lock }: { lock: boolean }): Promise<DisputeNow> {
  if (lock) {
    const subject = subjectOf.dispute(disputeId);
    await lockJobsOfSubject(tx, subject, { busy: "wait" });
  }
  const [dispute] = lock
    ? await tx.$queryRaw<Array<{ status: DisputeStatus; version: string; booking_id: number }>>`
        SELECT status::text AS status, xmin::text AS version, booking_id FROM disputes WHERE id = ${disputeId} FOR UPDATE`
    : await tx.$queryRaw<Array<{ status: DisputeStatus; version: string; booking_id: number }>>`
        SELECT status::text AS status, xmin::text AS version, booking_id FROM disputes WHERE id = ${disputeId}`;
  if (!dispute) throw new DulyError(ErrorCode.NotFound, `dispute ${disputeId} does not exist`);
  const [booking] = lock
    ? await tx.$queryRaw<Array<{ version: string; currency: string }>>`
        SELECT xmin::text AS version, currency FROM bookings WHERE id = ${dispute.booking_id} FOR UPDATE`
    : await tx.$queryRaw<Array<{ version: string; currency: string }>>`SELECT xmin::text AS version, currency FROM bookings WHERE id = ${dispute.booking_id}`;
  const { heldMinor } = await balanceOf(tx, dispute.booking_id);
  return {
    status: dispute.status, version: dispute.version, bookingId: dispute.booking_id,
    bookingVersion: booking!.version, currency: booking!.currency, heldMinor,
  };
}

/**
 * Refuses when the dispute is not as the page showed it (the deadline, another operator or the
 * chef's reply changed it), saying what changed, who changed it and when (dispute-last-change.ts).
 */
async function requireAsSeen(tx: Tx, seen: SeenDispute, now: DisputeNow): Promise<void> {
  if (now.status === seen.status && now.version === seen.version) return;
  const how = now.status !== seen.status ? `it was ${seen.status} on your page and is now ${now.status}` : "it was changed meanwhile";
  const latest = (await describeDisputeLastChange(tx, seen.disputeId, seen.zone ?? "UTC")) ?? "by its deadline, its chef or another operator";
  throw new DulyError(ErrorCode.StaleRecord, `dispute ${seen.disputeId} changed since your page showed it: ${how} (${latest}). Nothing was changed; reload the page to see it as it is now.`);
}

/** The split an outcome makes of what the booking holds; a partial refund is more than zero and less than all of it. */
export function splitOf(outcome: DisputeOutcome, heldMinor: number, currency: string, partialRefundMinor = 0): Split {
  if (outcome === "refund") return { refundMinor: heldMinor, payoutMinor: 0 };
  if (outcome === "release") return { refundMinor: 0, payoutMinor: heldMinor };
  if (partialRefundMinor <= 0) throw new FieldRefusal("refundAmount", "must be more than zero");
  if (partialRefundMinor >= heldMinor) {
    throw new FieldRefusal(
      "refundAmount",
      `a partial refund must be less than the ${formatMinor(heldMinor, currency)} the booking holds; for all of it choose "Full refund"`,
    );
  }
  return { refundMinor: partialRefundMinor, payoutMinor: heldMinor - partialRefundMinor };
}

/** Step 1: what the decision would move, read from the dispute as it is; writes nothing. */
export async function reviewDisputeDecision(db: Db, input: ReviewInput): Promise<DisputeReview> {
  return db.$transaction(async (tx) => {
    const now = await disputeNow(tx, input.disputeId, { lock: false });
    await requireAsSeen(tx, input, now);
    let partialRefundMinor = 0;
    if (input.outcome === "partial") {
      const typed = readTypedAmount(input.refundAmount ?? "", now.currency);
      if (!typed.ok) throw new FieldRefusal("refundAmount", typed.message);
      partialRefundMinor = typed.minor;
    }
    const split = splitOf(input.outcome, now.heldMinor, now.currency, partialRefundMinor);
    return {
      disputeId: input.disputeId, status: now.status, version: now.version, outcome: input.outcome, ...split,
      bookingId: now.bookingId, bookingVersion: now.bookingVersion, heldMinor: now.heldMinor, currency: now.currency,
    };
  });
}

/** Refuses unless the decision would move exactly the confirmed split of an unchanged booking. */
async function requireConfirmedSplit(tx: Tx, input: ConfirmInput, now: DisputeNow): Promise<Split> {
  const stale = (why: string) =>
    new DulyError(
      ErrorCode.StaleRecord,
      `dispute ${input.disputeId}: ${why}, so what you confirmed (${formatMinor(input.refundMinor, now.currency)} back to the customer, ${formatMinor(input.payoutMinor, now.currency)} to the chef) is not what would happen now. Nothing was changed; review the decision again.`,
    );
  if (now.bookingVersion !== input.bookingVersion) {
    // What changed the booking, who and when (booking-last-change.ts).
    const latest = await describeBookingLastChange(tx, now.bookingId, input.zone ?? "UTC");
    throw stale(`booking ${now.bookingId} changed since you reviewed the decision${latest ? ` (${latest})` : ""}`);
  }
  if (input.refundMinor + input.payoutMinor !== now.heldMinor) {
    throw stale(`the booking holds ${formatMinor(now.heldMinor, now.currency)}, not the ${formatMinor(input.refundMinor + input.payoutMinor, now.currency)} you reviewed`);
  }
  const split = splitOf(input.outcome, now.heldMinor, now.currency, input.refundMinor);
  if (split.refundMinor !== input.refundMinor || split.payoutMinor !== input.payoutMinor) throw stale(`a ${input.outcome} decision splits it otherwise`);
  return split;
}

/**
 * Step 2, in one transaction: lock (disputeNow), refuse a stale page or a split that is not what
 * was confirmed, then resolveDispute as an operator actor (cancels the deadline job, moves the
 * money, ends the booking), then the audit entry. Any refusal rolls all of it back.
 */
export async function resolveDisputeAsOperator(db: Db, operator: AuditActor, input: ConfirmInput, now: Date): Promise<ResolvedDispute> {
  return db.$transaction(async (tx) => {
    const before = await disputeNow(tx, input.disputeId, { lock: true });
    await requireAsSeen(tx, input, before);
    const split = await requireConfirmedSplit(tx, input, before);
    const actor: Actor = { kind: "operator", email: operator.email };
    const settled = await resolveDispute(
      { db: tx, actor, now },
      input.outcome === "partial" ? { disputeId: input.disputeId, outcome: "partial", refundMinor: split.refundMinor } : { disputeId: input.disputeId, outcome: input.outcome },
    );
    const after = await balanceOf(tx, before.bookingId);
    const result: ResolvedDispute = { status: settled.status, refundMinor: settled.refundMinor ?? 0, payoutMinor: before.heldMinor - (settled.refundMinor ?? 0), currency: before.currency };
    if (result.refundMinor !== split.refundMinor || after.heldMinor !== 0) {
      throw new Error(`dispute ${input.disputeId}: resolved as ${JSON.stringify(result)}, not the confirmed ${JSON.stringify(split)} (held now ${after.heldMinor})`);
    }
    await recordAudit(tx, {
      actor: operator,
      action: "dispute.resolve",
      recordType: "dispute",
      recordId: String(input.disputeId),
      from: { status: before.status, heldMinor: before.heldMinor, currency: before.currency },
      to: { status: result.status, outcome: input.outcome, refundMinor: result.refundMinor, payoutMinor: result.payoutMinor, currency: before.currency },
      reason: input.reason,
    });
    return result;
  });
}
