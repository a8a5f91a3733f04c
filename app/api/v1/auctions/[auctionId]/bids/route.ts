// POST /api/v1/auctions/:auctionId/bids: a chef bids (lib/api/v1/auctions.ts describes it).
import { placeBid } from "@/lib/marketplace/index.ts";
import { placeBidEndpoint } from "@/lib/api/v1/auctions.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(placeBidEndpoint, ({ db, party, now, params, body }) =>
  placeBid({ db, actor: party, now }, { ...body, auctionId: params.auctionId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
