// POST /api/v1/move-requests/:moveRequestId/accept: the chef accepts a move (lib/api/v1/move-requests.ts).
import { acceptMove } from "@/lib/marketplace/index.ts";
import { acceptMoveEndpoint } from "@/lib/api/v1/move-requests.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(acceptMoveEndpoint, ({ db, party, now, params, body }) =>
  acceptMove({ db, actor: party, now }, { ...body, moveRequestId: params.moveRequestId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
