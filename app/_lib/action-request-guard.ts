// A page answers POST only for server actions. Next refuses a cross-site one (its Origin is not
// this host) and one over its body limit, but answers both with HTTP 500 and a logged error, so
// a forged request looks like a crash. proxy.ts answers them first, with the same rules: 403
// for a foreign (or "null") Origin, 413 for a body over the limit. No Origin (curl, a script:
// it can only carry a cookie its sender already has) is left to Next, as before. The host is read
// as Next reads it, by the one function sign-in uses too (lib/auth/request-origin.ts).
import { requestHost } from "@/lib/auth/request-origin.ts";

/** Next's default server action body limit (serverActions.bodySizeLimit, not raised here). */
export const actionBodyLimitBytes = 1024 * 1024;

function plain(status: number, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

/** A refusal for a POST to a page that Next would answer 500, or null to let it through. */
export function refuseActionRequest(request: Request): Response | null {
  if (request.method !== "POST") return null;
  const origin = request.headers.get("origin");
  if (origin !== null) {
    let originHost: string | null = null;
    try {
      originHost = origin === "null" ? null : new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (originHost === null || originHost !== requestHost(request.headers)) {
      return plain(403, "Refused: this form was sent from another site (its Origin is not this dashboard). Nothing was changed.");
    }
  }
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > actionBodyLimitBytes) return plain(413, `Refused: the form is larger than ${actionBodyLimitBytes / 1024} kB. Nothing was changed.`);
  return null;
}
