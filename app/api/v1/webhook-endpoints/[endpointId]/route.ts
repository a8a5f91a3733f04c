// GET /api/v1/webhook-endpoints/:endpointId. Wiring only.
import { loadEndpoint, toEndpointView } from "@/lib/webhooks/endpoints.ts";
import { readerOf } from "@/lib/webhooks/owner.ts";
import { getWebhookEndpoint } from "@/lib/api/v1/webhooks.ts";
import { apiRoute, otherMethods } from "../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const GET = apiRoute(getWebhookEndpoint, async ({ db, party, params }) => toEndpointView(await loadEndpoint(db, readerOf(party), params.endpointId)));
// Any other method: 405 in the error envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
