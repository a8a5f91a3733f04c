// The sign-in form posts here, as a plain HTML form: it works before the page's JavaScript has
// loaded and without it (a slow link, a chunk missing after a deploy, a password manager that
// submits on autofill), and the password travels in the POST body, never in a URL. The attempt
// goes through better-auth's own endpoint (its per-address rate limit, origin check and the
// per-email throttle all apply, exactly as to a direct call), then the browser is redirected
// (303): on success to `next` (this site only) with the session cookie, otherwise back to the
// form with a code saying why.
import { z } from "zod";
import { getOperatorAuth } from "@/app/_lib/operator-session.ts";
import { safeNext } from "@/app/_lib/safe-next.ts";
import { lastEmailCookie, signInPageHref, type SignInError } from "../sign-in-outcome.ts";

export const dynamic = "force-dynamic";

const form = z.object({
  email: z.string().trim().min(1).max(320),
  // better-auth checks the length rule; this only keeps a megabyte out of the hash.
  password: z.string().min(1).max(1024),
});

function seeOther(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}

/** Back to the form, which shows the email again (lastEmailCookie) and why it was refused. */
function refused(next: string, error: SignInError, email: string | undefined, waitSeconds?: number): Response {
  const { name, path, maxAgeSeconds } = lastEmailCookie;
  const cookie = email ? [`${name}=${encodeURIComponent(email)}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax`] : [];
  return seeOther(signInPageHref(next, error, waitSeconds), cookie);
}

/** After a sign-in, the remembered email is dropped. */
const forgetEmail = `${lastEmailCookie.name}=; Path=${lastEmailCookie.path}; Max-Age=0; HttpOnly; SameSite=Lax`;

/** better-auth's sign-in endpoint, called as the browser would call it (same headers, JSON body). */
function signInRequest(request: Request, email: string, password: string): Request {
  const headers = new Headers(request.headers);
  for (const name of ["content-length", "transfer-encoding", "content-type"]) headers.delete(name);
  headers.set("content-type", "application/json");
  return new Request(new URL("/api/auth/sign-in/email", request.url), { method: "POST", headers, body: JSON.stringify({ email, password }) });
}

function refusalOf(status: number): SignInError {
  if (status === 401) return "credentials";
  if (status === 429) return "throttled";
  if (status === 403) return "origin";
  // A malformed email or a password outside the allowed lengths cannot match an operator.
  if (status === 400) return "credentials";
  return "failed";
}

export async function POST(request: Request): Promise<Response> {
  const fields = await request.formData().catch(() => null);
  const next = safeNext(fields?.get("next"));
  const parsed = form.safeParse({ email: fields?.get("email"), password: fields?.get("password") });
  const typedEmail = fields?.get("email");
  if (!parsed.success) return refused(next, "missing", typeof typedEmail === "string" && typedEmail.length <= 320 ? typedEmail : undefined);
  const { email, password } = parsed.data;
  const answer = await getOperatorAuth(request.headers).handler(signInRequest(request, email, password));
  if (answer.ok) return seeOther(next, [...answer.headers.getSetCookie(), forgetEmail]);
  const wait = Number(answer.headers.get("x-retry-after"));
  return refused(next, refusalOf(answer.status), email, Number.isInteger(wait) && wait > 0 ? wait : undefined);
}
