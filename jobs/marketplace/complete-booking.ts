// After the event: the order completes (unless disputed) and the payout is scheduled.
import { bookingBatch } from "./booking-batch.ts";
import { completeBookingJob, completeBooking, completeBookings, systemActor, withHandler } from "../../lib/marketplace/index.ts";

export const completeBookingHandlerJob = withHandler(completeBookingJob, async ({ tx, payload, now }) => {
  await completeBooking({ db: tx, actor: systemActor("complete"), now }, payload);
}, bookingBatch(completeBookings, "complete"));
