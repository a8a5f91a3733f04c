// Wiring shared by cron routes: check the caller's secret, run the handler, and map failures
// to JSON errors. The decision itself lives in lib/auth/cron-secret.ts (pure, testable).
import { authorizeCronRequest } from "@/lib/auth/cron-secret.ts";

/** Cron answers describe one run; no proxy or browser may cache them. */
const noStore = { "Cache-Control": "no-store" };

export function jsonResponse(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: noStore });
}

export function jsonError(status: number, error: string): Response {
  return jsonResponse({ error }, status);
}

type CronHandler = (request: Request) => Promise<Response>;

/** Wraps a cron handler: 401/500 before it runs when the secret is wrong or unset, 500 (logged) when it throws. */
export function cronRoute(handler: CronHandler): CronHandler {
  return async (request) => {
    const authorization = authorizeCronRequest(request.headers.get("authorization"), process.env.CRON_SECRET);
    if (!authorization.ok) {
      if (authorization.status === 500) console.error(`[cron] ${authorization.error}`);
      return jsonError(authorization.status, authorization.error);
    }
    try {
      return await handler(request);
    } catch (error) {
      const path = new URL(request.url).pathname;
      console.error(`[cron] ${path} failed:`, error);
      return jsonError(500, error instanceof Error ? error.message : String(error));
    }
  };
}
