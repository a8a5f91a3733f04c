// The marketplace's job types: each is a declaration from lib/marketplace (name, payload, key,
// isolation) given a handler that calls the use case (docs/decisions/0010-job-declarations.md).
import { acceptDeadlineJob } from "./accept-deadline.ts";
import { closeAuctionHandlerJob } from "./close-auction.ts";
import { closeEventHandlerJob } from "./close-event.ts";
import { completeBookingHandlerJob } from "./complete-booking.ts";
import { disputeReplyDeadlineJob } from "./dispute-reply-deadline.ts";
import { moveAnswerDeadlineJob } from "./move-answer-deadline.ts";
import { paymentDeadlineJob } from "./payment-deadline.ts";
import { payoutHandlerJob } from "./payout.ts";

export const marketplaceJobs = [
  acceptDeadlineJob, paymentDeadlineJob, closeEventHandlerJob, completeBookingHandlerJob, payoutHandlerJob, disputeReplyDeadlineJob,
  closeAuctionHandlerJob, moveAnswerDeadlineJob,
];
