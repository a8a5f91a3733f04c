// POST /api/v1/auctions: a customer posts a request for bids (lib/api/v1/auctions.ts describes it). GET lists them (lib/api/v1/lists.ts).
import { postAuction } from "@/lib/marketplace/index.ts";
import { postAuctionEndpoint } from "@/lib/api/v1/auctions.ts";
import { listAuctions, listAuctionsEndpoint } from "@/lib/api/v1/lists.ts";
import { apiRoute, otherMethods } from "../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(postAuctionEndpoint, ({ db, party, now, body }) => postAuction({ db, actor: party, now }, body));
export const GET = apiRoute(listAuctionsEndpoint, ({ db, party, query }) => listAuctions(db, party, query));
// Any other method: 405 in the error envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
