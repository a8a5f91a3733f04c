// A chef's bid, placed or lowered in one statement. Auctions are reverse and sealed: the lowest
// price wins, and a chef's bid only goes down (docs/marketplace.md, "Auctions").
import type { Tx } from "../../db/client.ts";
import type { Bid } from "../../db/generated/client.ts";

/**
 * Inserts the chef's first bid, or lowers its bid to `priceMinor` (and its time to `at`: the
 * time at this price, which decides a tie), in one statement; returns null when the chef's bid
 * already is `priceMinor` or lower, and then changes nothing.
 *
 * Why one INSERT … ON CONFLICT DO UPDATE … WHERE: the conflict locks the chef's row, so two
 * bids by one chef at once are applied one after the other and each compares with what the
 * other left (read-then-write in two statements let 370 overwrite a concurrent 350). And the
 * WHERE keeps an equal price from touching the row, so re-sending one's price keeps its time
 * and a later chef at that price cannot overtake it.
 */
export async function placeOrLowerBid(tx: Tx, bid: { auctionId: number; chefId: number; priceMinor: number; at: Date }): Promise<Bid | null> {
  const [row] = await tx.$queryRaw<Bid[]>`
    INSERT INTO bids (auction_id, chef_id, price_minor, created_at)
    VALUES (${bid.auctionId}, ${bid.chefId}, ${bid.priceMinor}, ${bid.at}::timestamptz)
    ON CONFLICT (auction_id, chef_id) DO UPDATE
      SET price_minor = EXCLUDED.price_minor, created_at = EXCLUDED.created_at
      WHERE bids.price_minor > EXCLUDED.price_minor
    RETURNING id, auction_id AS "auctionId", chef_id AS "chefId", price_minor AS "priceMinor", created_at AS "createdAt"`;
  return row ?? null;
}
