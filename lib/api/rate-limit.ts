// Rate limits per API key (issue 14, item 6; docs/decisions/0030): a fixed window of one minute,
// counted in PostgreSQL by one upsert per request, so the limit holds across every process and
// instance behind a load balancer (a counter in memory would give each process its own limit).
// The same statement notes the key's last use, at most once a minute (item 9).
//
// Answers carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds until the
// window ends; the IETF draft's fields, as separate headers); past the limit, 429 RATE_LIMITED
// with `Retry-After`, before anything else is read or written.
import type { DbOrTx } from "../db/client.ts";
import { Prisma } from "../db/client.ts";
import { ApiError, ApiErrorCode } from "./errors.ts";

export const RATE_WINDOW_SECONDS = 60;

export interface RateCount {
  limit: number;
  remaining: number;
  /** Whole seconds until the window ends (at least 1). */
  resetSeconds: number;
  allowed: boolean;
}

/**
 * Counts one request of `apiKeyId` in the window of `at` ("database": the database's clock, as
 * in production; an instant: a time-travelling server's request clock, so tests do not depend on
 * when the minute turns).
 */
export async function countRequest(db: DbOrTx, apiKeyId: number, limit: number, at: Date | "database"): Promise<RateCount> {
  const now = at === "database" ? Prisma.sql`now()` : Prisma.sql`${at}::timestamptz`;
  const [row] = await db.$queryRaw<Array<{ count: number; seconds_left: number }>>`
    WITH used AS (
      UPDATE api_keys SET last_used_at = now()
      WHERE id = ${apiKeyId} AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
    )
    INSERT INTO api_rate_limits AS r (api_key_id, window_start, count)
    VALUES (${apiKeyId}, to_timestamp(floor(extract(epoch FROM ${now}) / ${RATE_WINDOW_SECONDS}) * ${RATE_WINDOW_SECONDS}), 1)
    ON CONFLICT (api_key_id) DO UPDATE SET
      count = CASE WHEN r.window_start = EXCLUDED.window_start THEN r.count + 1 ELSE 1 END,
      window_start = EXCLUDED.window_start
    RETURNING count,
      ceil(extract(epoch FROM (window_start + make_interval(secs => ${RATE_WINDOW_SECONDS}) - ${now})))::int AS seconds_left`;
  const count = row!.count;
  return { limit, remaining: Math.max(0, limit - count), resetSeconds: Math.max(1, row!.seconds_left), allowed: count <= limit };
}

/** The headers every answer to a counted request carries. */
export function rateLimitHeaders(count: RateCount): Record<string, string> {
  return { "RateLimit-Limit": String(count.limit), "RateLimit-Remaining": String(count.remaining), "RateLimit-Reset": String(count.resetSeconds) };
}

/** Thrown past the limit: 429 with Retry-After the seconds until the window ends. */
export class RateLimitedError extends ApiError {
  constructor(readonly count: RateCount) {
    super(ApiErrorCode.RateLimited, `this API key sent more than ${count.limit} requests this minute; retry in ${count.resetSeconds} s (Retry-After)`);
  }
}
