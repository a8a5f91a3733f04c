// The business instant each marketplace deadline belongs to, in one place. The use case that acts
// at it reads it to tell "not due yet" (NotDueYet: the job defers to it), and the job type's
// business-time declaration reads it to tell an operator, before they run the job early, when it
// will act (docs/decisions/0020). A new deadline adds its instant here and declares
// `businessTime: bookingBusinessTime("…", bookingInstants.…)` (or the dispute/auction form).
import type { DbOrTx } from "../db/client.ts";
import type { Auction, Booking, BookingMoveRequest, Dispute } from "../db/generated/client.ts";
import type { BusinessTime } from "../scheduler/index.ts";
import { lifecyclePolicy, type LifecyclePolicy } from "./policy.ts";

const plus = (instant: Date, ms: number) => new Date(instant.getTime() + ms);

/** When the chef may be paid: the dispute window after completion. */
export const payoutDueAt = (completedAt: Date, payoutAfterMs: number) => plus(completedAt, payoutAfterMs);

/** A booking's deadlines; null where the booking has not reached the state that sets it. */
export const bookingInstants = {
  answerDeadline: (booking: Booking): Date => booking.acceptBy,
  paymentDeadline: (booking: Booking): Date | null => booking.payBy,
  event: (booking: Booking): Date => booking.eventAt,
  completion: (booking: Booking, policy: LifecyclePolicy): Date => plus(booking.eventAt, policy.completeAfterMs),
  payout: (booking: Booking, policy: LifecyclePolicy): Date | null =>
    booking.completedAt ? payoutDueAt(booking.completedAt, policy.payoutAfterMs) : null,
};

export const disputeInstants = {
  replyDeadline: (dispute: Dispute): Date => dispute.replyBy,
};

export const auctionInstants = {
  close: (auction: Auction): Date => auction.closesAt,
};

export const moveRequestInstants = {
  answerDeadline: (request: BookingMoveRequest): Date => request.answerBy,
};

/**
 * A booking deadline's business time, read from the booking with this environment's policy (the
 * one its handler acts by). Null when the booking is gone.
 */
export function bookingBusinessTime(
  instant: string,
  at: (booking: Booking, policy: LifecyclePolicy) => Date | null,
): BusinessTime<{ bookingId: number }> {
  return {
    instant,
    dueAt: async (db: DbOrTx, { bookingId }) => {
      const booking = await db.booking.findUnique({ where: { id: bookingId } });
      return booking ? at(booking, lifecyclePolicy()) : null;
    },
  };
}

export function disputeBusinessTime(instant: string, at: (dispute: Dispute) => Date | null): BusinessTime<{ disputeId: number }> {
  return {
    instant,
    dueAt: async (db: DbOrTx, { disputeId }) => {
      const dispute = await db.dispute.findUnique({ where: { id: disputeId } });
      return dispute ? at(dispute) : null;
    },
  };
}

export function auctionBusinessTime(instant: string, at: (auction: Auction) => Date | null): BusinessTime<{ auctionId: number }> {
  return {
    instant,
    dueAt: async (db: DbOrTx, { auctionId }) => {
      const auction = await db.auction.findUnique({ where: { id: auctionId } });
      return auction ? at(auction) : null;
    },
  };
}

export function moveRequestBusinessTime(
  instant: string,
  at: (request: BookingMoveRequest) => Date | null,
): BusinessTime<{ moveRequestId: number }> {
  return {
    instant,
    dueAt: async (db: DbOrTx, { moveRequestId }) => {
      const request = await db.bookingMoveRequest.findUnique({ where: { id: moveRequestId } });
      return request ? at(request) : null;
    },
  };
}
