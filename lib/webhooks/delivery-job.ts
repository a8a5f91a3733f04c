// The delivery job type as a declaration (decision 0010's pattern): lib schedules it (an event's
// fan-out, the next attempt, a replay), the catalogue (jobs/webhooks/deliver.ts) gives it its
// handler, lib/webhooks/attempt-delivery.ts. One job per attempt of one delivery: the handler
// records the attempt and schedules the next one itself, so each attempt's outcome (status,
// latency, the answer's start) is kept even when it failed.
import { z } from "zod";
import type { Tx } from "../db/client.ts";
import { defineJob, scheduleMany, type JobDefinition } from "../scheduler/index.ts";

export const deliveryJobName = "webhooks.deliver";

const oneDelivery = z.object({
  /** webhook_deliveries.id (a bigint, as text). */
  deliveryId: z.string().regex(/^[1-9][0-9]{0,18}$/),
  /** Which attempt (0 the first), or `after:<id>` when an earlier delivery of the object just landed. */
  round: z.string().regex(/^[0-9a-z:]{1,40}$/),
});
/**
 * An endpoint's pump (decision 0044): sends that endpoint's pending first attempts, in batches,
 * in the object order. What an event's fan-out schedules, one per endpoint and transaction,
 * instead of one job per delivery.
 */
const endpointPump = z.object({
  endpointId: z.number().int().min(1).max(2_147_483_647),
  pump: z.literal(true),
});
export const deliveryPayload = z.union([oneDelivery, endpointPump]);
export type DeliveryPayload = z.output<typeof oneDelivery>;
export type PumpPayload = z.output<typeof endpointPump>;
export type DeliveryJobPayload = z.output<typeof deliveryPayload>;

export function isPump(payload: DeliveryJobPayload): payload is PumpPayload {
  return "pump" in payload;
}

/**
 * How the delivery job type is declared; the catalogue adds the handler. The engine retries only
 * a handler that threw (a database fault): an answer that is not 2xx is an outcome the handler
 * records, with its own backoff per endpoint (attempt-delivery.ts).
 */
export const deliveryJobDeclaration = {
  name: deliveryJobName,
  version: 1,
  payload: deliveryPayload,
  retry: { maxAttempts: 10, backoffBaseMs: 5_000, backoffMaxMs: 600_000 },
  // Alone: a delivery holds its transaction while the receiver answers (up to the timeout); no
  // other job's writes may wait on it.
  isolation: "alone" as const,
  // At most this many deliveries claimed at once: a batch sends them concurrently and waits at
  // most a second for each (attempt-deliveries.ts); the handler, which waits up to the timeout,
  // sends at most handlerSendSlots at once (attempt-delivery.ts), so slow receivers still leave
  // the other lanes to deadlines (docs/decisions/0029, 0035).
  maxRunning: 64,
};

export function deliveryKey(deliveryId: bigint | string, round: string): string {
  return `${deliveryJobName}:${deliveryId}:${round}`;
}

/** The lease: the receiver's timeout, plus room for the transaction around it. */
export function deliveryLeaseMs(timeoutMs: number): number {
  return timeoutMs + 20_000;
}

let standIn: JobDefinition<typeof deliveryPayload> | undefined;
/** What schedule() needs (name, version, schema, retry); ticks take the handler from the catalogue. */
function schedulable(): JobDefinition<typeof deliveryPayload> {
  standIn ??= defineJob({
    ...deliveryJobDeclaration,
    handler: async () => {
      throw new Error(`${deliveryJobName}: the declaration's stand-in handler ran; the catalogue must supply the handler`);
    },
  });
  return standIn;
}

/**
 * Schedules one pump per endpoint at `runAt`, in the caller's transaction. `transaction` (the
 * caller's pg_current_xact_id()) keys them to it, so the events a transaction records in several
 * calls (a group commit's jobs, a use case's steps) get one pump per endpoint, not one per call.
 * Never a key shared by transactions: concurrent ones would each wait for the other's commit on
 * the unique index (decision 0028, option 2's cost). A pump that finds nothing left ends at once.
 */
export async function schedulePumps(tx: Tx, endpointIds: Iterable<number>, runAt: Date, transaction?: string): Promise<void> {
  const ids = [...new Set(endpointIds)];
  if (ids.length === 0) return;
  await scheduleMany(
    tx,
    schedulable(),
    ids.map((endpointId) => ({
      runAt,
      payload: { endpointId, pump: true as const },
      key: transaction === undefined ? undefined : `${deliveryJobName}:pump:${endpointId}:${transaction}:${runAt.getTime()}`,
      subject: { type: "webhook-endpoint", id: String(endpointId) },
    })),
  );
}

/** Schedules one job per delivery at `runAt`, in the caller's transaction (keys make a repeat a no-op). */
export async function scheduleDeliveries(tx: Tx, items: Array<{ deliveryId: bigint | string; attempt: number | string }>, runAt: Date): Promise<void> {
  await scheduleMany(
    tx,
    schedulable(),
    items.map(({ deliveryId, attempt }) => ({
      runAt,
      payload: { deliveryId: String(deliveryId), round: String(attempt) },
      key: deliveryKey(deliveryId, String(attempt)),
      subject: { type: "webhook-delivery", id: String(deliveryId) },
    })),
  );
}
