// After the dispute window: the chef is paid what is held. Runs alone in its transaction (moves money).
import { payoutJob, payOutBooking, systemActor, withHandler } from "../../lib/marketplace/index.ts";

export const payoutHandlerJob = withHandler(payoutJob, async ({ tx, payload, now }) => {
  await payOutBooking({ db: tx, actor: systemActor("payout"), now }, payload);
});
