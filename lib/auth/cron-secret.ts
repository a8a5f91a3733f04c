// Who may run the tick: a caller presenting `Authorization: Bearer $CRON_SECRET`, the header
// Vercel Cron sends. Pure functions over header strings so they are testable without Next.
import { createHash, timingSafeEqual } from "node:crypto";

export type CronAuthorization =
  | { ok: true }
  /** 401: the caller did not prove it knows the secret. 500: the server has no secret set. */
  | { ok: false; status: 401 | 500; error: string };

function sha256(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/**
 * Checks an Authorization header against the configured secret.
 *
 * Both sides are hashed first so the comparison always runs over 32 equal-length bytes:
 * `timingSafeEqual` alone throws on different lengths, which would leak the secret's length
 * through the error path.
 */
export function authorizeCronRequest(
  authorizationHeader: string | null | undefined,
  configuredSecret: string | undefined,
): CronAuthorization {
  if (!configuredSecret) {
    // Never run unauthenticated because of a missing setting.
    return { ok: false, status: 500, error: "CRON_SECRET is not set on the server; the tick refuses to run without it" };
  }
  if (!authorizationHeader) {
    return { ok: false, status: 401, error: "missing Authorization header (expected: Bearer <CRON_SECRET>)" };
  }
  const presented = sha256(authorizationHeader);
  const expected = sha256(`Bearer ${configuredSecret}`);
  if (!timingSafeEqual(presented, expected)) {
    return { ok: false, status: 401, error: "wrong cron secret" };
  }
  return { ok: true };
}
