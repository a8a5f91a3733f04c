// When the session cookie is `Secure` (docs/dashboard.md, "Signing in"): whenever the dashboard
// is reached over https. With BETTER_AUTH_URL set, that is its scheme (the public origin, which
// a TLS-terminating proxy serves as https while the app itself hears http). Without it, each
// request says: X-Forwarded-Proto, which such a proxy sets and which Next sets itself from the
// connection when no proxy did. A client that claims https over plain http only gets a cookie its
// own browser will not keep; it cannot weaken anyone else's.
//
// better-auth's own default is different (Secure whenever NODE_ENV is production and no base URL
// is set), which made the cookie Secure over plain http and not Secure behind an https proxy in
// development; so the choice is made here and passed in (operator-auth.ts, secureCookies).

/** Whether a sign-in or session answer to a request with these headers sets a Secure cookie. */
export function sessionCookieIsSecure(baseURL: string | undefined, headers: Headers): boolean {
  if (baseURL) return new URL(baseURL).protocol === "https:";
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded === "https";
}
