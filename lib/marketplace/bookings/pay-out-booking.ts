// After the dispute window the chef is paid everything held (`payout`, key payout:booking:<id>),
// unless a dispute is open (opening one cancels this job, and the booking is no longer
// completed). Run by the payout job, which runs alone in its transaction. Idempotent: the status
// guard and the ledger's unique key each make a second run a no-op.
import { z } from "zod";
import { actorLabel, requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { recordId } from "../inputs.ts";
import { ledgerKey } from "../ledger/ledger-keys.ts";
import { balanceOf, moveMoney, payOutEverythingHeld } from "../ledger/move-money.ts";
import { deadlineTransition, deadlineTransitionMany } from "./booking-rows.ts";
import type { Actor } from "../actor.ts";
import type { LifecyclePolicy } from "../policy.ts";
import { bookingInstants } from "../deadline-instants.ts";

export const payOutBookingInput = z.strictObject({ bookingId: recordId });
export type PayOutBookingInput = z.input<typeof payOutBookingInput>;

export async function payOutBooking(context: UseCaseContext, input: PayOutBookingInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "paying out a booking");
  const { bookingId } = parseInput(payOutBookingInput, input, "pay out booking");
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const by = actorLabel(context.actor);
    const result = await deadlineTransition(
      tx, bookingId, "payOut", "completed", payOutData(now, context.actor),
      {
        where: payOutDue(now, policy),
        at: (b) => bookingInstants.payout(b, policy)!,
        what: "payout",
      }, actorLabel(context.actor),
    );
    if (!result.acted) return result;
    const { heldMinor } = await balanceOf(tx, bookingId);
    await moveMoney(tx, { bookingId, kind: "payout", amountMinor: heldMinor, currency: result.booking.currency, idempotencyKey: ledgerKey.payout(bookingId), actor: by, at: now });
    return { acted: true, status: result.booking.status };
  });
}

const payOutData = (now: Date, actor: Actor) => ({ updatedAt: now, endedAt: now, endedBy: actorLabel(actor), endReason: "paid out after the dispute window" });
const payOutDue = (now: Date, policy: LifecyclePolicy) => ({ completedAt: { lte: new Date(now.getTime() - policy.payoutAfterMs) } });

/** The payout batch met a booking whose payout could not be recorded as one of many: each goes one at a time. */
export class PayoutBatchFallback extends Error {
  constructor(paid: number, recorded: number) {
    super(`${paid} bookings paid out but ${recorded} payouts recorded in one statement; rolled back, each runs payOutBooking`);
    this.name = "PayoutBatchFallback";
  }
}

/**
 * payOutBooking for many bookings at once (the payout job's batch, docs/decisions/0027): one
 * guarded statement moves those due and still completed to paid_out, one statement records
 * each one's payout of everything it holds. Returns them. If any payout could not be recorded
 * (its key or kind already in the ledger: payOutBooking then says which, or replays), it throws
 * and its caller rolls the batch back: money moves in the transaction of its status change or
 * not at all, and each booking then runs payOutBooking on its own.
 */
export async function payOutBookings(context: UseCaseContext, bookingIds: number[]): Promise<Set<number>> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "paying out a booking");
  const ids = bookingIds.map((bookingId) => parseInput(payOutBookingInput, { bookingId }, "pay out booking").bookingId);
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const paid = await deadlineTransitionMany(tx, ids, "payOut", "completed", payOutData(now, context.actor), payOutDue(now, policy), actorLabel(context.actor));
    const recorded = await payOutEverythingHeld(tx, paid.map((b) => ({
      bookingId: b.id, currency: b.currency, idempotencyKey: ledgerKey.payout(b.id),
    })), actorLabel(context.actor), now);
    if (recorded.size !== paid.length) throw new PayoutBatchFallback(paid.length, recorded.size);
    return new Set(paid.map((b) => b.id));
  });
}
