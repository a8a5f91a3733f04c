import type { Tx } from "../../db/client.ts";
import { notFound } from "../transitions.ts";
import { toAuctionView, type AuctionView } from "../views.ts";

export async function loadAuctionView(tx: Tx, auctionId: number): Promise<AuctionView> {
  const auction = await tx.auction.findUnique({
    where: { id: auctionId },
    include: { bids: { orderBy: [{ priceMinor: "asc" }, { createdAt: "asc" }, { id: "asc" }] }, booking: { select: { id: true } } },
  });
  return auction ? toAuctionView(auction) : notFound(`auction ${auctionId}`);
}
