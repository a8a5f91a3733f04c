// The chef's answer deadline: an unanswered request expires (lib/marketplace/bookings/expire-request.ts).
import { acceptDeadline, expireRequest, systemActor, withHandler } from "../../lib/marketplace/index.ts";

export const acceptDeadlineJob = withHandler(acceptDeadline, async ({ tx, payload, now }) => {
  await expireRequest({ db: tx, actor: systemActor("accept-deadline"), now }, payload);
});
