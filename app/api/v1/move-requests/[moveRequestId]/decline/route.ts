// POST /api/v1/move-requests/:moveRequestId/decline: the chef declines a move (lib/api/v1/move-requests.ts).
import { declineMove } from "@/lib/marketplace/index.ts";
import { declineMoveEndpoint } from "@/lib/api/v1/move-requests.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(declineMoveEndpoint, ({ db, party, now, params, body }) =>
  declineMove({ db, actor: party, now }, { ...body, moveRequestId: params.moveRequestId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
