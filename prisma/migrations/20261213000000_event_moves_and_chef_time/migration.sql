-- Moving an agreed event is a request the chef answers, the terms both sides agreed to are
-- recorded, and a chef's time is held by one booking at a time (docs/decisions/0023,
-- docs/marketplace.md).

-- How long the event holds the chef: its span is [event_at, event_at + duration_minutes).
-- Existing bookings get the default (four hours: a dinner with its preparation and clearing up).
ALTER TABLE "bookings" ADD COLUMN "duration_minutes" INTEGER NOT NULL DEFAULT 240,
    ADD CONSTRAINT "bookings_duration_minutes_check" CHECK ("duration_minutes" BETWEEN 30 AND 1440);

-- The event time both sides agreed to: set when the chef accepts the booking or a move, and by
-- an operator's move. The late-cancellation share is judged against it, never against a time one
-- side chose alone. Null while the booking is only requested. Existing bookings the chef accepted
-- take the time they have: the records keep no earlier one.
ALTER TABLE "bookings" ADD COLUMN "agreed_event_at" TIMESTAMPTZ(3);
UPDATE "bookings" SET "agreed_event_at" = "event_at" WHERE "accepted_at" IS NOT NULL;

-- CreateEnum
CREATE TYPE "move_request_status" AS ENUM ('pending', 'accepted', 'declined', 'lapsed', 'withdrawn');

-- CreateTable: a customer's request to move an accepted or paid event, answered by the chef
-- before answer_by (a scheduled job of subject move-request runs at that instant and lapses it).
CREATE TABLE "booking_move_requests" (
    "id" SERIAL NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "status" "move_request_status" NOT NULL DEFAULT 'pending',
    "from_event_at" TIMESTAMPTZ(3) NOT NULL,
    "event_at" TIMESTAMPTZ(3) NOT NULL,
    "time_zone" TEXT NOT NULL,
    "requested_by" TEXT NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL,
    "answer_by" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "ended_by" TEXT,
    "end_reason" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "booking_move_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "booking_move_requests_booking_id_idx" ON "booking_move_requests"("booking_id");

-- At most one pending move per booking: a second request while one waits is refused.
CREATE UNIQUE INDEX "booking_move_requests_one_pending_idx" ON "booking_move_requests"("booking_id") WHERE "status" = 'pending';

-- AddForeignKey
ALTER TABLE "booking_move_requests" ADD CONSTRAINT "booking_move_requests_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- One event at a time per chef. btree_gist gives GiST the plain equality on chef_id that an
-- exclusion constraint needs next to the span's overlap. It is a trusted extension (PostgreSQL
-- 13+: the database's owner may create it) shipped with PostgreSQL and offered by the hosted
-- providers; it goes in a schema of its own so the app's schema holds only the app's objects.
CREATE SCHEMA IF NOT EXISTS "extensions";
CREATE EXTENSION IF NOT EXISTS "btree_gist" WITH SCHEMA "extensions";

-- A database that already holds overlapping bookings of one chef cannot take the constraint:
-- say which, so an operator can resolve them (cancel or move one) before migrating again.
DO $$
DECLARE
  clashes TEXT;
BEGIN
  SELECT string_agg(format('chef %s: bookings %s and %s', a.chef_id, a.id, b.id), '; ' ORDER BY a.id, b.id)
    INTO clashes
    FROM "bookings" a
    JOIN "bookings" b ON b.chef_id = a.chef_id AND b.id > a.id
   WHERE a.status IN ('accepted', 'paid', 'closed', 'completed', 'disputed', 'paid_out', 'refunded', 'settled')
     AND b.status IN ('accepted', 'paid', 'closed', 'completed', 'disputed', 'paid_out', 'refunded', 'settled')
     AND tstzrange(a.event_at, a.event_at + make_interval(mins => a.duration_minutes), '[)')
         && tstzrange(b.event_at, b.event_at + make_interval(mins => b.duration_minutes), '[)');
  IF clashes IS NOT NULL THEN
    RAISE EXCEPTION 'chefs booked twice for overlapping events (resolve these first): %', clashes;
  END IF;
END $$;

-- The span is written with timezone('UTC', …) around the addition because timestamptz +
-- interval is only STABLE (a day or a month depends on the session's zone) and an index
-- expression must be IMMUTABLE; on UTC timestamps minutes are minutes. The statuses are those in
-- which a booking holds its chef's time: accepted (the chef said yes) and every status of an
-- event that happens or happened (lib/marketplace/bookings/chef-time.ts, chefTimeStatuses).
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_chef_time_excl" EXCLUDE USING gist (
    "chef_id" WITH =,
    tstzrange("event_at", timezone('UTC', timezone('UTC', "event_at") + make_interval(mins => "duration_minutes")), '[)') WITH &&
) WHERE ("status" IN ('accepted', 'paid', 'closed', 'completed', 'disputed', 'paid_out', 'refunded', 'settled'));
