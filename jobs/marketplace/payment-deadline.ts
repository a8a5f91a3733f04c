// The customer's payment deadline: an unpaid accepted booking is cancelled.
import { bookingBatch } from "./booking-batch.ts";
import { paymentDeadline, cancelUnpaidBooking, cancelUnpaidBookings, systemActor, withHandler } from "../../lib/marketplace/index.ts";

export const paymentDeadlineJob = withHandler(paymentDeadline, async ({ tx, payload, now }) => {
  await cancelUnpaidBooking({ db: tx, actor: systemActor("payment-deadline"), now }, payload);
}, bookingBatch(cancelUnpaidBookings, "payment-deadline"));
