// A chef bids on an open auction. Bidding again may only lower the chef's bid: a higher price is
// refused (INVALID_INPUT naming the current bid), the same price changes nothing (the bid keeps
// its time, which wins ties), a lower one replaces it. The auction's row is read FOR SHARE: a close running at the same moment (an UPDATE of that row) waits for this bid to
// commit and then sees it, or this bid waits for the close and is refused.
import { recordBidEvent } from "../events.ts";
import { amountInWords } from "../../format/money.ts";
import { z } from "zod";
import { DulyError, ErrorCode } from "../../errors.ts";
import { actorLabel, requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { amountMinor, recordId } from "../inputs.ts";
import { notFound, refuseTransition } from "../transitions.ts";
import { toBidView, type BidView } from "../views.ts";
import { placeOrLowerBid } from "./bid-rows.ts";

export const placeBidInput = z.strictObject({ auctionId: recordId, priceMinor: amountMinor });
export type PlaceBidInput = z.input<typeof placeBidInput>;

export async function placeBid(context: UseCaseContext, input: PlaceBidInput): Promise<BidView> {
  const { actor } = context;
  const now = checkNow(context.now);
  requireActor(actor, ["chef"], "bidding");
  const bid = parseInput(placeBidInput, input, "place bid");
  return inTransaction(context.db, async (tx) => {
    const [auction] = await tx.$queryRaw<Array<{ status: string; closes_at: Date; max_price_minor: number; currency: string; customer_id: number }>>`
      SELECT status::text AS status, closes_at, max_price_minor, currency, customer_id FROM auctions WHERE id = ${bid.auctionId} FOR SHARE`;
    if (!auction) notFound(`auction ${bid.auctionId}`);
    if (auction.status !== "open") refuseTransition(`auction ${bid.auctionId}`, auction.status, "bidding", ["open"]);
    if (now >= auction.closes_at) {
      throw new DulyError(ErrorCode.InvalidState, `auction ${bid.auctionId} is open but stopped taking bids at ${auction.closes_at.toISOString()}`);
    }
    if (bid.priceMinor > auction.max_price_minor) {
      throw new DulyError(ErrorCode.InvalidInput, `the bid ${amountInWords(bid.priceMinor, auction.currency)} is above the auction's maximum ${amountInWords(auction.max_price_minor, auction.currency)}`, "priceMinor");
    }
    if (!(await tx.chef.findUnique({ where: { id: actor.chefId } }))) notFound(`chef ${actor.chefId}`);
    const placed = await placeOrLowerBid(tx, { auctionId: bid.auctionId, chefId: actor.chefId, priceMinor: bid.priceMinor, at: now });
    if (placed) {
      await recordBidEvent(tx, placed, auction.customer_id, actorLabel(actor), now);
      return toBidView(placed);
    }
    const current = await tx.bid.findUniqueOrThrow({ where: { auctionId_chefId: { auctionId: bid.auctionId, chefId: actor.chefId } } });
    if (current.priceMinor === bid.priceMinor) return toBidView(current);
    throw new DulyError(
      ErrorCode.InvalidInput,
      `chef ${actor.chefId}'s bid on auction ${bid.auctionId} is ${amountInWords(current.priceMinor, auction.currency)}; a new bid must be lower (bids only go down), not ${amountInWords(bid.priceMinor, auction.currency)}`,
      "priceMinor",
    );
  });
}
