// The /api/v1 OpenAPI document, built once per process from the endpoints.
import { buildOpenApiDocument } from "../openapi.ts";
import { v1Endpoints } from "./endpoints.ts";

let built: ReturnType<typeof buildOpenApiDocument> | undefined;

export function v1OpenApiDocument(): ReturnType<typeof buildOpenApiDocument> {
  built ??= buildOpenApiDocument(v1Endpoints, {
    title: "Duly marketplace API",
    version: "1.0.0",
    description: [
      "The JSON API of the Duly marketplace: booking requests, payment, disputes, auctions and reads.",
      "",
      "**Auth**: `Authorization: Bearer <API key>`. An `app` key names the customer or chef it acts for in `X-Acting-As` (`customer:1`, `chef:7`); a `customer` or `chef` key is bound to its party.",
      "",
      "**Idempotency**: every POST honours `Idempotency-Key`: a retry with the same key and body returns the first response (header `Idempotent-Replayed: true`) and has no second effect; the same key with another body is refused (422 `IDEMPOTENCY_KEY_REUSED`).",
      "",
      "**Errors**: every refusal is `{ \"error\": { \"code\", \"message\", \"issues\"? } }` with a machine-readable code; see docs/api.md.",
    ].join("\n"),
  });
  return built;
}
