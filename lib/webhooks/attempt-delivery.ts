// One attempt of one delivery: the handler of the webhooks.deliver job (jobs/webhooks/deliver.ts,
// docs/decisions/0029). In the job's transaction: take the delivery (its row lock: a second job
// of the same delivery waits and then finds it done), wait its turn (an earlier undelivered event
// of the same object to the same endpoint, or the endpoint's backoff: NotBefore, no attempt
// spent), send, and record the attempt with its outcome; then wake the object's next delivery,
// or schedule this one's next attempt at the endpoint's backoff, or disable the endpoint.
import type { Tx } from "../db/client.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { toEventView, type EventReader } from "../events/event-view.ts";
import { NotBefore } from "../scheduler/index.ts";
import { scheduleDeliveries, schedulePumps, type DeliveryPayload } from "./delivery-job.ts";
import { claimedDeliveries } from "./delivery-sql.ts";
import { endpointBackoffMs, webhookOptions, type WebhookOptions } from "./options.ts";
import { sendWebhook, type SendResult } from "./send.ts";
import { signWebhook, webhookSignatureHeader } from "./signing.ts";

export type DeliveryOutcome = "delivered" | "failed" | "disabled" | "gone";

export interface Claimed {
  id: bigint; event_id: bigint; ordering_key: string; replay: boolean; status: string; attempts: number;
  endpoint_id: number; owner: string; url: string; secret: string; previous_secret: string | null; previous_secret_expires_at: Date | null;
  endpoint_status: string; failing_since: Date | null; consecutive_failures: number; retry_at: Date | null;
  type: string; object_type: string; object_id: number; data: unknown; actor: string; created_at: Date;
}

/** Class "DULW": one probe at a time of an endpoint that is failing. */
const probeLockClass = 1146441047;
/** Class "DULS": the slots of deliveries sent by this handler, one transaction each. */
const sendSlotClass = 1146440787;
/**
 * At most this many deliveries are sent by the handler at once, everywhere: each holds its lane
 * and its transaction while the receiver answers (up to the timeout), so slow receivers leave
 * the other lanes to deadlines (docs/decisions/0029; the type's maxRunning did this before
 * batches, decision 0035). Batches send many at once, briefly (attempt-deliveries.ts).
 */
export const handlerSendSlots = 4;

export async function attemptDelivery(tx: Tx, payload: DeliveryPayload, now: Date, options: WebhookOptions = webhookOptions()): Promise<DeliveryOutcome> {
  const [row] = await tx.$queryRaw<Claimed[]>`${claimedDeliveries} WHERE d.id = ${BigInt(payload.deliveryId)} FOR UPDATE OF d`;
  if (!row || row.status !== "pending") return "gone";
  if (row.endpoint_status === "disabled") {
    await tx.$executeRaw`UPDATE webhook_deliveries SET status = 'failed', last_error = 'the endpoint is disabled' WHERE id = ${row.id}`;
    return "disabled";
  }
  if (!row.replay) await waitForTurn(tx, row, now);
  await takeSendSlot(tx, now);
  const result = await send(row, options);
  await tx.$executeRaw`
    INSERT INTO webhook_attempts (delivery_id, attempted_at, ok, status_code, latency_ms, error, response_excerpt)
    VALUES (${row.id}, ${now}, ${result.ok}, ${result.statusCode}, ${result.latencyMs}, ${result.error}, ${result.responseExcerpt})`;
  if (result.ok) {
    await delivered(tx, row, now);
    return "delivered";
  }
  return failed(tx, row, result, now, options);
}

/** Throws NotBefore while an earlier event of the object is undelivered, or the failing endpoint is backing off. */
async function waitForTurn(tx: Tx, row: Claimed, now: Date): Promise<void> {
  const later = (until: Date | null, why: string) => {
    const at = until && until > now ? until : new Date(now.getTime() + 1_000);
    throw new NotBefore(at, why);
  };
  const [earlier] = await tx.$queryRaw<Array<{ id: bigint; next_attempt_at: Date }>>`
    SELECT id, next_attempt_at FROM webhook_deliveries
    WHERE endpoint_id = ${row.endpoint_id} AND ordering_key = ${row.ordering_key} AND event_id < ${row.event_id}
      AND status = 'pending' AND NOT replay
    ORDER BY event_id LIMIT 1`;
  // Woken when it lands (delivered() below); the instant is a safety net.
  if (earlier) later(new Date(Math.max(earlier.next_attempt_at.getTime(), now.getTime()) + 5_000), `delivery ${earlier.id} of ${row.ordering_key} comes first`);
  if (row.retry_at && row.retry_at > now) later(row.retry_at, `endpoint ${row.endpoint_id} is failing; next attempt at ${row.retry_at.toISOString()}`);
  if (row.consecutive_failures > 0) {
    const [probe] = await tx.$queryRaw<Array<{ got: boolean }>>`SELECT pg_try_advisory_xact_lock(${probeLockClass}::int, ${row.endpoint_id}::int) AS got`;
    if (!probe?.got) later(new Date(now.getTime() + endpointBackoffMs(row.consecutive_failures)), `endpoint ${row.endpoint_id} is failing and being probed`);
  }
}

/** One of the handler's send slots for this transaction, or NotBefore (no attempt spent) a second later. */
async function takeSendSlot(tx: Tx, now: Date): Promise<void> {
  const [slot] = await tx.$queryRaw<Array<{ slot: number }>>`
    SELECT s AS slot FROM generate_series(0, ${handlerSendSlots - 1}::int) s WHERE pg_try_advisory_xact_lock(${sendSlotClass}::int, s) LIMIT 1`;
  if (!slot) throw new NotBefore(new Date(now.getTime() + 1_000), `${handlerSendSlots} deliveries are being sent one at a time already`);
}

export function send(row: Claimed, options: WebhookOptions): Promise<SendResult> {
  const event = toEventView(
    { id: row.event_id, type: row.type, objectType: row.object_type, objectId: row.object_id, data: row.data, actor: row.actor, createdAt: row.created_at },
    row.owner as EventReader,
  );
  const body = JSON.stringify(event);
  const secrets = [row.secret];
  if (row.previous_secret && row.previous_secret_expires_at && row.previous_secret_expires_at.getTime() > Date.now()) secrets.push(row.previous_secret);
  // The signature's time is the wall clock's, not the tick's: the receiver checks it against its
  // own clock to refuse a replayed capture; it is a fact of the wire, not of the business.
  const signature = signWebhook(secrets, Math.floor(Date.now() / 1000), body);
  return sendWebhook(row.url, {
    "Content-Type": "application/json", "User-Agent": "Duly-Webhooks/1", [webhookSignatureHeader]: signature,
    "Duly-Event-Id": event.id, "Duly-Event-Type": event.type, "Duly-Delivery-Id": row.id.toString(),
  }, body, options);
}

export async function delivered(tx: Tx, row: Claimed, now: Date): Promise<void> {
  await tx.$executeRaw`
    UPDATE webhook_deliveries SET status = 'delivered', delivered_at = ${now}, attempts = attempts + 1, last_error = NULL WHERE id = ${row.id}`;
  if (row.consecutive_failures > 0 || row.failing_since) {
    await tx.$executeRaw`
      UPDATE webhook_endpoints SET failing_since = NULL, consecutive_failures = 0, retry_at = NULL, updated_at = ${now} WHERE id = ${row.endpoint_id}`;
    // The endpoint recovered: what waited while it failed has no job of its own (decision 0044).
    await schedulePumps(tx, [row.endpoint_id], now);
  }
  if (row.replay) return;
  const [next] = await tx.$queryRaw<Array<{ id: bigint }>>`
    SELECT id FROM webhook_deliveries
    WHERE endpoint_id = ${row.endpoint_id} AND ordering_key = ${row.ordering_key} AND event_id > ${row.event_id} AND status = 'pending' AND NOT replay
    ORDER BY event_id LIMIT 1`;
  if (next) await scheduleDeliveries(tx, [{ deliveryId: next.id, attempt: `after:${row.id}` }], now);
}

export async function failed(tx: Tx, row: Claimed, result: SendResult, now: Date, options: WebhookOptions): Promise<DeliveryOutcome> {
  // The endpoint's row, taken only now (lock order, endpoint-lock.ts) and read under the lock: a
  // disable that took it while this attempt was sending skipped this delivery; once it committed,
  // the endpoint reads disabled here and this attempt ends its delivery itself, with no next
  // attempt. Its failure counters too, as they are now: an earlier failure of the same batch, or
  // another transaction, may have changed them since the delivery was claimed.
  const [endpoint] = await tx.$queryRaw<Array<{ status: string; consecutive_failures: number; failing_since: Date | null }>>`
    SELECT status::text AS status, consecutive_failures, failing_since FROM webhook_endpoints WHERE id = ${row.endpoint_id} FOR NO KEY UPDATE`;
  if (!endpoint || endpoint.status === "disabled") {
    await tx.$executeRaw`
      UPDATE webhook_deliveries SET status = 'failed', attempts = attempts + 1, last_error = ${result.error ?? "the endpoint was disabled"} WHERE id = ${row.id}`;
    return "disabled";
  }
  const failures = endpoint.consecutive_failures + 1;
  const since = endpoint.failing_since ?? now;
  const retryAt = new Date(now.getTime() + endpointBackoffMs(failures));
  await tx.$executeRaw`
    UPDATE webhook_deliveries SET attempts = attempts + 1, last_error = ${result.error}, next_attempt_at = ${retryAt} WHERE id = ${row.id}`;
  if (now.getTime() - since.getTime() >= options.disableAfterMs) {
    await disableEndpoint(tx, row.endpoint_id, `every attempt failed since ${since.toISOString()} (last: ${result.error})`, now, { id: "system", email: "system" });
    return "disabled";
  }
  await tx.$executeRaw`
    UPDATE webhook_endpoints SET failing_since = ${since}, consecutive_failures = ${failures}, retry_at = ${retryAt}, updated_at = ${now}
    WHERE id = ${row.endpoint_id}`;
  await scheduleDeliveries(tx, [{ deliveryId: row.id, attempt: row.attempts + 1 }], retryAt);
  return "failed";
}

/**
 * Disables an endpoint (its row is the caller's first lock: the API's and the dashboard's
 * lockEndpoint, or failed() above): its pending deliveries end `failed` (replay them once it is fixed, or
 * read GET /events), and the audit log says who and why. Disabled by Duly itself, it is also
 * logged, and listed first on the dashboard's /webhooks page: that is how operators are told.
 */
export async function disableEndpoint(tx: Tx, endpointId: number, reason: string, now: Date, by: { id: string; email: string }): Promise<void> {
  await tx.$executeRaw`
    UPDATE webhook_endpoints SET status = 'disabled', disabled_at = ${now}, disabled_reason = ${reason}, retry_at = NULL, updated_at = ${now}
    WHERE id = ${endpointId}`;
  // SKIP LOCKED: a delivery an attempt holds is left to that attempt (lock order, endpoint-lock.ts),
  // which reads the endpoint disabled when it records its outcome and ends the delivery itself.
  await tx.$executeRaw`
    UPDATE webhook_deliveries SET status = 'failed', last_error = coalesce(last_error, 'the endpoint was disabled')
    WHERE id = ANY(ARRAY(
      SELECT id FROM webhook_deliveries WHERE endpoint_id = ${endpointId} AND status = 'pending' FOR UPDATE SKIP LOCKED))`;
  await recordAudit(tx, { actor: by, action: "webhook_endpoint.disable", recordType: "webhook_endpoint", recordId: String(endpointId), to: "disabled", reason });
  if (by.id === "system") console.warn(`[webhooks] endpoint ${endpointId} disabled: ${reason}`);
}
