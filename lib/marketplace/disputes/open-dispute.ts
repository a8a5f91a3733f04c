// The customer disputes a booking after its event closed and before the payout. Completion or
// payout (whichever is pending) is cancelled and the chef's reply deadline scheduled, in the
// transaction that opens the dispute. One open dispute per booking: the booking's own status
// (disputed) guards it.
import { z } from "zod";
import { DulyError, ErrorCode } from "../../errors.ts";
import { cancelForSubject } from "../../scheduler/index.ts";
import { actorLabel } from "../actor.ts";
import { recordDisputeEvent } from "../events.ts";
import { loadBooking, requireParty, requireTransition, transitionOrRetry } from "../bookings/booking-rows.ts";
import { payoutDueAt } from "../bookings/complete-booking.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import { reason } from "../../validation/fields.ts";
import { disputeReplyDeadline, scheduleDeadline } from "../job-declarations.ts";
import { subjectOf } from "../subjects.ts";
import { toDisputeView, type DisputeView } from "../views.ts";

export const openDisputeInput = z.strictObject({ bookingId: recordId, reason });
export type OpenDisputeInput = z.input<typeof openDisputeInput>;

export async function openDispute(context: UseCaseContext, input: OpenDisputeInput): Promise<DisputeView> {
  const now = checkNow(context.now);
  const { bookingId, reason } = parseInput(openDisputeInput, input, "open dispute");
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const booking = await loadBooking(tx, bookingId);
    requireParty(context.actor, booking, ["customer", "operator"], "opening a dispute");
    requireTransition(booking, "openDispute", "opening a dispute");
    if (booking.status === "completed" && payoutDueAt(booking.completedAt!, policy.payoutAfterMs) <= now) {
      throw new DulyError(
        ErrorCode.InvalidState,
        `booking ${bookingId}'s dispute window closed at ${payoutDueAt(booking.completedAt!, policy.payoutAfterMs).toISOString()}; the chef is being paid`,
      );
    }
    const by = actorLabel(context.actor);
    // Jobs first (lock order): a running payout holds its job, then the booking; if it wins, the
    // guarded change below finds the booking paid_out and the transaction retries, then refuses.
    await cancelForSubject(tx, subjectOf.booking(bookingId), { actor: by, reason: "dispute opened", now });
    await transitionOrRetry(tx, booking, "openDispute", booking.status, { updatedAt: now }, actorLabel(context.actor));
    const replyBy = new Date(now.getTime() + policy.disputeReplyWithinMs);
    const dispute = await tx.dispute.create({ data: { bookingId, status: "awaiting_reply", reason, openedAt: now, replyBy, updatedAt: now } });
    await recordDisputeEvent(tx, dispute, booking, "dispute.opened", actorLabel(context.actor), now);
    await scheduleDeadline(tx, disputeReplyDeadline, { disputeId: dispute.id }, replyBy);
    return toDisputeView(dispute);
  });
}
