// Sign-in attempts per email, on top of better-auth's per-address limit. The address comes from
// X-Forwarded-For, which `next start` passes through as the client sent it (it only fills the
// header in when absent), so a client that writes a new address on each attempt is never
// limited by address (found by a hostile test). The email being tried is not the client's to
// choose freely: guesses at one operator's password are counted wherever they come from.
//
// Counted in auth_rate_limits (shared by every instance) under `sign-in-email|<email>`, in one
// statement per attempt (a burst of parallel attempts cannot all pass a read-then-write check).
// A successful sign-in clears the count, so an operator's own sign-ins never add up.
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Db } from "../db/client.ts";

/** Attempts on one email since its last successful sign-in, per window, before answers turn 429. */
export const signInEmailLimit = { windowSeconds: 600, max: 10 } as const;

const signInPath = "/sign-in/email";
const keyOf = (email: string) => `sign-in-email|${email.trim().toLowerCase()}`;

function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.length > 0 && email.length <= 320 ? email : null;
}

/** better-auth hooks: count each attempt before it runs; clear the count after a success. */
export function signInThrottleHooks(db: Db, now: () => Date = () => new Date()) {
  const windowMs = signInEmailLimit.windowSeconds * 1000;
  return {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== signInPath) return;
      const email = emailOf(ctx.body);
      if (!email) return;
      const at = BigInt(now().getTime());
      const windowStart = at - BigInt(windowMs);
      // A new window starts when the last one is over; otherwise the count goes up.
      const [row] = await db.$queryRaw<Array<{ count: number; last_request: bigint }>>`
        INSERT INTO auth_rate_limits (id, key, count, last_request)
        VALUES (gen_random_uuid()::text, ${keyOf(email)}, 1, ${at})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN auth_rate_limits.last_request <= ${windowStart}::bigint THEN 1 ELSE auth_rate_limits.count + 1 END,
          last_request = CASE WHEN auth_rate_limits.last_request <= ${windowStart}::bigint THEN ${at} ELSE auth_rate_limits.last_request END
        RETURNING count, last_request`;
      if (row!.count > signInEmailLimit.max) {
        const retryAfter = Math.max(1, Math.ceil((Number(row!.last_request) + windowMs - Number(at)) / 1000));
        throw new APIError("TOO_MANY_REQUESTS", { message: "Too many sign-in attempts for this email. Please try again later." }, { "X-Retry-After": String(retryAfter) });
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== signInPath) return;
      const email = emailOf(ctx.body);
      const returned: unknown = ctx.context.returned;
      if (!email || returned instanceof Error || (returned instanceof Response && !returned.ok)) return;
      await db.$executeRaw`DELETE FROM auth_rate_limits WHERE key = ${keyOf(email)}`;
    }),
  };
}
