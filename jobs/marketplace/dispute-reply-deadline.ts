// The chef's dispute reply deadline: silence refunds the customer. Runs alone in its transaction (moves money).
import { disputeReplyDeadline, refundUnansweredDispute, systemActor, withHandler } from "../../lib/marketplace/index.ts";

export const disputeReplyDeadlineJob = withHandler(disputeReplyDeadline, async ({ tx, payload, now }) => {
  await refundUnansweredDispute({ db: tx, actor: systemActor("dispute-reply-deadline"), now }, payload);
});
