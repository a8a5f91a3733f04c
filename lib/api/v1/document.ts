// The /api/v1 OpenAPI document, built once per process from the endpoints.
import { buildOpenApiDocument } from "../openapi.ts";
import { v1Endpoints } from "./endpoints.ts";

const built = new Map<string, ReturnType<typeof buildOpenApiDocument>>();

/** The document, its server the absolute URL of `origin` (the server that serves it). */
export function v1OpenApiDocument(origin: string): ReturnType<typeof buildOpenApiDocument> {
  const cached = built.get(origin);
  if (cached) return cached;
  const document = buildOpenApiDocument(v1Endpoints, `${origin}/api/v1`, {
    title: "Duly marketplace API",
    version: "1.0.0",
    description: [
      "The JSON API of the Duly marketplace: booking requests, payment, disputes, auctions and reads.",
      "",
      "**Auth**: `Authorization: Bearer <API key>`. An `app` key names the customer or chef it acts for in `X-Acting-As` (`customer:1`, `chef:7`); a `customer` or `chef` key is bound to its party.",
      "",
      "**Idempotency**: every POST honours `Idempotency-Key`: a retry with the same key and body returns the first response (header `Idempotent-Replayed: true`) and has no second effect; the same key with another body is refused (422 `IDEMPOTENCY_KEY_REUSED`).",
      "",
      "**Errors**: every refusal is `{ \"error\": { \"type\", \"code\", \"message\", \"param\"?, \"doc_url\", \"request_id\" } }`; `code` is the `ErrorCode` enum, explained at /api/v1/docs/errors.",
      "",
      "**Request ids**: every answer carries `Request-Id` (send your own, 1-128 letters, digits and `. _ : -`, or get one); quote it when asking about a request.",
      "",
      "**Rate limits**: per key and minute; every answer says `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`; past it 429 `RATE_LIMITED` with `Retry-After`.",
      "",
      "**Lists**: newest first, `limit` per page and an opaque `nextCursor`. **Versions**: bookings answer an `ETag`; send it as `If-Match` to act only on the version you read (412 otherwise).",
    ].join("\n"),
  });
  // A few origins at most (localhost, 127.0.0.1, the public host); bounded all the same.
  if (built.size < 16) built.set(origin, document);
  return document;
}
