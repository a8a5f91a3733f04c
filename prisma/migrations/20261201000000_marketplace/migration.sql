-- The marketplace: chefs, customers, bookings, disputes, auctions with bids, and the ledger.
-- Deadlines are scheduled_jobs rows (subject_type 'booking' | 'dispute' | 'auction'); no column
-- here points at a job (docs/decisions/0002, docs/marketplace.md).

-- CreateEnum
CREATE TYPE "booking_status" AS ENUM ('requested', 'accepted', 'declined', 'expired', 'cancelled', 'paid', 'closed', 'completed', 'disputed', 'paid_out', 'refunded', 'settled');

-- CreateEnum
CREATE TYPE "dispute_status" AS ENUM ('awaiting_reply', 'awaiting_operator', 'refunded', 'partially_refunded', 'released');

-- CreateEnum
CREATE TYPE "auction_status" AS ENUM ('open', 'awarded', 'expired');

-- CreateEnum
CREATE TYPE "ledger_kind" AS ENUM ('charge', 'payout', 'refund');

-- CreateTable
CREATE TABLE "chefs" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chefs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customers" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bookings" (
    "id" SERIAL NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "chef_id" INTEGER NOT NULL,
    "status" "booking_status" NOT NULL DEFAULT 'requested',
    "event_at" TIMESTAMPTZ(3) NOT NULL,
    "time_zone" TEXT NOT NULL,
    "place" TEXT NOT NULL,
    "price_minor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "auction_id" INTEGER,
    "requested_at" TIMESTAMPTZ(3) NOT NULL,
    "accept_by" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "pay_by" TIMESTAMPTZ(3),
    "paid_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "ended_by" TEXT,
    "end_reason" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bookings_pkey" PRIMARY KEY ("id"),
    -- Money is integer minor units and a price is never zero or negative.
    CONSTRAINT "bookings_price_minor_check" CHECK ("price_minor" > 0)
);

-- CreateTable
CREATE TABLE "disputes" (
    "id" SERIAL NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "status" "dispute_status" NOT NULL DEFAULT 'awaiting_reply',
    "reason" TEXT NOT NULL,
    "opened_at" TIMESTAMPTZ(3) NOT NULL,
    "reply_by" TIMESTAMPTZ(3) NOT NULL,
    "reply" TEXT,
    "replied_at" TIMESTAMPTZ(3),
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by" TEXT,
    "refund_minor" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "disputes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auctions" (
    "id" SERIAL NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "status" "auction_status" NOT NULL DEFAULT 'open',
    "closes_at" TIMESTAMPTZ(3) NOT NULL,
    "event_at" TIMESTAMPTZ(3) NOT NULL,
    "time_zone" TEXT NOT NULL,
    "place" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "max_price_minor" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "auctions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bids" (
    "id" SERIAL NOT NULL,
    "auction_id" INTEGER NOT NULL,
    "chef_id" INTEGER NOT NULL,
    "price_minor" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bids_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bids_price_minor_check" CHECK ("price_minor" > 0)
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" BIGSERIAL NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "kind" "ledger_kind" NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id"),
    -- Money moves in positive amounts; the kind says which way.
    CONSTRAINT "ledger_entries_amount_minor_check" CHECK ("amount_minor" > 0)
);

-- CreateIndex
CREATE UNIQUE INDEX "chefs_email_key" ON "chefs"("email");

-- CreateIndex
CREATE UNIQUE INDEX "customers_email_key" ON "customers"("email");

-- CreateIndex
CREATE UNIQUE INDEX "bookings_auction_id_key" ON "bookings"("auction_id");

-- CreateIndex
CREATE INDEX "bookings_customer_id_idx" ON "bookings"("customer_id");

-- CreateIndex
CREATE INDEX "bookings_chef_id_idx" ON "bookings"("chef_id");

-- CreateIndex
CREATE INDEX "bookings_status_event_at_idx" ON "bookings"("status", "event_at");

-- CreateIndex
CREATE INDEX "disputes_booking_id_idx" ON "disputes"("booking_id");

-- CreateIndex
CREATE INDEX "disputes_status_idx" ON "disputes"("status");

-- CreateIndex
CREATE INDEX "auctions_status_closes_at_idx" ON "auctions"("status", "closes_at");

-- CreateIndex
CREATE UNIQUE INDEX "bids_auction_id_chef_id_key" ON "bids"("auction_id", "chef_id");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_idempotency_key_key" ON "ledger_entries"("idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_booking_id_kind_key" ON "ledger_entries"("booking_id", "kind");

-- AddForeignKey
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_chef_id_fkey" FOREIGN KEY ("chef_id") REFERENCES "chefs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_auction_id_fkey" FOREIGN KEY ("auction_id") REFERENCES "auctions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bids" ADD CONSTRAINT "bids_auction_id_fkey" FOREIGN KEY ("auction_id") REFERENCES "auctions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bids" ADD CONSTRAINT "bids_chef_id_fkey" FOREIGN KEY ("chef_id") REFERENCES "chefs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
