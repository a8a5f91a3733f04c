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
import { pendingJobDueBy, type BatchJob } from "../scheduler/index.ts";
import { failed, send, type Claimed } from "./attempt-delivery.ts";
import {
  deliveryJobName, isPump, scheduleDeliveries, schedulePumps, type DeliveryJobPayload, type DeliveryPayload, type PumpPayload,
} from "./delivery-job.ts";
import { webhookOptions, type WebhookOptions } from "./options.ts";
import type { SendResult } from "./send.ts";
import { claimedDeliveries, healthyEndpoint, objectsTurn } from "./delivery-sql.ts";

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

/**
 * The job type's batch: the pumps among `jobs` (decision 0044) send their endpoints' pending first
 * attempts; the one-delivery jobs (retries, replays, a slow receiver's resend, an object's next
 * delivery woken by the handler) are sent together as before (decision 0035). Returns the jobs it
 * did: every pump, and each one-delivery job whose attempt it made and recorded.
 */
export async function attemptDeliveries(
  tx: Tx, jobs: ReadonlyArray<BatchJob<DeliveryJobPayload>>, now: Date, options: WebhookOptions = webhookOptions(),
): Promise<bigint[]> {
  const done: bigint[] = [];
  const singles: Array<BatchJob<DeliveryPayload>> = [];
  const pumps: Array<BatchJob<PumpPayload>> = [];
  for (const job of jobs) {
    if (isPump(job.payload)) pumps.push({ ...job, payload: job.payload });
    else singles.push({ ...job, payload: job.payload });
  }
  if (singles.length > 0) done.push(...(await attemptSingles(tx, singles, now, options)));
  if (pumps.length > 0) {
    await pumpEndpoints(tx, pumps.map((job) => job.payload.endpointId), now, options);
    done.push(...pumps.map((job) => job.id));
  }
  return done;
}

async function attemptSingles(
  tx: Tx, jobs: ReadonlyArray<BatchJob<DeliveryPayload>>, now: Date, options: WebhookOptions,
): Promise<bigint[]> {
  const jobOf = new Map<string, bigint>();
  for (const job of jobs) {
    if (job.payload.round.startsWith("alone:") || jobOf.has(job.payload.deliveryId)) continue;
    jobOf.set(job.payload.deliveryId, job.id);
  }
  if (jobOf.size === 0) return [];
  const rows = await sendable(tx, [...jobOf.keys()], now);
  if (rows.length === 0) return [];
  await sendAndRecord(tx, rows, now, options, true);
  return rows.map((row) => jobOf.get(row.id.toString())!);
}

/**
 * Sends `rows` (locked, plain case) concurrently and records every outcome. `wakeNext`: each
 * delivered delivery schedules its object's next one (a one-delivery job's way; a pump instead
 * makes sure a pump follows, which takes it).
 */
async function sendAndRecord(tx: Tx, rows: Claimed[], now: Date, options: WebhookOptions, wakeNext: boolean): Promise<void> {
  const answerMs = Math.min(options.timeoutMs, options.batchAnswerMs);
  const results = await Promise.all(rows.map((row) => send(row, { ...options, timeoutMs: answerMs })));
  const outcomes = rows.map((row, i) => {
    const result = results[i]!;
    const slow = result.timedOut === true && answerMs < options.timeoutMs;
    return { row, result: slow ? { ...result, error: `no answer within ${answerMs} ms in a batch; sent again on its own` } : result, slow };
  });
  const slow = outcomes.filter((o) => o.slow);
  const next = await recordOutcomes(tx, outcomes, now, wakeNext);
  // Each delivered (not replayed) delivery wakes the next undelivered event of its object to its
  // endpoint; a slow receiver's delivery is sent again at once, on its own.
  const nextJobs = [
    ...next.map((n) => ({ deliveryId: n.id, attempt: `after:${n.after}` })),
    ...slow.map((o) => ({ deliveryId: o.row.id, attempt: aloneRound(o.row.attempts + 1) })),
  ];
  if (nextJobs.length > 0) await scheduleDeliveries(tx, nextJobs, now);
  // Failures are rare: each as the handler records it (the endpoint's backoff, the next attempt,
  // disabling), reading the endpoint again, since an earlier failure in this batch changed it.
  for (const { row, result } of outcomes.filter((o) => !o.result.ok && !o.slow)) await failed(tx, row, result, now, options);
}

/**
 * At most this many deliveries per pump, sent at once: a group's limit. 128 made a backlogged pump send so
 * many at once that answers on a busy machine passed batchAnswerMs, and every cut-off became a resend
 * of its own (bench/RESULTS.md, "Webhook pumps": CPU per event doubled).
 */
export const pumpBatchSize = 32;
/** A pump that could send nothing although deliveries wait (others hold them or their object's turn) looks again this much later. */
export const pumpRetryMs = 1_000;

/**
 * Each endpoint's pump (decision 0044): its pending first attempts in the plain case (as
 * sendable() below: the endpoint healthy, the object's earlier events delivered), oldest first,
 * at most pumpBatchSize, sent and recorded as a batch; then, if any first attempt is still
 * pending, another pump is made sure of (at once after progress, pumpRetryMs later without).
 * Retries, replays and slow receivers' resends stay one-delivery jobs (attempts > 0 or replay
 * jobs): the pump leaves deliveries with attempts behind them alone.
 */
export async function pumpEndpoints(tx: Tx, endpointIds: readonly number[], now: Date, options: WebhookOptions = webhookOptions()): Promise<void> {
  for (const endpointId of new Set(endpointIds)) {
    const rows = await pendingFirstAttempts(tx, endpointId, now);
    if (rows.length > 0) await sendAndRecord(tx, rows, now, options, false);
    await afterPump(tx, endpointId, now, rows.length > 0);
  }
}

function pendingFirstAttempts(tx: Tx, endpointId: number, now: Date): Promise<Claimed[]> {
  // webhook_deliveries_pending_idx ((endpoint_id, id) WHERE status = 'pending') keeps this off
  // the endpoint's delivered history.
  return tx.$queryRaw<Claimed[]>`
    ${claimedDeliveries}
    WHERE d.endpoint_id = ${endpointId} AND d.status = 'pending' AND d.attempts = 0 AND d.next_attempt_at <= ${now}
      AND ${healthyEndpoint(now)} AND ${objectsTurn}
    ORDER BY d.id
    LIMIT ${pumpBatchSize}
    FOR UPDATE OF d SKIP LOCKED`;
}

/**
 * What must follow this pump, read in one statement without locks:
 * - another pump, if a first attempt of the endpoint is still pending and due and the endpoint
 *   is healthy (one another pump holds counts too, so nothing is left behind if that pump rolls
 *   back), unless a pending pump of the endpoint is due by then (it will look); at once after
 *   progress, pumpRetryMs later without.
 * - a probe, if the pump sent nothing because the endpoint is failing. Its pending deliveries
 *   wait for one probe at a time (decision 0029), which the handler sends: its failed delivery's
 *   next attempt normally is that probe (failed() schedules it). This makes sure one exists: a
 *   job for the endpoint's delivery with the most attempts (the failed one; else the oldest),
 *   keyed as failed() keys it, so an existing one is left as it is. Its success makes the
 *   endpoint healthy and schedules a pump for the rest (attempt-delivery.ts).
 */
async function afterPump(tx: Tx, endpointId: number, now: Date, progressed: boolean): Promise<void> {
  const at = progressed ? now : new Date(now.getTime() + pumpRetryMs);
  const [state] = await tx.$queryRaw<Array<{ waiting: boolean; probe_id: bigint | null; probe_attempts: number | null; retry_at: Date | null }>>`
    SELECT EXISTS (
             SELECT 1 FROM webhook_deliveries d
             WHERE d.endpoint_id = w.id AND d.status = 'pending' AND d.attempts = 0 AND d.next_attempt_at <= ${at}
           ) AND ${healthyEndpoint(at)} AS waiting,
           p.id AS probe_id, p.attempts AS probe_attempts, w.retry_at
    FROM webhook_endpoints w
    LEFT JOIN LATERAL (
      SELECT d.id, d.attempts FROM webhook_deliveries d
      WHERE d.endpoint_id = w.id AND d.status = 'pending' AND NOT ${progressed}
        AND w.status = 'enabled' AND NOT ${healthyEndpoint(now)}
      ORDER BY d.attempts DESC, d.id
      LIMIT 1
    ) p ON true
    WHERE w.id = ${endpointId}`;
  if (!state) return;
  if (state.waiting && !(await pendingJobDueBy(tx, deliveryJobName, { endpointId, pump: true }, at))) await schedulePumps(tx, [endpointId], at);
  if (state.probe_id !== null) {
    const probeAt = state.retry_at && state.retry_at > now ? state.retry_at : now;
    await scheduleDeliveries(tx, [{ deliveryId: state.probe_id, attempt: state.probe_attempts ?? 0 }], probeAt);
  }
}

/** The deliveries among `ids` in the plain case, locked (those another transaction holds are skipped). */
function sendable(tx: Tx, ids: string[], now: Date): Promise<Claimed[]> {
  return tx.$queryRaw<Claimed[]>`
    ${claimedDeliveries}
    WHERE d.id = ANY(${ids}::bigint[]) AND d.status = 'pending' AND ${healthyEndpoint(now)} AND ${objectsTurn}
    ORDER BY d.id
    FOR UPDATE OF d SKIP LOCKED`;
}

/**
 * In one statement: every attempt's row; the delivered ones marked so (their endpoints are not
 * failing: sendable() saw to it); the slow ones' attempt counted. Returns, for each delivered
 * delivery that is not a replay, the next undelivered delivery of its object to its endpoint.
 */
async function recordOutcomes(
  tx: Tx, outcomes: Array<{ row: Claimed; result: SendResult; slow: boolean }>, now: Date, wakeNext: boolean,
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
    WHERE NOT done.replay AND ${wakeNext}
    ORDER BY n.id`;
}
