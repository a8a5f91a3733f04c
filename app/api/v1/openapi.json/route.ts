// GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the endpoints' zod schemas.
// Public (no key): it describes the API, it does not use it.
import { v1OpenApiDocument } from "@/lib/api/v1/document.ts";

export const dynamic = "force-dynamic";

/** Its server is relative (`/api/v1`): the same document names the right server on every host. */
export function GET(): Response {
  return Response.json(v1OpenApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
