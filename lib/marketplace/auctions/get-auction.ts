// One auction with its bids (lowest first) and, once awarded, the booking it made, as the
// acting party may see it (auction-rows.ts): its customer and operators see every bid, a chef
// only its own.
import { z } from "zod";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import { notFound } from "../transitions.ts";
import type { AuctionView } from "../views.ts";
import { loadAuctionView } from "./auction-rows.ts";

export const getAuctionInput = z.strictObject({ auctionId: recordId });
export type GetAuctionInput = z.input<typeof getAuctionInput>;

/** Customers see their own auctions; chefs (who need them to bid) and operators see any. */
export async function getAuction(context: UseCaseContext, input: GetAuctionInput): Promise<AuctionView> {
  checkNow(context.now);
  const { auctionId } = parseInput(getAuctionInput, input, "get auction");
  const { actor } = context;
  return inTransaction(context.db, async (tx) => {
    // A chef that does not exist is refused as placing a bid refuses it, not shown the auction.
    if (actor.kind === "chef" && !(await tx.chef.findUnique({ where: { id: actor.chefId }, select: { id: true } }))) notFound(`chef ${actor.chefId}`);
    return loadAuctionView(tx, auctionId, actor);
  });
}
