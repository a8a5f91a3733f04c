// Cancelling a booking before its event closes, by the customer, the chef or an operator. Its
// jobs are cancelled in the same transaction. A paid booking is refunded per policy
// (cancellationRefundMinor): a chef's or an operator's cancellation refunds everything; the
// customer's refunds everything with enough notice before the event time both sides agreed to
// (agreed_event_at: a move the chef never accepted does not count), else the policy's share, and
// the rest is paid to the chef. Afterwards nothing is held. A pending move request is withdrawn.
import { z } from "zod";
import { DulyError, ErrorCode } from "../../errors.ts";
import { cancelForSubject } from "../../scheduler/index.ts";
import { actorLabel } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import { cutToReasonLength, reason } from "../../validation/fields.ts";
import { ledgerKey } from "../ledger/ledger-keys.ts";
import { moveMoney } from "../ledger/move-money.ts";
import { cancellationRefundMinor } from "../policy.ts";
import { subjectOf } from "../subjects.ts";
import { toBookingView, type BookingView } from "../views.ts";
import { loadBooking, requireParty, requireTransition, transitionOrRetry } from "./booking-rows.ts";
import { endMoveRequest, stopPendingMove } from "./move-request-rows.ts";

export const cancelBookingInput = z.strictObject({ bookingId: recordId, reason });
export type CancelBookingInput = z.input<typeof cancelBookingInput>;

export async function cancelBooking(context: UseCaseContext, input: CancelBookingInput): Promise<BookingView> {
  const now = checkNow(context.now);
  const { bookingId, reason } = parseInput(cancelBookingInput, input, "cancel booking");
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const booking = await loadBooking(tx, bookingId);
    requireParty(context.actor, booking, ["customer", "chef", "operator"], "cancelling");
    requireTransition(booking, "cancel");
    if (booking.status === "paid" && booking.eventAt <= now) {
      throw new DulyError(ErrorCode.InvalidState, `booking ${bookingId}'s event started at ${booking.eventAt.toISOString()}; open a dispute instead`);
    }
    const by = actorLabel(context.actor);
    const cancellation = { actor: by, reason: cutToReasonLength(`booking cancelled: ${reason}`), now };
    await cancelForSubject(tx, subjectOf.booking(bookingId), cancellation);
    const pendingMove = await stopPendingMove(tx, bookingId, cancellation);
    const cancelled = await transitionOrRetry(tx, booking, "cancel", booking.status, { updatedAt: now, endedAt: now, endedBy: by, endReason: reason }, by);
    if (pendingMove) await endMoveRequest(tx, pendingMove.id, "withdrawn", { now, by, reason: "the booking was cancelled" });
    if (booking.status === "paid") {
      const refundMinor = cancellationRefundMinor(policy, {
        priceMinor: booking.priceMinor, eventAt: booking.agreedEventAt ?? booking.eventAt, now, byCustomer: context.actor.kind === "customer",
      });
      const common = { bookingId, currency: booking.currency, actor: by, at: now };
      if (refundMinor > 0) await moveMoney(tx, { ...common, kind: "refund", amountMinor: refundMinor, idempotencyKey: ledgerKey.refund(bookingId) });
      const feeMinor = booking.priceMinor - refundMinor;
      if (feeMinor > 0) await moveMoney(tx, { ...common, kind: "payout", amountMinor: feeMinor, idempotencyKey: ledgerKey.payout(bookingId) });
    }
    return toBookingView(cancelled);
  });
}
