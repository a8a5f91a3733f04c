// At its deadline an auction closes: the lowest bid (the earliest among equals) wins and a
// booking request is made for that chef at that price (with its accept deadline), or the auction
// expires without bids. Run by the auction's close job. Idempotent: only an open auction changes.
import { z } from "zod";
import { actorLabel, requireActor } from "../actor.ts";
import { NotDueYet } from "../bookings/booking-rows.ts";
import { createBookingRequest } from "../bookings/request-booking.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { auctionInstants } from "../deadline-instants.ts";
import { recordId } from "../inputs.ts";
import { notFound } from "../transitions.ts";
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
    const winner = await tx.bid.findFirst({ where: { auctionId }, orderBy: [{ priceMinor: "asc" }, { createdAt: "asc" }, { id: "asc" }] });
    const transition = winner ? auctionTransitions.award : auctionTransitions.expire;
    await tx.auction.updateMany({ where: { id: auctionId, status: { in: [...transition.from] } }, data: { status: transition.to } });
    if (!winner) return { acted: true, status: transition.to, bookingId: null };
    const booking = await createBookingRequest(tx, policy, now, {
      customerId: auction.customerId, chefId: winner.chefId, eventAt: auction.eventAt, timeZone: auction.timeZone, place: auction.place,
      priceMinor: winner.priceMinor, currency: auction.currency, auctionId, actor: actorLabel(context.actor),
    });
    return { acted: true, status: transition.to, bookingId: booking.id };
  });
}
