// One auction with its bids (lowest first) and, once awarded, the booking it made.
import { z } from "zod";
import { DulyError, ErrorCode } from "../../errors.ts";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import type { AuctionView } from "../views.ts";
import { loadAuctionView } from "./auction-rows.ts";

export const getAuctionInput = z.strictObject({ auctionId: recordId });
export type GetAuctionInput = z.input<typeof getAuctionInput>;

/** Customers see their own auctions; chefs and operators see any (chefs need them to bid). */
export async function getAuction(context: UseCaseContext, input: GetAuctionInput): Promise<AuctionView> {
  checkNow(context.now);
  const { auctionId } = parseInput(getAuctionInput, input, "get auction");
  return inTransaction(context.db, async (tx) => {
    const view = await loadAuctionView(tx, auctionId);
    if (context.actor.kind === "customer" && context.actor.customerId !== view.customerId) {
      throw new DulyError(ErrorCode.NotAllowed, `auction ${auctionId} belongs to another customer`);
    }
    return view;
  });
}
