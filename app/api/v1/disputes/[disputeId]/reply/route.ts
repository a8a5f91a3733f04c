// POST /api/v1/disputes/:disputeId/reply: the chef replies to a dispute (lib/api/v1/disputes.ts).
import { replyToDispute } from "@/lib/marketplace/index.ts";
import { replyToDisputeEndpoint } from "@/lib/api/v1/disputes.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(replyToDisputeEndpoint, ({ db, party, now, params, body }) =>
  replyToDispute({ db, actor: party, now }, { ...body, disputeId: params.disputeId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
