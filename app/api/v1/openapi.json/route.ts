// GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the endpoints' zod schemas.
// Public (no key): it describes the API, it does not use it.
import { v1OpenApiDocument } from "@/lib/api/v1/document.ts";

export const dynamic = "force-dynamic";

/** Its server is this server's own absolute URL, as the request reached it. */
export function GET(request: Request): Response {
  return Response.json(v1OpenApiDocument(new URL(request.url).origin), { headers: { "Cache-Control": "public, max-age=300" } });
}
