// /api/v1/webhook-endpoints: register (POST) and list (GET) the caller's endpoints. Wiring only.
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints.ts";
import { readerOf } from "@/lib/webhooks/owner.ts";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/api/v1/webhooks.ts";
import { requireKnownParty } from "@/lib/marketplace/index.ts";
import { apiRoute, otherMethods } from "../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(createWebhookEndpoint, async ({ db, party, body, now, apiKey }) => {
  if (party) await requireKnownParty(db, party);
  return createEndpoint(db, readerOf(party), { ...body, apiKeyId: apiKey.id }, now);
});

export const GET = apiRoute(listWebhookEndpoints, async ({ db, party }) => ({ data: await listEndpoints(db, readerOf(party)) }));
// Any other method: 405 in the error envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
