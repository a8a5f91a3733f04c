// Wiring shared by cron routes: check the caller's secret, run the handler, and map failures
// to JSON errors. The decision itself lives in lib/auth/cron-secret.ts (pure, testable).
import { authorizeCronRequest } from "@/lib/auth/cron-secret.ts";
import { settings } from "@/lib/settings.ts";
import { httpErrorOf } from "@/app/_lib/http-errors.ts";

/** Cron answers describe one run; no proxy or browser may cache them. */
const noStore = { "Cache-Control": "no-store" };

export function jsonResponse(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: noStore });
}

export function jsonError(status: number, error: string, code?: string): Response {
  return jsonResponse(code ? { error, code } : { error }, status);
}

type CronHandler = (request: Request) => Promise<Response>;

/**
 * Wraps a cron handler: 401/500 before it runs when the secret is wrong or unset (or a setting
 * is bad), and an error's own status (lib/errors.ts codes, 500 logged for anything else) when
 * it throws.
 */
export function cronRoute(handler: CronHandler): CronHandler {
  return async (request) => {
    let secret: string | undefined;
    try {
      secret = settings().CRON_SECRET;
    } catch (error) {
      const { status, message, code } = httpErrorOf(error);
      console.error(`[cron] ${message}`);
      return jsonError(status, message, code);
    }
    const authorization = authorizeCronRequest(request.headers.get("authorization"), secret);
    if (!authorization.ok) {
      if (authorization.status === 500) console.error(`[cron] ${authorization.error}`);
      return jsonError(authorization.status, authorization.error);
    }
    try {
      return await handler(request);
    } catch (error) {
      const { status, message, code } = httpErrorOf(error);
      if (status >= 500) console.error(`[cron] ${new URL(request.url).pathname} failed:`, error);
      return jsonError(status, message, code);
    }
  };
}
