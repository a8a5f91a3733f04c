-- Issue 14, items 6 and 9: rate limits per API key, read-only keys, and when a key was last used.
-- - api_rate_limits: one row per key, its current fixed window (a minute) and how many requests
--   it counted; one upsert per request resets the count when a new window starts, so the table
--   never grows beyond one row per key and needs no pruning. In PostgreSQL, so the limit holds
--   across every process and instance (docs/decisions/0030).
-- - api_keys.rate_limit_per_minute: a key's own limit; null takes DULY_API_RATE_LIMIT.
-- - api_keys.read_only: the key may read and nothing else (every POST is refused 403).
-- - api_keys.last_used_at: to the minute (it is written at most once a minute per key).
-- Nullable or with a constant default: adding them rewrites no row.
ALTER TABLE "api_keys" ADD COLUMN "rate_limit_per_minute" INTEGER,
ADD COLUMN "read_only" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "last_used_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "api_rate_limits" (
    "api_key_id" INTEGER NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "api_rate_limits_pkey" PRIMARY KEY ("api_key_id")
);

-- AddForeignKey
ALTER TABLE "api_rate_limits" ADD CONSTRAINT "api_rate_limits_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
