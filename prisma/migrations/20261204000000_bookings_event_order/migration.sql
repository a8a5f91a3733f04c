-- The operators' bookings list pages through every booking by (event_at, id) (keyset), with no
-- status filter by default: without this index each page sorted the whole table.
CREATE INDEX "bookings_event_at_id_idx" ON "bookings"("event_at", "id");
