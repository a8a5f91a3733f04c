-- The request id (issue 14, item 5) of the API request that wrote an audit entry, so an
-- integrator's `Request-Id` leads to what the request changed. Nullable, no default: entries
-- written outside an API request (the dashboard, before this) have none, and adding it rewrites
-- no row.
ALTER TABLE "audit_entries" ADD COLUMN "request_id" TEXT;
