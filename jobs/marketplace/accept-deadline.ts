// The chef's answer deadline: an unanswered request expires (lib/marketplace/bookings/expire-request.ts).
import { bookingBatch } from "./booking-batch.ts";
import { acceptDeadline, expireRequest, expireRequests, systemActor, withHandler } from "../../lib/marketplace/index.ts";

export const acceptDeadlineJob = withHandler(acceptDeadline, async ({ tx, payload, now }) => {
  await expireRequest({ db: tx, actor: systemActor("accept-deadline"), now }, payload);
}, bookingBatch(expireRequests, "accept-deadline"));
