// POST /api/v1/webhook-endpoints/:endpointId/replay. Wiring only; the audit log names the key.
import type { Tx } from "@/lib/db/client.ts";
import { replayEvent } from "@/lib/webhooks/endpoints.ts";
import { apiAuditActor } from "@/lib/webhooks/api-caller.ts";
import { readerOf } from "@/lib/webhooks/owner.ts";
import { replayWebhookEvent } from "@/lib/api/v1/webhooks.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(replayWebhookEvent, ({ db, party, params, body, now, apiKey }) =>
  replayEvent(db as Tx, readerOf(party), params.endpointId, BigInt(body.eventId), now, apiAuditActor(apiKey, party)),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
