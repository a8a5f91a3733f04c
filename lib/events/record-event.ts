// Writes one event in the caller's transaction (the transaction of the business change), and
// with it a delivery for every enabled webhook endpoint that wants it and may see it, each with
// its Duly job (decisions 0028 and 0029). One statement when nobody subscribes: the insert of
// the event, the endpoints read in the same statement. So an event and its deliveries exist
// exactly when the change committed, and a receiver is never reached from inside the change.
import type { Tx } from "../db/client.ts";
import { scheduleDeliveries } from "../webhooks/delivery-job.ts";
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

export async function recordEvent(tx: Tx, event: EventInput): Promise<void> {
  const rows = await tx.$queryRaw<Array<{ id: bigint }>>`
    WITH inserted AS (
      INSERT INTO events (type, object_type, object_id, ordering_key, data, actor, audience, created_at)
      VALUES (${event.type}, ${event.objectType}, ${event.objectId}, ${event.orderingKey}, ${JSON.stringify(event.data)}::jsonb,
              ${event.actor}, ${[...event.audience]}::text[], ${event.at})
      RETURNING id
    )
    INSERT INTO webhook_deliveries (endpoint_id, event_id, ordering_key, next_attempt_at, created_at)
    SELECT endpoint.id, inserted.id, ${event.orderingKey}, ${event.at}, ${event.at}
    FROM inserted, webhook_endpoints endpoint
    WHERE endpoint.status = 'enabled'
      AND (endpoint.event_types @> ARRAY[${event.type}]::text[] OR endpoint.event_types @> ARRAY['*']::text[])
      AND (endpoint.owner = 'platform' OR endpoint.owner = ANY(${[...event.audience]}::text[]))
    RETURNING id`;
  if (rows.length > 0) await scheduleDeliveries(tx, rows.map((row) => ({ deliveryId: row.id, attempt: 0 })), event.at);
}
