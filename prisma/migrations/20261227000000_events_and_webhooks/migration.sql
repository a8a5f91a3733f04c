-- Events and webhooks (docs/decisions/0028-events-outbox-and-commit-order.md, 0029-webhooks).
--
-- events: the outbox. A row is inserted by the use case that makes a business change, in the
-- same transaction, so an event exists exactly when its change committed. `id` is taken at
-- insert time and so may commit out of order; `position` is the order readers page by, given
-- after commit by one sequencer at a time (lib/events/sequence-events.ts), so a cursor never
-- passes an event that committed late. `audience` lists the parties who may see it
-- ('customer:3', 'chef:7'); the platform sees every event.
CREATE TABLE "events" (
    "id" BIGSERIAL NOT NULL,
    "position" BIGINT,
    "type" TEXT NOT NULL,
    "object_type" TEXT NOT NULL,
    "object_id" INTEGER NOT NULL,
    "ordering_key" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "actor" TEXT NOT NULL,
    "audience" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);
-- Unique (NULLs allowed many times): the sequencer finds the unpositioned rows with
-- `position IS NULL` on this index and readers page through it.
CREATE UNIQUE INDEX "events_position_key" ON "events"("position");
CREATE INDEX "events_ordering_key_id_idx" ON "events"("ordering_key", "id");

CREATE TYPE "webhook_endpoint_status" AS ENUM ('enabled', 'disabled');
CREATE TYPE "webhook_delivery_status" AS ENUM ('pending', 'delivered', 'failed');

CREATE TABLE "webhook_endpoints" (
    "id" SERIAL NOT NULL,
    "owner" TEXT NOT NULL,
    "api_key_id" INTEGER,
    "url" TEXT NOT NULL,
    "description" TEXT,
    "event_types" TEXT[],
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "status" "webhook_endpoint_status" NOT NULL DEFAULT 'enabled',
    "disabled_at" TIMESTAMPTZ(3),
    "disabled_reason" TEXT,
    "failing_since" TIMESTAMPTZ(3),
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "retry_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhook_endpoints_owner_idx" ON "webhook_endpoints"("owner");

CREATE TABLE "webhook_deliveries" (
    "id" BIGSERIAL NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "event_id" BIGINT NOT NULL,
    "ordering_key" TEXT NOT NULL,
    "replay" BOOLEAN NOT NULL DEFAULT false,
    "status" "webhook_delivery_status" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "delivered_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);
-- The per-object order: a delivery waits for an earlier pending one of its endpoint and object.
CREATE INDEX "webhook_deliveries_endpoint_id_ordering_key_event_id_idx" ON "webhook_deliveries"("endpoint_id", "ordering_key", "event_id");
CREATE INDEX "webhook_deliveries_endpoint_id_id_idx" ON "webhook_deliveries"("endpoint_id", "id");
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "webhook_attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" BIGINT NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL,
    "ok" BOOLEAN NOT NULL,
    "status_code" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "error" TEXT,
    "response_excerpt" TEXT,
    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhook_attempts_delivery_id_id_idx" ON "webhook_attempts"("delivery_id", "id");
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
