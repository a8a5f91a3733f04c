// Dashboard users and sessions for tests, made directly in the database (as the e2e fixtures of
// epic-stack do): a test signs in without going through the rate-limited sign-in endpoint.
// The cookie is signed exactly as better-auth (better-call) signs it: token.HMAC-SHA256(secret).
import { createHmac, randomBytes } from "node:crypto";
import type { Db } from "../../lib/db/client.ts";
import { createOperator, createOperatorAuth, sessionPolicy, type Operator } from "../../lib/auth/operator-auth.ts";
import type { OperatorRole } from "../../lib/auth/roles.ts";

/** better-auth's cookie name over plain http (BETTER_AUTH_URL http://...): no __Secure- prefix. */
export const sessionCookieName = "better-auth.session_token";

export interface SignedInOperator extends Operator {
  password: string;
  /** The session cookie's value, signed with the server's secret. */
  cookieValue: string;
  sessionToken: string;
}

export function signSessionToken(token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return encodeURIComponent(`${token}.${signature}`);
}

/**
 * Creates a user with a unique email and a live session; `secret` must be the server's. Only
 * `withPassword` users can also sign in through the form (hashing costs ~1 s on a busy machine,
 * so the others get no credential at all).
 */
export async function createSignedInOperator(
  db: Db,
  {
    role, secret, label = role, withPassword = true, sessionLifetimeMs = sessionPolicy.expiresInSeconds * 1000,
  }: { role: OperatorRole; secret: string; label?: string; withPassword?: boolean; sessionLifetimeMs?: number },
): Promise<SignedInOperator> {
  const password = `pw-${randomBytes(12).toString("hex")}`;
  const email = `${label}-${randomBytes(4).toString("hex")}@duly.test`;
  const operator: Operator = withPassword
    ? await createOperator(createOperatorAuth({ db, secret }), { email, name: `Test ${label}`, password, role })
    : await db.authUser.create({
        data: { id: randomBytes(16).toString("hex"), email, name: `Test ${label}`, role, emailVerified: true },
        select: { id: true, email: true, name: true, role: true },
      });
  const token = randomBytes(24).toString("base64url");
  await db.authSession.create({
    data: {
      id: randomBytes(16).toString("hex"),
      token,
      userId: operator.id,
      expiresAt: new Date(Date.now() + sessionLifetimeMs),
    },
  });
  return { ...operator, password, sessionToken: token, cookieValue: signSessionToken(token, secret) };
}
