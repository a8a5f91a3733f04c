-- Issue 14, item 9: a `metadata` object on bookings for an integrator's own ids (an order id, a
-- CRM reference), as Stripe's: string keys and values, at most 20 keys of 40 characters and values
-- of 500 (checked where it is written, lib/validation/fields.ts). A constant default: adding it
-- rewrites no row (PostgreSQL 11+ stores the default in the catalogue).
ALTER TABLE "bookings" ADD COLUMN "metadata" JSONB NOT NULL DEFAULT '{}';
