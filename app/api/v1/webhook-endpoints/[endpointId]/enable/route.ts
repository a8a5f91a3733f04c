// POST /api/v1/webhook-endpoints/:endpointId/enable. Wiring only; the audit log names the key.
import type { Tx } from "@/lib/db/client.ts";
import { setEndpointEnabled } from "@/lib/webhooks/endpoints.ts";
import { apiAuditActor } from "@/lib/webhooks/api-caller.ts";
import { readerOf } from "@/lib/webhooks/owner.ts";
import { enableWebhookEndpoint } from "@/lib/api/v1/webhooks.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(enableWebhookEndpoint, ({ db, party, params, body, now, apiKey }) =>
  setEndpointEnabled(db as Tx, readerOf(party), params.endpointId, true, now, apiAuditActor(apiKey, party), body.reason ?? "asked through the API"),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
