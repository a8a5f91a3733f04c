// What use cases return: plain JSON-ready values (ISO instants, numbers, ids of bigint columns
// as strings), described by zod so the API documents its responses from the same source.
import { z } from "zod";
import type { Auction, Bid, Booking, Chef, Customer, Dispute, LedgerEntry } from "../db/generated/client.ts";
import { bookingStatus, disputeStatus, metadata } from "../validation/fields.ts";
import { moveRequestView } from "./move-request-view.ts";

// `format: date-time` in the OpenAPI document, so generated clients type it as a timestamp.
const iso = z.string().meta({ description: "ISO 8601 instant (UTC)", format: "date-time" });
const isoOrNull = iso.nullable();

// The database's enums (lib/validation/fields.ts), so a status added to the schema is documented at once.
export const bookingStatusSchema = bookingStatus;
export const disputeStatusSchema = disputeStatus;
export const auctionStatusSchema = z.enum(["open", "awarded", "expired"]);
export const ledgerKindSchema = z.enum(["charge", "payout", "refund"]);

export const bookingView = z.object({
  id: z.number().int(),
  status: bookingStatusSchema,
  customerId: z.number().int(),
  chefId: z.number().int(),
  eventAt: iso,
  timeZone: z.string(),
  place: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  auctionId: z.number().int().nullable(),
  requestedAt: iso,
  acceptBy: iso,
  acceptedAt: isoOrNull,
  payBy: isoOrNull,
  paidAt: isoOrNull,
  closedAt: isoOrNull,
  completedAt: isoOrNull,
  endedAt: isoOrNull,
  endedBy: z.string().nullable(),
  endReason: z.string().nullable(),
  /** The event holds the chef from eventAt for this many minutes (no other booking of the chef may overlap it). */
  durationMinutes: z.number().int(),
  /** The event time both sides agreed to (null while requested); the late-cancellation share is judged against it. */
  agreedEventAt: isoOrNull,
  /** The integrator's own keys and values (set with the request, changed with POST /bookings/{bookingId}). */
  metadata: metadata,
});
export type BookingView = z.infer<typeof bookingView>;

export const disputeView = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  status: disputeStatusSchema,
  reason: z.string(),
  openedAt: iso,
  replyBy: iso,
  reply: z.string().nullable(),
  repliedAt: isoOrNull,
  resolvedAt: isoOrNull,
  resolvedBy: z.string().nullable(),
  refundMinor: z.number().int().nullable(),
});
export type DisputeView = z.infer<typeof disputeView>;

/** Shown to operators and the platform only, never to the booking's customer or chef (docs/api.md, "What each party sees"). */
const internal = (schema: z.ZodString, what: string) => schema.optional().describe(`${what} Operators and the platform only.`);

export const ledgerEntryView = z.object({
  id: internal(z.string(), "The entry's id."),
  bookingId: z.number().int(),
  kind: ledgerKindSchema,
  amountMinor: z.number().int(),
  currency: z.string(),
  idempotencyKey: internal(z.string(), "The payment provider's key for this movement, or the ledger's own (`charge:booking:42`)."),
  actor: internal(z.string(), "Who recorded it."),
  createdAt: iso,
});
export type LedgerEntryView = z.infer<typeof ledgerEntryView>;

export const deadlineView = z.object({
  jobId: internal(z.string(), "The job's id in the scheduler."),
  jobType: z.string(),
  runAt: iso,
  status: z.enum(["pending", "running"]),
  subject: z.string().describe('e.g. "booking:42" or "dispute:7"'),
});
export type DeadlineView = z.infer<typeof deadlineView>;

export const moneyView = z.object({
  chargedMinor: z.number().int(),
  paidOutMinor: z.number().int(),
  refundedMinor: z.number().int(),
  /** charged = paid out + refunded + held, always. */
  heldMinor: z.number().int(),
});
export type MoneyView = z.infer<typeof moneyView>;

export const bookingDetailView = bookingView.extend({
  disputes: z.array(disputeView),
  ledger: z.array(ledgerEntryView),
  money: moneyView,
  /** Pending (or running) jobs of this booking, its disputes and its move requests, soonest first. */
  deadlines: z.array(deadlineView),
  /** Requests to move the event, oldest first (at most one pending). */
  moveRequests: z.array(moveRequestView),
});
export type BookingDetailView = z.infer<typeof bookingDetailView>;

export const bidView = z.object({
  id: z.number().int(),
  auctionId: z.number().int(),
  chefId: z.number().int(),
  priceMinor: z.number().int(),
  createdAt: iso,
});
export type BidView = z.infer<typeof bidView>;

export const auctionView = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  status: auctionStatusSchema,
  closesAt: iso,
  eventAt: iso,
  timeZone: z.string(),
  place: z.string(),
  currency: z.string(),
  maxPriceMinor: z.number().int(),
  createdAt: iso,
  closedAt: isoOrNull,
  /** The booking request made for the winning chef, once awarded. */
  bookingId: z.number().int().nullable(),
  bids: z.array(bidView),
});
export type AuctionView = z.infer<typeof auctionView>;

export const personView = z.object({ id: z.number().int(), name: z.string(), email: z.string(), createdAt: iso });
export type PersonView = z.infer<typeof personView>;

const isoOf = (date: Date | null) => (date ? date.toISOString() : null);

export function toBookingView(b: Booking): BookingView {
  return {
    id: b.id, status: b.status, customerId: b.customerId, chefId: b.chefId, eventAt: b.eventAt.toISOString(), timeZone: b.timeZone,
    place: b.place, priceMinor: b.priceMinor, currency: b.currency, auctionId: b.auctionId, requestedAt: b.requestedAt.toISOString(),
    acceptBy: b.acceptBy.toISOString(), acceptedAt: isoOf(b.acceptedAt), payBy: isoOf(b.payBy), paidAt: isoOf(b.paidAt),
    closedAt: isoOf(b.closedAt), completedAt: isoOf(b.completedAt), endedAt: isoOf(b.endedAt), endedBy: b.endedBy, endReason: b.endReason,
    durationMinutes: b.durationMinutes, agreedEventAt: isoOf(b.agreedEventAt),
    metadata: (b.metadata ?? {}) as Record<string, string>,
  };
}

export function toDisputeView(d: Dispute): DisputeView {
  return {
    id: d.id, bookingId: d.bookingId, status: d.status, reason: d.reason, openedAt: d.openedAt.toISOString(), replyBy: d.replyBy.toISOString(),
    reply: d.reply, repliedAt: isoOf(d.repliedAt), resolvedAt: isoOf(d.resolvedAt), resolvedBy: d.resolvedBy, refundMinor: d.refundMinor,
  };
}

export function toLedgerEntryView(e: LedgerEntry): LedgerEntryView {
  return {
    id: e.id.toString(), bookingId: e.bookingId, kind: e.kind, amountMinor: e.amountMinor, currency: e.currency,
    idempotencyKey: e.idempotencyKey, actor: e.actor, createdAt: e.createdAt.toISOString(),
  };
}

export function toBidView(b: Bid): BidView {
  return { id: b.id, auctionId: b.auctionId, chefId: b.chefId, priceMinor: b.priceMinor, createdAt: b.createdAt.toISOString() };
}

export function toAuctionView(a: Auction & { bids: Bid[]; booking: { id: number } | null }): AuctionView {
  return {
    id: a.id, customerId: a.customerId, status: a.status, closesAt: a.closesAt.toISOString(), eventAt: a.eventAt.toISOString(),
    timeZone: a.timeZone, place: a.place, currency: a.currency, maxPriceMinor: a.maxPriceMinor, createdAt: a.createdAt.toISOString(),
    closedAt: isoOf(a.closedAt), bookingId: a.booking?.id ?? null, bids: a.bids.map(toBidView),
  };
}

export function toPersonView(p: Chef | Customer): PersonView {
  return { id: p.id, name: p.name, email: p.email, createdAt: p.createdAt.toISOString() };
}
