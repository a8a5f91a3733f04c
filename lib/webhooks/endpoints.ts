// Registering and managing webhook endpoints (the API's and the dashboard's use cases). An
// endpoint belongs to whoever registered it as its key acts ("platform", "customer:3"): it
// receives the events that reader may see, as that reader sees them. Another owner's endpoint
// answers as one that does not exist.
import { z } from "zod";
import type { Db, Tx } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { eventTypes } from "../events/event-types.ts";
import { disableEndpoint } from "./attempt-delivery.ts";
import { lockEndpoint } from "./endpoint-lock.ts";
import { scheduleDeliveries, schedulePumps } from "./delivery-job.ts";
import { webhookOptions } from "./options.ts";
import { newWebhookSecret } from "./signing.ts";
import { checkWebhookUrl, requirePublicHost } from "./url-safety.ts";

export const subscribedTypes = z.array(z.enum(["*", ...eventTypes])).min(1).max(eventTypes.length).meta({ description: 'Event types to send, or ["*"] for every type.' });

export const endpointView = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string().nullable(),
    eventTypes: z.array(z.string()),
    status: z.enum(["enabled", "disabled"]),
    disabledAt: z.string().meta({ format: "date-time" }).nullable(),
    disabledReason: z.string().nullable(),
    failingSince: z.string().meta({ format: "date-time" }).nullable().meta({ description: "Since when every attempt failed; null while healthy." }),
    consecutiveFailures: z.number().int(),
    previousSecretExpiresAt: z.string().meta({ format: "date-time" }).nullable().meta({ description: "Until then, deliveries are signed with the previous secret too." }),
    createdAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "WebhookEndpoint" });
export type EndpointView = z.infer<typeof endpointView>;

type EndpointRow = {
  id: number; url: string; description: string | null; eventTypes: string[]; status: "enabled" | "disabled"; disabledAt: Date | null; disabledReason: string | null;
  failingSince: Date | null; consecutiveFailures: number; previousSecretExpiresAt: Date | null; createdAt: Date;
};
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEndpointView(e: EndpointRow): EndpointView {
  return {
    id: e.id, url: e.url, description: e.description, eventTypes: e.eventTypes, status: e.status, disabledAt: iso(e.disabledAt),
    disabledReason: e.disabledReason, failingSince: iso(e.failingSince), consecutiveFailures: e.consecutiveFailures,
    previousSecretExpiresAt: iso(e.previousSecretExpiresAt), createdAt: e.createdAt.toISOString(),
  };
}

/**
 * Enabled endpoints one owner may have: every event fans out one delivery, job and request per
 * endpoint, so a key looping on POST /webhook-endpoints would otherwise multiply all sending.
 */
export const maxEnabledEndpoints = 20;
/**
 * Endpoints one owner may have in all, disabled ones included: disabling frees an enabled place,
 * so a loop of register-then-disable grew the list (unpaged in the API and the dashboard) and the
 * table without bound. Five times the enabled limit leaves room for rotating URLs and keeping a
 * failed endpoint's history to look at; pruneDisabledEndpoints gives places back (decision 0048).
 */
export const maxEndpoints = 100;

/** The advisory lock's class: "DULW" (webhooks); the object is the owner's hash. */
const ownerLockClass = 0x44554c57;

/** Holds the owner's lock until the caller's transaction ends, so concurrent registrations count one after another. */
async function lockOwner(tx: Tx, owner: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ownerLockClass}::int, hashtext(${owner}))`;
}

/** Refuses one more enabled endpoint past the limit; holds the owner's lock until the caller's transaction ends. */
async function requireRoomForEnabled(tx: Tx, owner: string): Promise<void> {
  await lockOwner(tx, owner);
  const enabled = await tx.webhookEndpoint.count({ where: { owner, status: "enabled" } });
  if (enabled >= maxEnabledEndpoints) {
    throw new DulyError(ErrorCode.WebhookEndpointLimit, `at most ${maxEnabledEndpoints} enabled webhook endpoints per owner (${enabled} now): disable one first`);
  }
}

/** Refuses one more endpoint past the limit of all, disabled ones included (the owner's lock held). */
async function requireRoomForAnother(tx: Tx, owner: string): Promise<void> {
  await lockOwner(tx, owner);
  const all = await tx.webhookEndpoint.count({ where: { owner } });
  if (all >= maxEndpoints) {
    throw new DulyError(
      ErrorCode.WebhookEndpointLimit,
      `at most ${maxEndpoints} webhook endpoints per owner, disabled ones included (${all} now): enable and reuse a disabled one; one disabled for longer than the event retention, with no delivery left, is deleted`,
    );
  }
}

/**
 * Deletes up to `limit` endpoints disabled before `before` (the event retention's cutoff) that no
 * delivery names any more (the retention deleted their finished deliveries first), so the owner's
 * places come back by themselves. Their audit entries stay. Returns how many it deleted.
 */
export async function pruneDisabledEndpoints(tx: Tx, before: Date, limit: number): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM webhook_endpoints
     WHERE id = ANY(ARRAY(
       SELECT endpoint.id FROM webhook_endpoints endpoint
        WHERE endpoint.status = 'disabled' AND endpoint.disabled_at < ${before}
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries delivery WHERE delivery.endpoint_id = endpoint.id)
        ORDER BY endpoint.id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED))`;
}

function inTransaction<T>(db: Db | Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return "$transaction" in db ? db.$transaction(work) : work(db);
}

export async function createEndpoint(
  db: Db | Tx,
  owner: string,
  input: { url: string; eventTypes: string[]; description?: string; apiKeyId?: number },
  now: Date,
): Promise<{ endpoint: EndpointView; secret: string }> {
  const policy = { allowPrivate: webhookOptions().allowPrivate };
  const url = checkWebhookUrl(input.url, policy);
  await requirePublicHost(url, policy);
  const secret = newWebhookSecret();
  const types = input.eventTypes.includes("*") ? ["*"] : [...new Set(input.eventTypes)];
  const created = await inTransaction(db, async (tx) => {
    await requireRoomForAnother(tx, owner);
    await requireRoomForEnabled(tx, owner);
    return tx.webhookEndpoint.create({
      data: { owner, apiKeyId: input.apiKeyId ?? null, url: url.toString(), description: input.description ?? null, eventTypes: types, secret, createdAt: now, updatedAt: now },
    });
  });
  return { endpoint: toEndpointView(created), secret };
}

/** The endpoint if `owner` may manage it (operators pass null: any), else NOT_FOUND. */
export async function loadEndpoint(db: Db | Tx, owner: string | null, endpointId: number) {
  const endpoint = await db.webhookEndpoint.findUnique({ where: { id: endpointId } });
  if (!endpoint || (owner !== null && endpoint.owner !== owner)) throw new DulyError(ErrorCode.NotFound, `webhook endpoint ${endpointId} does not exist`);
  return endpoint;
}

export async function listEndpoints(db: Db | Tx, owner: string): Promise<EndpointView[]> {
  return (await db.webhookEndpoint.findMany({ where: { owner }, orderBy: { id: "asc" } })).map(toEndpointView);
}

/** A new secret; the old one keeps signing (a second v1) for `keepPreviousHours`. */
export async function rotateSecret(tx: Tx, owner: string | null, endpointId: number, keepPreviousHours: number, now: Date) {
  const endpoint = await lockEndpoint(tx, owner, endpointId);
  const secret = newWebhookSecret();
  const keep = keepPreviousHours > 0;
  const updated = await tx.webhookEndpoint.update({
    where: { id: endpoint.id },
    data: {
      secret, previousSecret: keep ? endpoint.secret : null, previousSecretExpiresAt: keep ? new Date(now.getTime() + keepPreviousHours * 3_600_000) : null, updatedAt: now,
    },
  });
  return { endpoint: toEndpointView(updated), secret };
}

export async function setEndpointEnabled(tx: Tx, owner: string | null, endpointId: number, enabled: boolean, now: Date, by: AuditActor, reason: string) {
  const endpoint = await lockEndpoint(tx, owner, endpointId);
  if (!enabled) {
    await disableEndpoint(tx, endpoint.id, reason, now, by);
  } else {
    if (endpoint.status !== "enabled") await requireRoomForEnabled(tx, endpoint.owner);
    await tx.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { status: "enabled", disabledAt: null, disabledReason: null, failingSince: null, consecutiveFailures: 0, retryAt: null, updatedAt: now },
    });
    // Deliveries that waited while it failed have no job of their own: a pump sends them (decision 0044).
    await schedulePumps(tx, [endpoint.id], now);
    await recordAudit(tx, { actor: by, action: "webhook_endpoint.enable", recordType: "webhook_endpoint", recordId: String(endpoint.id), from: endpoint.status, to: "enabled", reason });
  }
  return toEndpointView(await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } }));
}

/**
 * Sends an event again to an endpoint, at once and outside the object's order (the receiver
 * deduplicates by the event's id). Only an event the endpoint's owner may see.
 */
export async function replayEvent(tx: Tx, owner: string | null, endpointId: number, eventId: bigint, now: Date, by: AuditActor) {
  const endpoint = await lockEndpoint(tx, owner, endpointId);
  if (endpoint.status === "disabled") throw new DulyError(ErrorCode.InvalidState, `webhook endpoint ${endpointId} is disabled; enable it first`);
  // Locked as the delivery's foreign key will lock it, before reading: a prune that deleted it
  // first is waited for and the event is then gone (NOT_FOUND, not a foreign-key error); one
  // that comes after skips it (its SKIP LOCKED).
  const locked = await tx.$queryRaw<Array<{ id: bigint }>>`SELECT id FROM events WHERE id = ${eventId} FOR KEY SHARE`;
  const event = locked.length === 0 ? null : await tx.event.findUnique({ where: { id: eventId } });
  if (!event || (endpoint.owner !== "platform" && !event.audience.includes(endpoint.owner))) {
    throw new DulyError(ErrorCode.NotFound, `event ${eventId} does not exist`);
  }
  const delivery = await tx.webhookDelivery.create({
    data: { endpointId: endpoint.id, eventId: event.id, orderingKey: event.orderingKey, replay: true, nextAttemptAt: now, createdAt: now },
  });
  await scheduleDeliveries(tx, [{ deliveryId: delivery.id, attempt: 0 }], now);
  await recordAudit(tx, { actor: by, action: "webhook.replay", recordType: "webhook_endpoint", recordId: String(endpoint.id), to: { eventId: event.id.toString(), deliveryId: delivery.id.toString() } });
  return { deliveryId: delivery.id.toString(), eventId: event.id.toString(), endpointId: endpoint.id };
}

export const deliveryView = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    replay: z.boolean(),
    attempts: z.array(
      z.object({ at: z.string().meta({ format: "date-time" }), ok: z.boolean(), statusCode: z.number().int().nullable(), latencyMs: z.number().int(), error: z.string().nullable(), responseExcerpt: z.string().nullable() }),
    ),
    nextAttemptAt: z.string().meta({ format: "date-time" }).nullable(),
    createdAt: z.string().meta({ format: "date-time" }),
    deliveredAt: z.string().meta({ format: "date-time" }).nullable(),
  })
  .meta({ id: "WebhookDelivery" });
export type DeliveryView = z.infer<typeof deliveryView>;

/**
 * The latest delivery rows of an endpoint (newest first), failing ones first when `failingFirst`,
 * with every attempt and the event's type and record (the dashboard links the record).
 */
export async function latestDeliveryRows(db: Db | Tx, endpointId: number, limit: number, failingFirst = false) {
  return db.webhookDelivery.findMany({
    where: { endpointId },
    orderBy: failingFirst ? [{ status: "desc" }, { id: "desc" }] : [{ id: "desc" }],
    take: limit,
    include: { event: { select: { type: true, objectType: true, objectId: true, orderingKey: true } }, attemptRows: { orderBy: { id: "asc" } } },
  });
}

/** The latest deliveries of an endpoint as the API shows them (latestDeliveryRows). */
export async function listDeliveries(db: Db | Tx, endpointId: number, limit: number, failingFirst = false): Promise<DeliveryView[]> {
  return (await latestDeliveryRows(db, endpointId, limit, failingFirst)).map(toDeliveryView);
}

type DeliveryRow = Awaited<ReturnType<typeof latestDeliveryRows>>[number];

/** The delivery as the API shows it (the dashboard adds its own links beside it, lib/operations/webhooks.ts). */
export function toDeliveryView(d: DeliveryRow): DeliveryView {
  return {
    id: d.id.toString(), eventId: d.eventId.toString(), eventType: d.event.type, status: d.status, replay: d.replay,
    attempts: d.attemptRows.map((a) => ({
      at: a.attemptedAt.toISOString(), ok: a.ok, statusCode: a.statusCode, latencyMs: a.latencyMs, error: a.error, responseExcerpt: a.responseExcerpt,
    })),
    nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null, createdAt: d.createdAt.toISOString(), deliveredAt: iso(d.deliveredAt),
  };
}
