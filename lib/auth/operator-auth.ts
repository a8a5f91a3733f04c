// Operator sign-in with better-auth (docs/decisions/0016): email and password, sessions as rows
// (auth_sessions) behind an httpOnly SameSite=Lax cookie, through the app's one Prisma client.
//
// Choices that matter for safety, each deliberate:
// - Sign-up is off: operators are created by `npm run operator:create` (createOperator below),
//   never through a public endpoint, and never with a default password.
// - No cookie cache: every request looks its session up, so deleting the row (sign out,
//   revokeSessions) takes effect on the very next request, not minutes later.
// - The role is an additional field the client can never set (input: false).
// - Sign-in attempts are rate limited in the database (auth_rate_limits), shared by every
//   server instance: a memory store would be per serverless instance and reset on deploy. Per
//   client address (better-auth) and per email tried (sign-in-throttle.ts), since the address
//   is only as true as the X-Forwarded-For header.
import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { createLocalAccountIssuer } from "better-auth/db";
import type { Db } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { sameHostOrigins } from "./request-origin.ts";
import type { OperatorRole } from "./roles.ts";
import { signInThrottleHooks } from "./sign-in-throttle.ts";

/** How long a session lives without use, and how often using it pushes its expiry out. */
export const sessionPolicy = { expiresInSeconds: 12 * 3600, updateAgeSeconds: 3600 } as const;
/** Sign-in attempts allowed per client address in each window, before answers turn 429. */
export const signInRateLimit = { windowSeconds: 60, max: 5 } as const;
export const passwordLength = { min: 12, max: 128 } as const;

export interface OperatorAuthOptions {
  db: Db;
  secret: string;
  /**
   * Public origin (BETTER_AUTH_URL): sign-in must come from a page on it. Unset, from a page on
   * whichever host the request was addressed to (request-origin.ts).
   */
  baseURL?: string;
  /**
   * Whether the session cookie is `Secure` (and named with the `__Secure-` prefix): the caller
   * decides from how the dashboard is reached (app/_lib/operator-session.ts), never better-auth
   * from NODE_ENV. Default: the base URL is https.
   */
  secureCookies?: boolean;
  /** The clock of the per-email sign-in limit (tests pass one in). */
  now?: () => Date;
}

/**
 * better-auth's log lines, as it prints them, less its start-up warning that no base URL is
 * set: unset is a supported setting here (trustedOrigins below trusts the request's own host),
 * and the warning ("callbacks and redirects may not work") sent newcomers hunting for a problem
 * `npm start` does not have. Email and password sign-in uses no callback URL.
 */
function logAuthMessage(level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]): void {
  if (level === "warn" && message.includes("Base URL is not set")) return;
  const line = `${new Date().toISOString()} ${level.toUpperCase()} [Better Auth]: ${message}`;
  if (level === "error") console.error(line, ...args);
  else if (level === "warn") console.warn(line, ...args);
  else console.log(line, ...args);
}

export function createOperatorAuth({ db, secret, baseURL, now, secureCookies = baseURL?.startsWith("https://") ?? false }: OperatorAuthOptions) {
  const auth = betterAuth({
    appName: "Duly",
    secret,
    baseURL,
    basePath: "/api/auth",
    // Unset, better-auth would trust only the origin of the URL Next hands the route, and
    // `next start` names that `localhost` whatever host the browser used: sign-in from
    // http://127.0.0.1 (or any other name for the machine) was refused 403 "Invalid origin".
    // The request's own host is the rule Next applies to server actions (request-origin.ts).
    trustedOrigins: baseURL ? undefined : sameHostOrigins,
    database: prismaAdapter(db, { provider: "postgresql", transaction: true }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: passwordLength.min,
      maxPasswordLength: passwordLength.max,
    },
    user: {
      modelName: "authUser",
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "viewer", input: false },
      },
    },
    session: {
      modelName: "authSession",
      expiresIn: sessionPolicy.expiresInSeconds,
      updateAge: sessionPolicy.updateAgeSeconds,
      cookieCache: { enabled: false },
    },
    account: { modelName: "authAccount" },
    verification: { modelName: "authVerification" },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "authRateLimit",
      window: 60,
      max: 100,
      customRules: { "/sign-in/email": { window: signInRateLimit.windowSeconds, max: signInRateLimit.max } },
    },
    advanced: {
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // better-auth turns its origin check off under NODE_ENV=test; on here, so the tests check
      // the rule production runs.
      disableOriginCheck: false,
      useSecureCookies: secureCookies,
    },
    // Attempts per email as well as per address: the address is whatever X-Forwarded-For says.
    hooks: signInThrottleHooks(db, now),
    telemetry: { enabled: false },
    logger: { log: logAuthMessage },
  });
  // The client it writes through, for createOperator's one transaction.
  return Object.assign(auth, { prisma: db });
}

export type OperatorAuth = ReturnType<typeof createOperatorAuth>;

/** The signed-in person as the dashboard sees them. */
export interface Operator {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
}

export interface CreateOperatorInput {
  email: string;
  name: string;
  password: string;
  role: OperatorRole;
}

/**
 * Creates a dashboard user with a credential account (sign-up is off, so this is the only way
 * in), written as better-auth writes them. Refuses an email already taken. The password is
 * hashed by better-auth's own hasher, so sign-in verifies it the same way.
 */
export async function createOperator(auth: OperatorAuth, input: CreateOperatorInput): Promise<Operator> {
  const context = await auth.$context;
  const email = input.email.trim().toLowerCase();
  const hash = await context.password.hash(input.password);
  const id = randomBytes(24).toString("base64url");
  // The user and its credential in one transaction: never a user who cannot sign in (found when
  // a failed account insert left one behind), and the unique email decides a race of two.
  try {
    await auth.prisma.$transaction([
      auth.prisma.authUser.create({ data: { id, email, name: input.name, emailVerified: true, role: input.role } }),
      auth.prisma.authAccount.create({
        data: { id: randomBytes(24).toString("base64url"), userId: id, providerId: "credential", issuer: createLocalAccountIssuer("credential"), accountId: id, password: hash },
      }),
    ]);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new DulyError(ErrorCode.InvalidInput, `an operator with email ${email} already exists`);
    throw error;
  }
  return { id, email, name: input.name, role: input.role };
}

/** Ends every session of one operator (a lost laptop, a person leaving). Returns how many. */
export async function revokeSessions(db: Db, email: string): Promise<number> {
  const { count } = await db.authSession.deleteMany({ where: { user: { email: email.trim().toLowerCase() } } });
  return count;
}
