// Which site a request was addressed to, for the cross-site checks on the dashboard's POSTs: a
// server action (app/_lib/action-request-guard.ts) and, when BETTER_AUTH_URL is unset, sign-in
// (operator-auth.ts). One rule for both, the one Next applies to server actions itself: the
// browser's Origin must name the host the request was sent to (X-Forwarded-Host first, as a
// proxy in front writes it, else Host). A page on another site cannot make a browser send
// another site's Origin, nor set X-Forwarded-Host on a cross-site request (a custom header needs
// a CORS preflight this app never grants), so a match means the form came from this dashboard.

/** The host (name and port) this request was addressed to, or null when it names none. */
export function requestHost(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded || headers.get("host") || null;
}

/**
 * The origins that count as this request's own site: its host over http and over https (the
 * scheme is whatever the client and a TLS-terminating proxy in between make of it; the host is
 * what tells one site from another). Empty when the request names no usable host.
 */
export function sameHostOrigins(request: Request | undefined): string[] {
  const host = request ? requestHost(request.headers) : null;
  if (!host) return [];
  try {
    const url = new URL(`http://${host}`);
    // A Host header with a path, credentials or anything else a URL would absorb is no host.
    if (url.host !== host.toLowerCase() || url.pathname !== "/") return [];
    return [`http://${url.host}`, `https://${url.host}`];
  } catch {
    return [];
  }
}

/**
 * The origin the client addressed, for links the server writes into an answer (an API error's
 * `doc_url`): its host as above (X-Forwarded-Host, else Host) with the scheme a TLS-terminating
 * proxy reports (X-Forwarded-Proto), else the request URL's. Not `new URL(request.url).origin`
 * alone: `next start` builds request.url on the host it listens on (http://localhost:3000)
 * whatever host the client used, so links made from it were dead for every client but a browser
 * on the server itself. A Host that is no plain host falls back to the request URL's origin.
 */
export function requestOrigin(request: Request): string {
  const own = new URL(request.url);
  const host = requestHost(request.headers);
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  const scheme = forwardedProto === "http" || forwardedProto === "https" ? forwardedProto : own.protocol.replace(/:$/, "");
  if (!host) return own.origin;
  try {
    const url = new URL(`${scheme}://${host}`);
    if (url.host !== host.toLowerCase() || url.pathname !== "/" || url.username || url.password) return own.origin;
    return url.origin;
  } catch {
    return own.origin;
  }
}
