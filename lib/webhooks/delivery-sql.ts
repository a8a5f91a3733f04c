// The delivery queries' shared rules, each written once as a Prisma.sql fragment (aliases: d the
// delivery, w its endpoint, e its event). The pump (pendingFirstAttempts), the batch (sendable),
// the handler's claim and the pump's follow-up read the same rows by the same rules; when each
// spelled them out, a change to one (what "healthy" means, what waits for what) could miss the
// others.
import { Prisma } from "../db/client.ts";

/** A delivery with its endpoint and event, as attempt-delivery.ts's Claimed reads them: the select list and the joins. */
export const claimedDeliveries = Prisma.sql`
  SELECT d.id, d.event_id, d.ordering_key, d.replay, d.status::text AS status, d.attempts,
         w.id AS endpoint_id, w.owner, w.url, w.secret, w.previous_secret, w.previous_secret_expires_at, w.status::text AS endpoint_status,
         w.failing_since, w.consecutive_failures, w.retry_at,
         e.type, e.object_type, e.object_id, e.data, e.actor, e.created_at
  FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN events e ON e.id = d.event_id`;

/**
 * Endpoint `w` may be sent to at `at` in the plain case: enabled, not failing, not backing off.
 * Anything else waits for its one probe at a time (decision 0029), which the handler sends.
 */
export function healthyEndpoint(at: Date): Prisma.Sql {
  return Prisma.sql`(w.status = 'enabled' AND w.consecutive_failures = 0 AND w.failing_since IS NULL AND (w.retry_at IS NULL OR w.retry_at <= ${at}))`;
}

/**
 * Delivery `d` is its object's turn at its endpoint: a replay always is (it comes at once, out of
 * order); otherwise no earlier event of the same object (ordering_key) is still pending to that
 * endpoint, a replay of one aside. Docs: "In order per object" (docs/api.md).
 */
export const objectsTurn = Prisma.sql`(d.replay OR NOT EXISTS (
    SELECT 1 FROM webhook_deliveries p
    WHERE p.endpoint_id = d.endpoint_id AND p.ordering_key = d.ordering_key AND p.event_id < d.event_id AND p.status = 'pending' AND NOT p.replay))`;
