// Retention of the outbox: events and their webhook deliveries older than DULY_EVENT_RETENTION_DAYS
// (30 by default, as Stripe keeps events) are deleted by an hourly job (jobs/prune-events.ts),
// one batch per run. What is never deleted, whatever its age:
//   - a delivery still pending (it may be retried for days, and its job reads it);
//   - an event a delivery still names (the foreign key restricts; its deliveries go first);
//   - an event without a position yet (the sequencer has not seen it; readers have not either);
//   - the event with the highest position: the sequencer numbers new events after the highest
//     position left, so deleting every event would restart positions at 1 and a reader's
//     cursor (say 5,000) would never see another event (lib/events/sequence-events.ts).
import type { Db, Tx } from "../db/client.ts";

/** Deletes up to `limit` finished deliveries (delivered or failed) created before `before`, their attempts with them. */
export async function pruneDeliveries(tx: Tx, before: Date, limit: number): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM webhook_deliveries
     WHERE id = ANY(ARRAY(
       SELECT id FROM webhook_deliveries
        WHERE status <> 'pending' AND created_at < ${before}
        ORDER BY id LIMIT ${limit}))`;
}

/**
 * Deletes up to `limit` positioned events created before `before` that no delivery names, never
 * the newest position. Rows a concurrent replay is adding a delivery for are locked by its
 * foreign-key check and skipped (SKIP LOCKED), so a replay and the prune do not fail each other.
 * In the same statement, event_retention keeps the highest position ever deleted: a reader's
 * cursor below it has missed events (GET /api/v1/events answers 410 CURSOR_EXPIRED), and since
 * it commits with the deletes, no reader sees the events gone without it.
 */
export async function pruneEvents(tx: Tx, before: Date, limit: number): Promise<number> {
  const [{ deleted }] = await tx.$queryRaw<Array<{ deleted: number }>>`
    WITH gone AS (
      DELETE FROM events
       WHERE id = ANY(ARRAY(
         SELECT event.id FROM events event
          WHERE event.created_at < ${before}
            AND event.position IS NOT NULL
            AND event.position < (SELECT max(position) FROM events)
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries delivery WHERE delivery.event_id = event.id)
          ORDER BY event.id LIMIT ${limit}
          FOR UPDATE SKIP LOCKED))
       RETURNING position
    ), mark AS (
      INSERT INTO event_retention (id, pruned_through)
      SELECT 1, max(position) FROM gone HAVING count(*) > 0
      ON CONFLICT (id) DO UPDATE SET pruned_through = greatest(event_retention.pruned_through, EXCLUDED.pruned_through)
    )
    SELECT count(*)::int AS deleted FROM gone`;
  return deleted;
}

/** The highest position the prune has deleted (0: none): a cursor below it has missed events. */
export async function prunedThrough(db: Db | Tx): Promise<bigint> {
  const [{ position }] = await db.$queryRaw<Array<{ position: bigint }>>`
    SELECT coalesce((SELECT pruned_through FROM event_retention WHERE id = 1), 0)::bigint AS position`;
  return position;
}
