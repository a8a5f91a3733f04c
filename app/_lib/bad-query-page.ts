// The answer to a page request whose query string does not parse: HTTP 400, rendered by
// app/bad-request/page.tsx inside the dashboard's frame (header, navigation, styles), saying what
// is wrong and where to go instead. A page component cannot set its status (it streams with 200),
// so proxy.ts rewrites the request there with status 400 before the page runs. The reason travels
// in a request header that only the proxy sets: one a client sent under that name is removed.
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";

export const badQueryHeader = "x-duly-bad-query";

export const badRequestPath = "/bad-request";

const badQuerySchema = z.object({
  title: z.string().max(200),
  error: z.string().max(2000),
  // A path of this site only: it becomes a link.
  backHref: z.string().max(300).regex(/^\/(?!\/)[^\s\\]*$/),
  backText: z.string().max(200),
});

export type BadQuery = z.infer<typeof badQuerySchema>;

/** Forwarded request headers without a client's copy of ours. */
export function withoutBadQueryHeader(headers: Headers): Headers {
  headers.delete(badQueryHeader);
  return headers;
}

export function badQueryResponse(request: NextRequest, forwarded: Headers, bad: BadQuery): Response {
  const headers = withoutBadQueryHeader(forwarded);
  // Header values are Latin-1: the reason may quote any text, so it goes percent-encoded.
  headers.set(badQueryHeader, encodeURIComponent(JSON.stringify({ ...bad, error: bad.error.slice(0, 2000) })));
  const url = new URL(badRequestPath, request.url);
  const response = NextResponse.rewrite(url, { status: 400, request: { headers } });
  response.headers.set("cache-control", "no-store");
  return response;
}

/** What the proxy put in the request's headers, or null (a direct visit, or not ours). */
export function readBadQuery(headers: Headers): BadQuery | null {
  const raw = headers.get(badQueryHeader);
  if (!raw) return null;
  try {
    const parsed = badQuerySchema.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
