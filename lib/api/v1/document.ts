// The /api/v1 OpenAPI document, built once per process from the endpoints.
import { buildOpenApiDocument } from "../openapi.ts";
import { v1Endpoints } from "./endpoints.ts";

let built: ReturnType<typeof buildOpenApiDocument> | undefined;

/**
 * The document. Its server is `/api/v1`, relative to wherever the document is served (OpenAPI
 * 3.1, "Server Object"): one document for every host, and never the host `next start` listens on
 * (it hands a route `http://localhost:<port>` as request.url whatever host the client used), which
 * sent Swagger UI and generated clients to localhost behind a proxy and which openapi-typescript's
 * CLI refuses outright (docs/decisions/0050).
 */
export function v1OpenApiDocument(): ReturnType<typeof buildOpenApiDocument> {
  if (built) return built;
  built = buildOpenApiDocument(v1Endpoints, "/api/v1", {
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
  return built;
}
