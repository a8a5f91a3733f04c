// better-auth's endpoints (sign in, sign out, session): the library checks the request's origin,
// rate-limits sign-in attempts and sets the session cookie. Built on first use, not at import,
// so `next build` needs no secret.
import { getOperatorAuth } from "@/app/_lib/operator-session.ts";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return getOperatorAuth(request.headers).handler(request);
}

export function POST(request: Request): Promise<Response> {
  return getOperatorAuth(request.headers).handler(request);
}
