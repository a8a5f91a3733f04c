// Any other path under /api/v1: the API's JSON 404, not Next's HTML page, so a client with a
// typo gets a code it can read.
import { ApiError, ApiErrorCode } from "@/lib/api/errors.ts";
import { apiErrorResponse, apiRequest } from "../_lib/api-route.ts";

export const dynamic = "force-dynamic";

function notFound(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  return apiRequest(request, async () =>
    apiErrorResponse(new ApiError(ApiErrorCode.RouteNotFound, `no route ${request.method} ${path.slice(0, 200)}; see /api/v1/docs`), request),
  );
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
