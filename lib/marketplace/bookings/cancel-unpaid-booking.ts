// The customer did not pay in time: the accepted booking is cancelled. Run by the payment
// deadline's job. Idempotent: a booking no longer accepted is left alone.
import { z } from "zod";
import { actorLabel, requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { recordId } from "../inputs.ts";
import { bookingInstants } from "../deadline-instants.ts";
import { deadlineTransition, deadlineTransitionMany } from "./booking-rows.ts";
import type { Actor } from "../actor.ts";

export const cancelUnpaidBookingInput = z.strictObject({ bookingId: recordId });
export type CancelUnpaidBookingInput = z.input<typeof cancelUnpaidBookingInput>;

export async function cancelUnpaidBooking(context: UseCaseContext, input: CancelUnpaidBookingInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "cancelling an unpaid booking");
  const { bookingId } = parseInput(cancelUnpaidBookingInput, input, "cancel unpaid booking");
  return inTransaction(context.db, async (tx) => {
    const result = await deadlineTransition(
      tx, bookingId, "cancelUnpaid", "accepted", cancelUnpaidData(now, context.actor),
      { where: cancelUnpaidDue(now), at: (b) => bookingInstants.paymentDeadline(b)!, what: "payment deadline" }, actorLabel(context.actor),
    );
    return result.acted ? { acted: true, status: result.booking.status } : result;
  });
}

const cancelUnpaidData = (now: Date, actor: Actor) => ({ updatedAt: now, endedAt: now, endedBy: actorLabel(actor), endReason: "not paid in time" });
const cancelUnpaidDue = (now: Date) => ({ payBy: { lte: now } });

/**
 * cancelUnpaidBooking for many bookings at once (the payment deadline's batch, decision 0027):
 * one statement cancels those due and still accepted. Returns them; the others are left for
 * cancelUnpaidBooking, one at a time.
 */
export async function cancelUnpaidBookings(context: UseCaseContext, bookingIds: number[]): Promise<Set<number>> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "cancelling an unpaid booking");
  const ids = bookingIds.map((bookingId) => parseInput(cancelUnpaidBookingInput, { bookingId }, "cancel unpaid booking").bookingId);
  return inTransaction(context.db, async (tx) => {
    const cancelled = await deadlineTransitionMany(tx, ids, "cancelUnpaid", "accepted", cancelUnpaidData(now, context.actor), cancelUnpaidDue(now), actorLabel(context.actor));
    return new Set(cancelled.map((b) => b.id));
  });
}
