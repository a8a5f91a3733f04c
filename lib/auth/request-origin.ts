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
