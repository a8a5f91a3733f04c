-- How far the events' retention prune has deleted (docs/decisions/0048-expired-event-cursors-and-endpoint-limits.md):
-- one row (id 1), the highest position it deleted. GET /api/v1/events refuses a cursor below it
-- (410 CURSOR_EXPIRED): events after that cursor are gone, and answering what is left would
-- let the reader skip them without knowing. No row (a database never pruned) reads as 0.
CREATE TABLE "event_retention" (
    "id" INTEGER NOT NULL,
    "pruned_through" BIGINT NOT NULL,
    CONSTRAINT "event_retention_pkey" PRIMARY KEY ("id")
);
