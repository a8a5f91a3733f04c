// The lists of /api/v1 (issue 14, item 4): bookings, auctions and disputes, newest first, by
// status and creation time, with keyset cursors (lib/api/lists.ts). Each holds only what the
// caller may see: a customer its own bookings, auctions and the disputes on its bookings; a chef
// its own bookings and the disputes on them, and every auction (chefs discover open ones to bid
// on: `?status=open`); the platform everything. A record in a list is shown as the single read
// shows it to that caller (a party reads other parties' actions by kind only).
import { z } from "zod";
import type { DbOrTx } from "../../db/client.ts";
import {
  actorAsSeenByParty,
  auctionStatusSchema,
  auctionView,
  bookingStatusSchema,
  disputeStatusSchema,
  requireKnownParty,
  toBookingView,
  toDisputeView,
} from "../../marketplace/index.ts";
import type { ActingParty } from "../acting-party.ts";
import { defineEndpoint } from "../endpoint.ts";
import { keysetWhere, listPage, listQuery, pageOf, type ListFilters } from "../lists.ts";
import { Booking } from "./bookings.ts";
import { Dispute } from "./disputes.ts";

export const AuctionSummary = auctionView.omit({ bids: true, bookingId: true }).meta({
  id: "AuctionSummary",
  description: "An auction without its bids and booking: GET /auctions/{auctionId} reads those, as the caller may see them.",
});

const bookingsQuery = listQuery(bookingStatusSchema, "requestedAt");
const auctionsQuery = listQuery(auctionStatusSchema, "createdAt");
const disputesQuery = listQuery(disputeStatusSchema, "openedAt");

const listDescription = (what: string) =>
  `${what} Newest first; \`limit\` per page, \`nextCursor\` for the next (stable while records are added: nothing is repeated or skipped).`;

export const listBookingsEndpoint = defineEndpoint({
  operationId: "listBookings",
  method: "get",
  path: "/bookings",
  summary: "List bookings",
  description: listDescription("A customer's or chef's own bookings; the platform's, all."),
  tag: "Bookings",
  parties: ["customer", "chef", "platform"],
  query: bookingsQuery,
  response: listPage(Booking, "BookingList"),
  successStatus: 200,
  errors: [{ status: 404, code: "NOT_FOUND", when: "the acting customer or chef does not exist" }],
});

export const listAuctionsEndpoint = defineEndpoint({
  operationId: "listAuctions",
  method: "get",
  path: "/auctions",
  summary: "List auctions (chefs: find open ones with ?status=open)",
  description: listDescription("A customer's own auctions; for a chef or the platform, every auction."),
  tag: "Auctions",
  parties: ["customer", "chef", "platform"],
  query: auctionsQuery,
  response: listPage(AuctionSummary, "AuctionList"),
  successStatus: 200,
  errors: [{ status: 404, code: "NOT_FOUND", when: "the acting customer or chef does not exist" }],
});

export const listDisputesEndpoint = defineEndpoint({
  operationId: "listDisputes",
  method: "get",
  path: "/disputes",
  summary: "List disputes",
  description: listDescription("The disputes on a customer's or chef's own bookings; the platform's, all."),
  tag: "Disputes",
  parties: ["customer", "chef", "platform"],
  query: disputesQuery,
  response: listPage(Dispute, "DisputeList"),
  successStatus: 200,
  errors: [{ status: 404, code: "NOT_FOUND", when: "the acting customer or chef does not exist" }],
});

const ownBookings = (party: ActingParty | undefined) =>
  party === undefined ? {} : party.kind === "customer" ? { customerId: party.customerId } : { chefId: party.chefId };

export async function listBookings(db: DbOrTx, party: ActingParty | undefined, filters: ListFilters) {
  if (party) await requireKnownParty(db, party);
  const rows = await db.booking.findMany({
    where: { ...keysetWhere("bookings", filters, "requestedAt"), ...ownBookings(party) } as never,
    orderBy: { id: "desc" },
    take: filters.limit + 1,
  });
  return pageOf("bookings", filters, rows, (row) => {
    const view = toBookingView(row);
    return party ? { ...view, endedBy: actorAsSeenByParty(view.endedBy) } : view;
  });
}

export async function listAuctions(db: DbOrTx, party: ActingParty | undefined, filters: ListFilters) {
  if (party) await requireKnownParty(db, party);
  const rows = await db.auction.findMany({
    where: { ...keysetWhere("auctions", filters, "createdAt"), ...(party?.kind === "customer" ? { customerId: party.customerId } : {}) } as never,
    orderBy: { id: "desc" },
    take: filters.limit + 1,
  });
  return pageOf("auctions", filters, rows, (a): z.input<typeof AuctionSummary> => ({
    id: a.id, customerId: a.customerId, status: a.status, closesAt: a.closesAt.toISOString(), eventAt: a.eventAt.toISOString(), timeZone: a.timeZone,
    place: a.place, currency: a.currency, maxPriceMinor: a.maxPriceMinor, createdAt: a.createdAt.toISOString(), closedAt: a.closedAt?.toISOString() ?? null,
  }));
}

export async function listDisputes(db: DbOrTx, party: ActingParty | undefined, filters: ListFilters) {
  if (party) await requireKnownParty(db, party);
  const rows = await db.dispute.findMany({
    where: { ...keysetWhere("disputes", filters, "openedAt"), ...(party ? { booking: ownBookings(party) } : {}) } as never,
    orderBy: { id: "desc" },
    take: filters.limit + 1,
  });
  return pageOf("disputes", filters, rows, (row) => {
    const view = toDisputeView(row);
    return party ? { ...view, resolvedBy: actorAsSeenByParty(view.resolvedBy) } : view;
  });
}
