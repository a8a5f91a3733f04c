// The customer's payment was captured: the booking is paid, a `charge` is recorded, the payment
// deadline is cancelled and the event's close scheduled at the event time, in one transaction.
//
// Shaped for a payment provider's webhook: it may call with its own idempotency key
// (`paymentKey`, stored as the charge's key); calling again with the same key and amount
// returns the same booking and records nothing (a retried webhook).
//
// It trusts its caller that the provider captured the money: only the platform's server side
// may call it (the API allows the platform's app key and the signed payment webhook, never a
// customer's or chef's key: docs/decisions/0012). A customer starts a payment (startCheckout).
import { amountInWords } from "../../format/money.ts";
import { z } from "zod";
import type { Booking } from "../../db/generated/client.ts";
import { DulyError, ErrorCode } from "../../errors.ts";
import { cancelForSubject } from "../../scheduler/index.ts";
import { actorLabel } from "../actor.ts";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { amountMinor, currency, providerKey, recordId } from "../inputs.ts";
import { closeEventJob, scheduleDeadline } from "../job-declarations.ts";
import { ledgerKey } from "../ledger/ledger-keys.ts";
import { moveMoney } from "../ledger/move-money.ts";
import { subjectOf } from "../subjects.ts";
import { toBookingView, type BookingView } from "../views.ts";
import { loadBooking, requireParty, requireTransition, transitionOrRetry } from "./booking-rows.ts";

export const payBookingInput = z.strictObject({
  bookingId: recordId,
  /** What was captured: must be the booking's price, in its currency. */
  amountMinor,
  currency,
  /** The payment provider's idempotency key for this capture (default: charge:booking:<id>). */
  paymentKey: providerKey.optional(),
});
export type PayBookingInput = z.input<typeof payBookingInput>;

export async function payBooking(context: UseCaseContext, input: PayBookingInput): Promise<BookingView> {
  const now = checkNow(context.now);
  const payment = parseInput(payBookingInput, input, "pay booking");
  const idempotencyKey = payment.paymentKey ?? ledgerKey.charge(payment.bookingId);
  return inTransaction(context.db, async (tx) => {
    const booking = await loadBooking(tx, payment.bookingId);
    // The customer, or the system/an operator relaying the provider's webhook.
    requireParty(context.actor, booking, ["customer", "operator", "system"], "paying");
    if (payment.amountMinor !== booking.priceMinor || payment.currency !== booking.currency) {
      throw new DulyError(
        ErrorCode.InvalidInput,
        `booking ${booking.id} costs ${amountInWords(booking.priceMinor, booking.currency)}, not ${amountInWords(payment.amountMinor, payment.currency)}`,
        payment.currency !== booking.currency ? "currency" : "amountMinor",
      );
    }
    // A retried webhook: this very charge is already recorded.
    const replay = await tx.ledgerEntry.findUnique({ where: { idempotencyKey } });
    if (replay && replay.bookingId === booking.id && replay.kind === "charge" && replay.amountMinor === payment.amountMinor) {
      return toBookingView(booking);
    }
    requirePayable(booking, now);
    const by = actorLabel(context.actor);
    await cancelForSubject(tx, subjectOf.booking(booking.id), { actor: by, reason: "paid", now });
    // Another payment won the race since the read (the same capture delivered twice at once):
    // the whole transaction is retried, and then finds that capture recorded (a replay, above).
    const paid = await transitionOrRetry(tx, booking, "pay", "accepted", { updatedAt: now, paidAt: now }, actorLabel(context.actor));
    await moveMoney(tx, {
      bookingId: booking.id, kind: "charge", amountMinor: payment.amountMinor, currency: payment.currency, idempotencyKey, actor: by, at: now,
    });
    await scheduleDeadline(tx, closeEventJob, { bookingId: booking.id }, paid.eventAt);
    return toBookingView(paid);
  });
}

/** Refuses (INVALID_STATE) unless the booking can be paid at `now`: accepted, before its payment deadline and its event. */
export function requirePayable(booking: Booking, now: Date, action = "pay"): void {
  requireTransition(booking, "pay", action);
  if (booking.payBy && now >= booking.payBy) {
    throw new DulyError(ErrorCode.InvalidState, `booking ${booking.id} is accepted but its payment deadline passed at ${booking.payBy.toISOString()}`);
  }
  // The payment deadline can outlast the event (a late auction's booking accepted just before it).
  if (booking.eventAt <= now) {
    throw new DulyError(ErrorCode.InvalidState, `booking ${booking.id}'s event started at ${booking.eventAt.toISOString()}; it cannot be paid`);
  }
}
