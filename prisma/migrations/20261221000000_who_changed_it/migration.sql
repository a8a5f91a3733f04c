-- Who changed a record, where nothing else records it, so a stale-page refusal can say who
-- changed what the operator's page showed, and when (docs/dashboard.md, "Acting on a page that
-- may be stale"). Every other change to a booking or an account already leaves a record naming
-- its actor (audit entries, the ledger, ended_by, move requests, disputes, quota_resets); these
-- two did not:
-- - a booking's event moved at once (a customer moving a requested booking leaves no other
--   record; an operator's move and an accepted move request set it too): when, and by whom;
-- - an account's plan changed: when, and by whom (the caller of changePlan names itself).
-- Nullable, no default: adding them rewrites no row, and rows written before say "not recorded".
ALTER TABLE "bookings" ADD COLUMN "event_moved_at" TIMESTAMPTZ(3),
ADD COLUMN "event_moved_by" TEXT;

ALTER TABLE "quota_accounts" ADD COLUMN "plan_changed_at" TIMESTAMPTZ(3),
ADD COLUMN "plan_changed_by" TEXT;
