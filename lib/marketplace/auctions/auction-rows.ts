// Reading an auction with its bids, and what each party may see of it. Bids are sealed: a chef
// sees only its own bid (and the booking only if it won), the customer who posted the auction
// and operators see every bid; another customer is told the auction does not exist, exactly as
// for an id nothing has.
import type { Tx } from "../../db/client.ts";
import type { Prisma } from "../../db/generated/client.ts";
import type { Actor } from "../actor.ts";
import { notFound } from "../transitions.ts";
import { toAuctionView, type AuctionView } from "../views.ts";

/** Lowest first; among equal prices the earliest bid at that price first (who wins a tie). */
export const bidOrder: Prisma.BidOrderByWithRelationInput[] = [{ priceMinor: "asc" }, { createdAt: "asc" }, { id: "asc" }];

export async function loadAuctionView(tx: Tx, auctionId: number, actor?: Actor): Promise<AuctionView> {
  const auction = await tx.auction.findUnique({
    where: { id: auctionId },
    include: { bids: { orderBy: bidOrder }, booking: { select: { id: true, chefId: true } } },
  });
  if (!auction || (actor?.kind === "customer" && actor.customerId !== auction.customerId)) notFound(`auction ${auctionId}`);
  if (actor?.kind !== "chef") return toAuctionView(auction);
  const chefId = actor.chefId;
  return toAuctionView({
    ...auction,
    bids: auction.bids.filter((bid) => bid.chefId === chefId),
    booking: auction.booking?.chefId === chefId ? auction.booking : null,
  });
}
