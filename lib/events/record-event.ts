// Writes events in the caller's transaction (the transaction of the business change), and with
// them a delivery for every enabled webhook endpoint that wants one and may see it, and one Duly
// job per endpoint that sends them (decisions 0028, 0029 and 0044). One statement when nobody subscribes, however many events:
// the inserts of the events and of their deliveries, the endpoints read in the same statement.
// So an event and its deliveries exist exactly when the change committed, and a receiver is
// never reached from inside the change. One event and a batch's many go through the same
// statement, so a batch writes exactly the rows its changes would have written one by one.
import type { Tx } from "../db/client.ts";
import { schedulePumps } from "../webhooks/delivery-job.ts";
import type { EventObjectType, EventType } from "./event-types.ts";

export interface EventInput {
  type: EventType;
  objectType: EventObjectType;
  objectId: number;
  /** The record whose events are delivered in order: "booking:42" (a dispute's is its booking's). */
  orderingKey: string;
  /** The object as operators and the platform see it (the API's view). */
  data: unknown;
  /** actorLabel of who made the change. */
  actor: string;
  /** The parties who may see it: "customer:3", "chef:7". */
  audience: readonly string[];
  /** The change's instant (the use case's now). */
  at: Date;
}

export function recordEvent(tx: Tx, event: EventInput): Promise<void> {
  return recordEvents(tx, [event]);
}

/**
 * Writes `events` in one statement, their ids (and so their order among themselves, per object)
 * in the order given. The events travel as one JSON array: a text[] per event (the audience)
 * does not fit unnest's one-dimensional arrays.
 */
export async function recordEvents(tx: Tx, events: readonly EventInput[]): Promise<void> {
  if (events.length === 0) return;
  const rows = JSON.stringify(events.map((event, i) => ({
    n: i, type: event.type, object_type: event.objectType, object_id: event.objectId, ordering_key: event.orderingKey,
    data: event.data ?? null, actor: event.actor, audience: [...event.audience], created_at: event.at,
  })));
  const deliveries = await tx.$queryRaw<Array<{ endpoint_id: number; next_attempt_at: Date; xact: string }>>`
    WITH inserted AS (
      INSERT INTO events (type, object_type, object_id, ordering_key, data, actor, audience, created_at)
      SELECT e.type, e.object_type, e.object_id, e.ordering_key, e.data, e.actor, e.audience, e.created_at
      FROM jsonb_to_recordset(${rows}::jsonb) AS e(n int, type text, object_type text, object_id int, ordering_key text,
                                                  data jsonb, actor text, audience text[], created_at timestamptz)
      ORDER BY e.n
      RETURNING id, type, ordering_key, audience, created_at
    )
    INSERT INTO webhook_deliveries (endpoint_id, event_id, ordering_key, next_attempt_at, created_at)
    SELECT endpoint.id, inserted.id, inserted.ordering_key, inserted.created_at, inserted.created_at
    FROM inserted, webhook_endpoints endpoint
    WHERE endpoint.status = 'enabled'
      AND (endpoint.event_types @> ARRAY[inserted.type]::text[] OR endpoint.event_types @> ARRAY['*']::text[])
      AND (endpoint.owner = 'platform' OR endpoint.owner = ANY(inserted.audience))
    ORDER BY inserted.id, endpoint.id
    RETURNING endpoint_id, next_attempt_at, pg_current_xact_id()::text AS xact`;
  if (deliveries.length === 0) return;
  // Each delivery's first attempt is due at its event's instant (a batch's events share one); one
  // pump per endpoint and instant sends them (decision 0044), not a job per delivery.
  const byInstant = new Map<number, Set<number>>();
  for (const d of deliveries) {
    const due = d.next_attempt_at.getTime();
    byInstant.set(due, (byInstant.get(due) ?? new Set()).add(d.endpoint_id));
  }
  for (const [due, endpoints] of byInstant) await schedulePumps(tx, endpoints, new Date(due), deliveries[0]!.xact);
}
