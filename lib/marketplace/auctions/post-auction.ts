// A customer asks chefs to bid for an event; bidding closes at `closesAt` (a job of subject
// auction, created with it). The event must be at least the minimum notice after the close, so
// the winning chef's request has time to be accepted and paid.
import { recordAuctionEvent } from "../events.ts";
import { z } from "zod";
import { DulyError, ErrorCode } from "../../errors.ts";
import { actorLabel, requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import { amountMinor, currency, instant, text, timeZone } from "../inputs.ts";
import { closeAuctionJob, scheduleDeadline } from "../job-declarations.ts";
import { requireNotice } from "../bookings/request-booking.ts";
import { notFound } from "../transitions.ts";
import type { AuctionView } from "../views.ts";
import { loadAuctionView } from "./auction-rows.ts";

export const postAuctionInput = z.strictObject({
  closesAt: instant,
  eventAt: instant,
  timeZone,
  place: text(200),
  currency,
  maxPriceMinor: amountMinor,
});
export type PostAuctionInput = z.input<typeof postAuctionInput>;

/** The shortest time an auction may take bids. */
export const minimumBiddingMs = 60 * 60_000;

export async function postAuction(context: UseCaseContext, input: PostAuctionInput): Promise<AuctionView> {
  const { actor } = context;
  const now = checkNow(context.now);
  requireActor(actor, ["customer"], "posting an auction");
  const request = parseInput(postAuctionInput, input, "post auction");
  const closesAt = new Date(request.closesAt);
  const eventAt = new Date(request.eventAt);
  if (closesAt.getTime() < now.getTime() + minimumBiddingMs) {
    throw new DulyError(ErrorCode.InvalidInput, `closesAt ${closesAt.toISOString()} is too soon: an auction takes bids for at least an hour`);
  }
  if (closesAt.getTime() > now.getTime() + 90 * 86_400_000) {
    throw new DulyError(ErrorCode.InvalidInput, `closesAt ${closesAt.toISOString()} is too far ahead: an auction takes bids for at most 90 days`);
  }
  requireNotice(policyOf(context), eventAt, closesAt);
  return inTransaction(context.db, async (tx) => {
    if (!(await tx.customer.findUnique({ where: { id: actor.customerId } }))) notFound(`customer ${actor.customerId}`);
    const auction = await tx.auction.create({
      data: {
        customerId: actor.customerId, status: "open", closesAt, eventAt, timeZone: request.timeZone, place: request.place,
        currency: request.currency, maxPriceMinor: request.maxPriceMinor, createdAt: now,
      },
    });
    await scheduleDeadline(tx, closeAuctionJob, { auctionId: auction.id }, closesAt);
    await recordAuctionEvent(tx, auction.id, "auction.posted", actorLabel(actor), now);
    return loadAuctionView(tx, auction.id);
  });
}
