// The business records jobs belong to (scheduled_jobs.subject_type / subject_id, decision 0002).
// Built here only, never by hand at a call site, so "every job of booking 42" always matches.
import type { Subject } from "../scheduler/index.ts";

export const subjectOf = {
  booking: (bookingId: number): Subject => ({ type: "booking", id: bookingId }),
  dispute: (disputeId: number): Subject => ({ type: "dispute", id: disputeId }),
  auction: (auctionId: number): Subject => ({ type: "auction", id: auctionId }),
  /** A customer's request to move a booking's event (its answer deadline). */
  moveRequest: (moveRequestId: number): Subject => ({ type: "move-request", id: moveRequestId }),
} as const;
