// The marketplace's events (lib/events, decision 0028): each business change writes one, in its
// transaction, from the single places changes are written (the guarded transitions in
// bookings/booking-rows.ts and disputes/dispute-rows.ts, and the few creations and moves).
import type { Tx } from "../db/client.ts";
import type { Booking, Dispute } from "../db/generated/client.ts";
import { recordEvent, recordEvents, type EventInput } from "../events/record-event.ts";
import type { EventType } from "../events/event-types.ts";
import { winningChefField } from "../events/event-view.ts";
import type { BookingTransition } from "./bookings/booking-status.ts";
import { toBidView, toBookingView, toDisputeView, toAuctionView } from "./views.ts";
import type { Bid } from "../db/generated/client.ts";

/** The event each booking transition writes. A deadline's cancel is told apart from a party's. */
export const bookingEventOf: Record<BookingTransition, EventType> = {
  accept: "booking.accepted",
  decline: "booking.declined",
  expire: "booking.expired",
  cancelUnpaid: "booking.auto_cancelled",
  cancel: "booking.cancelled",
  pay: "booking.paid",
  close: "booking.closed",
  complete: "booking.completed",
  openDispute: "booking.disputed",
  payOut: "booking.paid_out",
  refund: "booking.refunded",
  settle: "booking.settled",
  release: "booking.paid_out",
};

const partiesOf = (b: { customerId: number; chefId: number }) => [`customer:${b.customerId}`, `chef:${b.chefId}`];

const bookingEvent = (booking: Booking, type: EventType, by: string, at: Date): EventInput => ({
  type, objectType: "booking", objectId: booking.id, orderingKey: `booking:${booking.id}`, data: toBookingView(booking),
  actor: by, audience: partiesOf(booking), at,
});

export function recordBookingEvent(tx: Tx, booking: Booking, type: EventType, by: string, at: Date): Promise<void> {
  return recordEvent(tx, bookingEvent(booking, type, by, at));
}

/** recordBookingEvent for many bookings changed by one statement (a batch): one insert for all. */
export function recordBookingEvents(tx: Tx, bookings: readonly Booking[], type: EventType, by: string, at: Date): Promise<void> {
  return recordEvents(tx, bookings.map((booking) => bookingEvent(booking, type, by, at)));
}

export function recordDisputeEvent(tx: Tx, dispute: Dispute, booking: { customerId: number; chefId: number }, type: EventType, by: string, at: Date): Promise<void> {
  return recordEvent(tx, {
    type, objectType: "dispute", objectId: dispute.id, orderingKey: `booking:${dispute.bookingId}`, data: toDisputeView(dispute),
    actor: by, audience: partiesOf(booking), at,
  });
}

/** An auction's event: its customer sees it, and every chef that bid (its own bid only). */
export async function recordAuctionEvent(tx: Tx, auctionId: number, type: EventType, by: string, at: Date): Promise<void> {
  const auction = await tx.auction.findUniqueOrThrow({
    where: { id: auctionId },
    include: { bids: { orderBy: [{ priceMinor: "asc" }, { createdAt: "asc" }, { id: "asc" }] }, booking: { select: { id: true, chefId: true } } },
  });
  const data = { ...toAuctionView(auction), [winningChefField]: auction.booking?.chefId ?? null };
  const audience = [`customer:${auction.customerId}`, ...new Set(auction.bids.map((bid) => `chef:${bid.chefId}`))];
  await recordEvent(tx, { type, objectType: "auction", objectId: auction.id, orderingKey: `auction:${auction.id}`, data, actor: by, audience, at });
}

/** A bid: the auction's customer and the bidding chef see it. */
export function recordBidEvent(tx: Tx, bid: Bid, customerId: number, by: string, at: Date): Promise<void> {
  return recordEvent(tx, {
    type: "auction.bid_placed", objectType: "bid", objectId: bid.id, orderingKey: `auction:${bid.auctionId}`, data: toBidView(bid),
    actor: by, audience: [`customer:${customerId}`, `chef:${bid.chefId}`], at,
  });
}
