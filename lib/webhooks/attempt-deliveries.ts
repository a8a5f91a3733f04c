// Many deliveries' attempts at once: the webhooks.deliver job's batch (handleMany, decisions 0027
// and 0035). One job per attempt, as before (attempt-delivery.ts does one), but the deliveries a
// lane claims together are sent concurrently and recorded in one set-based statement (and one more to schedule what comes next), so a
// delivery costs a share of one transaction instead of a transaction of its own.
//
// The batch takes only the plain case, and leaves every other job to its handler, one at a time,
// exactly as before: a delivery whose endpoint is failing, backing off or disabled, one with an
// earlier undelivered event of its object to the same endpoint (its order), one another
// transaction holds, a second job of the same delivery, and a retry of a slow receiver (round
// `alone:<n>`). What the batch sends, it records: every attempt a row, as the handler does.
//
// A slow receiver must not hold the others' outcomes (and the object's next events) back for the
// whole timeout: a request not answered within options.batchAnswerMs (1 s) is abandoned, recorded as an attempt,
// and sent again at once by a job of its own (round `alone:<n>`), which the handler runs with the
// full timeout. The receiver may see it twice (at-least-once; the event id deduplicates).
import type { Tx } from "../db/client.ts";
import type { BatchJob } from "../scheduler/index.ts";
import { failed, send, type Claimed } from "./attempt-delivery.ts";
import { scheduleDeliveries, type DeliveryPayload } from "./delivery-job.ts";
import { webhookOptions, type WebhookOptions } from "./options.ts";
import type { SendResult } from "./send.ts";

/** The round of a retry the batch leaves to the handler (a receiver that was too slow for a batch). */
export const aloneRound = (attempt: number) => `alone:${attempt}`;

/**
 * The handler's first step (decision 0040): a delivery claimed alone (a claim of one job runs its
 * handler, not the batch) in the plain case goes the batch's way, as a batch of one: two
 * statements instead of six, no handler send slot, the batch's answer wait. Whatever the batch
 * leaves (false), the handler does as before; nothing was written then.
 */
export async function attemptDeliveryAsBatch(
  tx: Tx, job: BatchJob<DeliveryPayload>, now: Date, options: WebhookOptions = webhookOptions(),
): Promise<boolean> {
  return (await attemptDeliveries(tx, [job], now, options)).length > 0;
}

/** Sends the deliveries of `jobs` it can send together; returns the jobs whose attempt it made and recorded. */
export async function attemptDeliveries(
  tx: Tx, jobs: ReadonlyArray<BatchJob<DeliveryPayload>>, now: Date, options: WebhookOptions = webhookOptions(),
): Promise<bigint[]> {
  const jobOf = new Map<string, bigint>();
  for (const job of jobs) {
    if (job.payload.round.startsWith("alone:") || jobOf.has(job.payload.deliveryId)) continue;
    jobOf.set(job.payload.deliveryId, job.id);
  }
  if (jobOf.size === 0) return [];
  const rows = await sendable(tx, [...jobOf.keys()], now);
  if (rows.length === 0) return [];
  const answerMs = Math.min(options.timeoutMs, options.batchAnswerMs);
  const results = await Promise.all(rows.map((row) => send(row, { ...options, timeoutMs: answerMs })));
  const outcomes = rows.map((row, i) => {
    const result = results[i]!;
    const slow = result.timedOut === true && answerMs < options.timeoutMs;
    return { row, result: slow ? { ...result, error: `no answer within ${answerMs} ms in a batch; sent again on its own` } : result, slow };
  });
  const slow = outcomes.filter((o) => o.slow);
  const next = await recordOutcomes(tx, outcomes, now);
  // Each delivered (not replayed) delivery wakes the next undelivered event of its object to its
  // endpoint; a slow receiver's delivery is sent again at once, on its own.
  const nextJobs = [
    ...next.map((n) => ({ deliveryId: n.id, attempt: `after:${n.after}` })),
    ...slow.map((o) => ({ deliveryId: o.row.id, attempt: aloneRound(o.row.attempts + 1) })),
  ];
  if (nextJobs.length > 0) await scheduleDeliveries(tx, nextJobs, now);
  // Failures are rare: each as the handler records it (the endpoint's backoff, the next attempt,
  // disabling), reading the endpoint again, since an earlier failure in this batch changed it.
  for (const { row, result } of outcomes.filter((o) => !o.result.ok && !o.slow)) await failedInBatch(tx, row, result, now, options);
  return rows.map((row) => jobOf.get(row.id.toString())!);
}

/** The deliveries among `ids` in the plain case, locked (those another transaction holds are skipped). */
function sendable(tx: Tx, ids: string[], now: Date): Promise<Claimed[]> {
  return tx.$queryRaw<Claimed[]>`
    SELECT d.id, d.event_id, d.ordering_key, d.replay, d.status::text AS status, d.attempts,
           w.id AS endpoint_id, w.owner, w.url, w.secret, w.previous_secret, w.previous_secret_expires_at, w.status::text AS endpoint_status,
           w.failing_since, w.consecutive_failures, w.retry_at,
           e.type, e.object_type, e.object_id, e.data, e.actor, e.created_at
    FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN events e ON e.id = d.event_id
    WHERE d.id = ANY(${ids}::bigint[]) AND d.status = 'pending'
      AND w.status = 'enabled' AND w.consecutive_failures = 0 AND w.failing_since IS NULL AND (w.retry_at IS NULL OR w.retry_at <= ${now})
      AND (d.replay OR NOT EXISTS (
        SELECT 1 FROM webhook_deliveries p
        WHERE p.endpoint_id = d.endpoint_id AND p.ordering_key = d.ordering_key AND p.event_id < d.event_id AND p.status = 'pending' AND NOT p.replay))
    ORDER BY d.id
    FOR UPDATE OF d SKIP LOCKED`;
}

/**
 * In one statement: every attempt's row; the delivered ones marked so (their endpoints are not
 * failing: sendable() saw to it); the slow ones' attempt counted. Returns, for each delivered
 * delivery that is not a replay, the next undelivered delivery of its object to its endpoint.
 */
async function recordOutcomes(
  tx: Tx, outcomes: Array<{ row: Claimed; result: SendResult; slow: boolean }>, now: Date,
): Promise<Array<{ after: bigint; id: bigint }>> {
  const attempts = JSON.stringify(outcomes.map(({ row, result }) => ({
    delivery_id: row.id.toString(), ok: result.ok, status_code: result.statusCode, latency_ms: result.latencyMs,
    error: result.error, response_excerpt: result.responseExcerpt,
  })));
  const ids = (pick: (o: { result: SendResult; slow: boolean }) => boolean) => outcomes.filter(pick).map((o) => o.row.id.toString());
  const slowError = outcomes.find((o) => o.slow)?.result.error ?? null;
  return tx.$queryRaw<Array<{ after: bigint; id: bigint }>>`
    WITH attempts AS (
      INSERT INTO webhook_attempts (delivery_id, attempted_at, ok, status_code, latency_ms, error, response_excerpt)
      SELECT a.delivery_id, ${now}, a.ok, a.status_code, a.latency_ms, a.error, a.response_excerpt
      FROM jsonb_to_recordset(${attempts}::jsonb) AS a(delivery_id bigint, ok boolean, status_code int, latency_ms int, error text, response_excerpt text)
      ORDER BY a.delivery_id
    ), slow AS (
      UPDATE webhook_deliveries SET attempts = attempts + 1, last_error = ${slowError}
      WHERE id = ANY(${ids((o) => o.slow)}::bigint[])
    ), done AS (
      UPDATE webhook_deliveries SET status = 'delivered', delivered_at = ${now}, attempts = attempts + 1, last_error = NULL
      WHERE id = ANY(${ids((o) => o.result.ok)}::bigint[])
      RETURNING id, endpoint_id, ordering_key, event_id, replay
    )
    SELECT done.id AS after, n.id
    FROM done CROSS JOIN LATERAL (
      SELECT id FROM webhook_deliveries n
      WHERE n.endpoint_id = done.endpoint_id AND n.ordering_key = done.ordering_key AND n.event_id > done.event_id
        AND n.status = 'pending' AND NOT n.replay
      ORDER BY n.event_id LIMIT 1
    ) n
    WHERE NOT done.replay
    ORDER BY n.id`;
}

async function failedInBatch(tx: Tx, row: Claimed, result: SendResult, now: Date, options: WebhookOptions): Promise<void> {
  const [endpoint] = await tx.$queryRaw<Array<{ status: string; consecutive_failures: number; failing_since: Date | null }>>`
    SELECT status::text AS status, consecutive_failures, failing_since FROM webhook_endpoints WHERE id = ${row.endpoint_id}`;
  // Disabled by an earlier failure of this batch: that ended this delivery too (failed); its attempt is recorded.
  if (!endpoint || endpoint.status === "disabled") return;
  await failed(tx, { ...row, consecutive_failures: endpoint.consecutive_failures, failing_since: endpoint.failing_since }, result, now, options);
}
