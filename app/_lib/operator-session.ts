// Who is signed in, for pages, server actions and routes. Each of them calls requireViewer() or
// requireOperator() itself: a server action is a public endpoint that any client can POST to,
// and a layout's check does not run for it, so the layout protects nothing on its own.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/db/client.ts";
import { createOperatorAuth, type Operator, type OperatorAuth } from "@/lib/auth/operator-auth.ts";
import { isOperatorRole, roleAllows, type OperatorRole } from "@/lib/auth/roles.ts";
import { sessionCookieIsSecure } from "@/lib/auth/secure-cookie.ts";
import { DulyError, ErrorCode } from "@/lib/errors.ts";
import { settings, SettingsError } from "@/lib/settings.ts";
import { signInHrefFor } from "./requested-page.ts";

const globalForAuth = globalThis as unknown as { dulyOperatorAuth?: { secure?: OperatorAuth; plain?: OperatorAuth } };

/**
 * The better-auth instance for a request with these headers, over the app's Prisma client: one
 * whose cookie is Secure (`__Secure-` prefixed) for requests over https, one for plain http
 * (lib/auth/secure-cookie.ts says which is which). Each is built once per process.
 */
export function getOperatorAuth(requestHeaders: Headers): OperatorAuth {
  const { BETTER_AUTH_SECRET: secret, BETTER_AUTH_URL: baseURL } = settings();
  if (!secret) throw new SettingsError("bad settings: BETTER_AUTH_SECRET is not set; the dashboard cannot sign anyone in without it");
  const secureCookies = sessionCookieIsSecure(baseURL, requestHeaders);
  const instances = (globalForAuth.dulyOperatorAuth ??= {});
  const kind = secureCookies ? "secure" : "plain";
  return (instances[kind] ??= createOperatorAuth({ db: getDb(), secret, baseURL, secureCookies }));
}

/** The signed-in operator of this request, or null. Looked up once per request (React cache). */
export const currentOperator = cache(async (): Promise<Operator | null> => {
  // headers() first: it marks the render dynamic before anything needs settings (a static
  // prerender such as the 404 page never reaches the database).
  const requestHeaders = await headers();
  const session = await getOperatorAuth(requestHeaders).api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const role: unknown = (session.user as { role?: unknown }).role;
  // A role the code does not know grants nothing.
  if (!isOperatorRole(role)) return null;
  return { id: session.user.id, email: session.user.email, name: session.user.name, role };
});

async function require(role: OperatorRole): Promise<Operator> {
  const operator = await currentOperator();
  // Signed out: to the sign-in page, which then sends them on to the page they asked for.
  if (!operator) redirect(signInHrefFor(await headers()));
  if (!roleAllows(operator.role, role)) {
    throw new DulyError(ErrorCode.NotAllowed, `${operator.email} is a ${operator.role}; only an operator may do this`);
  }
  return operator;
}

/** Anyone signed in (viewer or operator); otherwise redirects to the sign-in page (`?next=` this page). */
export function requireViewer(): Promise<Operator> {
  return require("viewer");
}

/** A signed-in operator; redirects when signed out, throws NotAllowed for a viewer. */
export function requireOperator(): Promise<Operator> {
  return require("operator");
}
