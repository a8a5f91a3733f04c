// GET /api/v1/webhook-endpoints/:endpointId/deliveries. Wiring only.
import { listDeliveries, loadEndpoint } from "@/lib/webhooks/endpoints.ts";
import { readerOf } from "@/lib/webhooks/owner.ts";
import { listWebhookDeliveries } from "@/lib/api/v1/webhooks.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const GET = apiRoute(listWebhookDeliveries, async ({ db, party, params, query }) => {
  const endpoint = await loadEndpoint(db, readerOf(party), params.endpointId);
  return { data: await listDeliveries(db, endpoint.id, query.limit) };
});
// Any other method: 405 in the error envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
