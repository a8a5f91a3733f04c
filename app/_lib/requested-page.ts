// The page a request asked for, so that a signed-out visit to /jobs/123 goes to the sign-in page
// with `?next=/jobs/123` and, once signed in, lands there (not on the overview). A server
// component is not told its own URL, so proxy.ts, which sees every page request, writes it into
// a request header that only it sets (a value a client sent under that name is overwritten),
// and requireViewer()/requireOperator() read it when they send a signed-out person to sign in.
import type { NextRequest } from "next/server";
import { safeNext } from "./safe-next.ts";
import { badQueryHeader } from "./bad-query-page.ts";

export const requestedPageHeader = "x-duly-requested-page";

/** Next's own query key for a client-side navigation's payload request: not part of the page's URL. */
const internalQueryKeys = ["_rsc"];

/** The request's headers, with the page it asked for (path and query) under requestedPageHeader. */
export function headersWithRequestedPage(request: NextRequest): Headers {
  const url = request.nextUrl.clone();
  for (const key of internalQueryKeys) url.searchParams.delete(key);
  const forwarded = new Headers(request.headers);
  forwarded.set(requestedPageHeader, `${url.pathname}${url.search}`);
  // Only proxy.ts may say why a query was refused (app/bad-request/page.tsx shows it).
  forwarded.delete(badQueryHeader);
  return forwarded;
}

/** The sign-in page's address, with `next` set to the page the request asked for (this site only). */
export function signInHrefFor(requestHeaders: Headers): string {
  const next = safeNext(requestHeaders.get(requestedPageHeader));
  return next === "/" || next.startsWith("/sign-in") ? "/sign-in" : `/sign-in?${new URLSearchParams({ next }).toString()}`;
}
