// After the event: the order completes (unless disputed) and the payout is scheduled.
import { completeBookingJob, completeBooking, systemActor, withHandler } from "../../lib/marketplace/index.ts";

export const completeBookingHandlerJob = withHandler(completeBookingJob, async ({ tx, payload, now }) => {
  await completeBooking({ db: tx, actor: systemActor("complete"), now }, payload);
});
