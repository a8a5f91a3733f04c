// POST /api/v1/auctions: a customer posts a request for bids (lib/api/v1/auctions.ts describes it).
import { postAuction } from "@/lib/marketplace/index.ts";
import { postAuctionEndpoint } from "@/lib/api/v1/auctions.ts";
import { apiRoute, otherMethods } from "../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(postAuctionEndpoint, ({ db, party, now, body }) => postAuction({ db, actor: party, now }, body));
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
