// The customer did not pay in time: the accepted booking is cancelled. Run by the payment
// deadline's job. Idempotent: a booking no longer accepted is left alone.
import { z } from "zod";
import { actorLabel, requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { recordId } from "../inputs.ts";
import { bookingInstants } from "../deadline-instants.ts";
import { deadlineTransition } from "./booking-rows.ts";

export const cancelUnpaidBookingInput = z.strictObject({ bookingId: recordId });
export type CancelUnpaidBookingInput = z.input<typeof cancelUnpaidBookingInput>;

export async function cancelUnpaidBooking(context: UseCaseContext, input: CancelUnpaidBookingInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "cancelling an unpaid booking");
  const { bookingId } = parseInput(cancelUnpaidBookingInput, input, "cancel unpaid booking");
  return inTransaction(context.db, async (tx) => {
    const result = await deadlineTransition(
      tx, bookingId, "cancelUnpaid", "accepted",
      { updatedAt: now, endedAt: now, endedBy: actorLabel(context.actor), endReason: "not paid in time" },
      { where: { payBy: { lte: now } }, at: (b) => bookingInstants.paymentDeadline(b)!, what: "payment deadline" }, actorLabel(context.actor),
    );
    return result.acted ? { acted: true, status: result.booking.status } : result;
  });
}
