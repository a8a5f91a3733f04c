// Every event type Duly writes, listed once: the API documents them (an endpoint subscribes to
// some of them, or to "*"), and a test checks each business change writes one of these.
import { z } from "zod";

export const eventTypes = [
  "booking.requested",
  "booking.accepted",
  "booking.declined",
  "booking.expired",
  "booking.cancelled",
  "booking.auto_cancelled",
  "booking.paid",
  "booking.moved",
  "booking.closed",
  "booking.completed",
  "booking.disputed",
  "booking.paid_out",
  "booking.refunded",
  "booking.settled",
  "dispute.opened",
  "dispute.replied",
  "dispute.resolved",
  "dispute.auto_resolved",
  "auction.posted",
  "auction.bid_placed",
  "auction.closed",
] as const;
export type EventType = (typeof eventTypes)[number];

export const eventTypeSchema = z.enum(eventTypes);

/** The kinds of record an event is about (`objectType`). */
export const eventObjectTypes = ["booking", "dispute", "auction", "bid"] as const;
export type EventObjectType = (typeof eventObjectTypes)[number];
