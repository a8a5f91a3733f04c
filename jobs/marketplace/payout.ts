// After the dispute window: the chef is paid what is held. Runs alone in its transaction (moves money);
// a batch of payouts gets a transaction holding only that batch (docs/decisions/0027).
import { bookingBatch } from "./booking-batch.ts";
import { payoutJob, payOutBooking, payOutBookings, systemActor, withHandler } from "../../lib/marketplace/index.ts";

export const payoutHandlerJob = withHandler(payoutJob, async ({ tx, payload, now }) => {
  await payOutBooking({ db: tx, actor: systemActor("payout"), now }, payload);
}, bookingBatch(payOutBookings, "payout"));
