// GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the endpoints' zod schemas.
// Public (no key): it describes the API, it does not use it.
import { v1OpenApiDocument } from "@/lib/api/v1/document.ts";

export const dynamic = "force-static";

export function GET(): Response {
  return Response.json(v1OpenApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
