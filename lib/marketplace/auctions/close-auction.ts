// At its deadline an auction closes: the lowest bid (the earliest among equals) of a chef who is
// free for the event wins and a booking request is made for that chef at that price (with its
// accept deadline), or the auction expires without bids (or with only busy bidders: a chef who
// holds an overlapping booking cannot be booked twice). Run by the auction's close job.
// Idempotent: only an open auction changes.
import { recordAuctionEvent } from "../events.ts";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { actorLabel, requireActor } from "../actor.ts";
import { NotDueYet } from "../bookings/booking-rows.ts";
import { defaultEventDurationMinutes, findClash } from "../bookings/chef-time.ts";
import { createBookingRequest } from "../bookings/request-booking.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { auctionInstants } from "../deadline-instants.ts";
import { recordId } from "../inputs.ts";
import { notFound } from "../transitions.ts";
import { bidOrder } from "./auction-rows.ts";
import { auctionTransitions } from "./auction-status.ts";

export const closeAuctionInput = z.strictObject({ auctionId: recordId });
export type CloseAuctionInput = z.input<typeof closeAuctionInput>;

export async function closeAuction(context: UseCaseContext, input: CloseAuctionInput): Promise<DeadlineOutcome & { bookingId: number | null }> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "closing an auction");
  const { auctionId } = parseInput(closeAuctionInput, input, "close auction");
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const auction = (await tx.auction.findUnique({ where: { id: auctionId } })) ?? notFound(`auction ${auctionId}`);
    if (auction.status !== "open") return { acted: false, status: auction.status, bookingId: null };
    const closesAt = auctionInstants.close(auction);
    if (closesAt > now) throw new NotDueYet(`auction ${auctionId}'s close`, closesAt, now);
    // Taking the row first (closed_at) makes racing bids wait, so the bids read next are final.
    const { count } = await tx.auction.updateMany({ where: { id: auctionId, status: "open" }, data: { closedAt: now } });
    if (count === 0) return { acted: false, status: (await tx.auction.findUniqueOrThrow({ where: { id: auctionId } })).status, bookingId: null };
    const winner = await lowestFreeBid(tx, auctionId, auction.eventAt);
    const transition = winner ? auctionTransitions.award : auctionTransitions.expire;
    await tx.auction.updateMany({ where: { id: auctionId, status: { in: [...transition.from] } }, data: { status: transition.to } });
    if (!winner) {
      await recordAuctionEvent(tx, auctionId, "auction.closed", actorLabel(context.actor), now);
      return { acted: true, status: transition.to, bookingId: null };
    }
    const booking = await createBookingRequest(tx, policy, now, {
      customerId: auction.customerId, chefId: winner.chefId, eventAt: auction.eventAt, timeZone: auction.timeZone, place: auction.place,
      priceMinor: winner.priceMinor, currency: auction.currency, auctionId, actor: actorLabel(context.actor),
      durationMinutes: defaultEventDurationMinutes,
    });
    await recordAuctionEvent(tx, auctionId, "auction.closed", actorLabel(context.actor), now);
    return { acted: true, status: transition.to, bookingId: booking.id };
  });
}

/** The lowest bid (earliest among equals) whose chef holds no booking overlapping the event. */
async function lowestFreeBid(tx: Tx, auctionId: number, eventAt: Date) {
  const bids = await tx.bid.findMany({ where: { auctionId }, orderBy: bidOrder });
  for (const bid of bids) {
    if (!(await findClash(tx, { chefId: bid.chefId, eventAt, durationMinutes: defaultEventDurationMinutes }))) return bid;
  }
  return null;
}
