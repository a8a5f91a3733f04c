// GET /api/v1/auctions/:auctionId: the auction with its bids.
import { getAuction } from "@/lib/marketplace/index.ts";
import { getAuctionEndpoint } from "@/lib/api/v1/auctions.ts";
import { apiRoute, otherMethods } from "../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const GET = apiRoute(getAuctionEndpoint, ({ db, party, now, params }) =>
  getAuction({ db, actor: party, now }, { auctionId: params.auctionId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
