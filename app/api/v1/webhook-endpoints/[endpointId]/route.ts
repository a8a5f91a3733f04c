// GET /api/v1/webhook-endpoints/:endpointId; DELETE it for good (docs/decisions/0052). Wiring only.
import type { Tx } from "@/lib/db/client.ts";
import { loadEndpoint, toEndpointView } from "@/lib/webhooks/endpoints.ts";
import { deleteEndpoint } from "@/lib/webhooks/delete-endpoint.ts";
import { apiAuditActor } from "@/lib/webhooks/api-caller.ts";
import { readerOf } from "@/lib/webhooks/owner.ts";
import { deleteWebhookEndpoint, getWebhookEndpoint } from "@/lib/api/v1/webhooks.ts";
import { apiRoute, otherMethods } from "../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const GET = apiRoute(getWebhookEndpoint, async ({ db, party, params }) => toEndpointView(await loadEndpoint(db, readerOf(party), params.endpointId)));
export const DELETE = apiRoute(deleteWebhookEndpoint, ({ db, party, params, now, apiKey }) =>
  deleteEndpoint(db as Tx, readerOf(party), params.endpointId, now, apiAuditActor(apiKey, party)),
);
// Any other method: 405 in the error envelope, with Allow.
export const { POST, PUT, PATCH } = otherMethods("GET", "DELETE");
