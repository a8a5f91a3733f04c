// A page answers POST only for server actions. Next refuses a cross-site one (its Origin is not
// this host) and one over its body limit, but answers both with HTTP 500 and a logged error, so
// a forged request looks like a crash. proxy.ts answers them first, with the same rules: 403
// for a foreign (or "null") Origin, 413 for a body over the limit, whether it declares its length
// or is sent chunked without one. No Origin (curl, a script: it can only carry a cookie its
// sender already has) is left to Next, as before. The host is read as Next reads it, by the one
// function sign-in uses too (lib/auth/request-origin.ts).
import { requestHost } from "@/lib/auth/request-origin.ts";

/** Next's default server action body limit (serverActions.bodySizeLimit, not raised here). */
export const actionBodyLimitBytes = 1024 * 1024;

function plain(status: number, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

/**
 * Whether a body that declares no length (Transfer-Encoding: chunked) is longer than `limit`:
 * reads a copy of it, at most `limit` + one chunk, and stops there. Next reads the original
 * only afterwards (a body under the limit is at most 1 MB held twice, briefly).
 */
async function undeclaredBodyExceeds(request: Request, limit: number): Promise<boolean> {
  const body = request.clone().body;
  if (!body) return false;
  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      total += value.byteLength;
      if (total > limit) return true;
    }
  } finally {
    // Over the limit: stop reading (the copy is dropped, and the request answered 413).
    void reader.cancel().catch(() => {});
  }
}

/** A refusal for a POST to a page that Next would answer 500, or null to let it through. */
export async function refuseActionRequest(request: Request): Promise<Response | null> {
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
  const tooLarge = plain(413, `Refused: the form is larger than ${actionBodyLimitBytes / 1024} kB. Nothing was changed.`);
  const declared = request.headers.get("content-length");
  if (declared !== null) return Number(declared) > actionBodyLimitBytes ? tooLarge : null;
  // No Content-Length (sent chunked): Next counts such a body only while decoding the action,
  // and answers one over its limit with 500, so it is measured here.
  return (await undeclaredBodyExceeds(request, actionBodyLimitBytes)) ? tooLarge : null;
}
