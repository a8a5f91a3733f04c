// POST /api/v1/webhook-endpoints/:endpointId/rotate-secret. Wiring only.
import type { Tx } from "@/lib/db/client.ts";
import { rotateSecret } from "@/lib/webhooks/endpoints.ts";
import { readerOf } from "@/lib/webhooks/owner.ts";
import { rotateWebhookSecret } from "@/lib/api/v1/webhooks.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(rotateWebhookSecret, ({ db, party, params, body, now }) =>
  rotateSecret(db as Tx, readerOf(party), params.endpointId, body.keepPreviousHours, now),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
