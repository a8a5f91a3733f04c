// The customer starts paying an accepted booking: what to charge, in which currency, and by
// when. Duly holds no payment provider client, so creating the provider's payment (a Stripe
// PaymentIntent or Checkout Session) from these terms is the app's, with the booking's id in its
// metadata; the provider then confirms the capture through the signed webhook, which records the
// charge. Nothing is written here: a customer may start a payment but never confirm one.
import { z } from "zod";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import { loadBooking, requireParty } from "./booking-rows.ts";
import { requirePayable } from "./pay-booking.ts";

export const startCheckoutInput = z.strictObject({ bookingId: recordId });
export type StartCheckoutInput = z.input<typeof startCheckoutInput>;

export const checkoutView = z.object({
  bookingId: z.number().int().describe("Put it in the provider payment's metadata: the webhook's `payment.captured` event names it."),
  amountMinor: z.number().int().describe("Capture exactly this (the booking's price), in minor units."),
  currency: z.string(),
  payBy: z.string().meta({ description: "ISO 8601 instant: a capture confirmed at or after it is refused and the booking is cancelled.", format: "date-time" }),
});
export type CheckoutView = z.infer<typeof checkoutView>;

export async function startCheckout(context: UseCaseContext, input: StartCheckoutInput): Promise<CheckoutView> {
  const now = checkNow(context.now);
  const { bookingId } = parseInput(startCheckoutInput, input, "start checkout");
  return inTransaction(context.db, async (tx) => {
    const booking = await loadBooking(tx, bookingId);
    requireParty(context.actor, booking, ["customer", "operator"], "starting a payment");
    requirePayable(booking, now, "starting a payment");
    return { bookingId: booking.id, amountMinor: booking.priceMinor, currency: booking.currency, payBy: booking.payBy!.toISOString() };
  });
}
