// The dashboard's webhooks page: every endpoint, the ones in trouble first (disabled, then
// failing), each with its latest deliveries (failing ones first) and every attempt; and the
// operator's actions on them (replay an event, enable, disable or delete an endpoint), each checking
// what the operator's page saw and writing its audit entry in the same transaction.
import type { Db } from "../db/client.ts";
import type { AuditActor } from "../audit/audit-log.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { latestDeliveryRows, replayEvent, setEndpointEnabled, toDeliveryView, toEndpointView, type DeliveryView, type EndpointView } from "../webhooks/endpoints.ts";
import { deleteEndpoint } from "../webhooks/delete-endpoint.ts";
import { subjectHref } from "../format/subject-links.ts";
import { jobsOfSubjects } from "../scheduler/admin/index.ts";

/** A link the page shows; `href` null when the record has nowhere to go. */
export interface RecordLink {
  label: string;
  href: string | null;
}

/**
 * A delivery as the dashboard shows it: the API's view (unchanged, the WebhookDelivery schema)
 * plus links to the record its event is about and to the job that sends it (docs/dashboard.md:
 * deliveries are linked to their records).
 */
export interface DeliveryOverview extends DeliveryView {
  object: RecordLink;
  job: RecordLink | null;
}

export interface EndpointOverview extends EndpointView {
  owner: string;
  deliveries: DeliveryOverview[];
}

/**
 * Where an event's record lives: a booking's or dispute's page, an auction's jobs (subjectHref).
 * A bid has neither: its auction's jobs, read from the ordering key its events share ("auction:5").
 */
export function eventObjectLink(objectType: string, objectId: number, orderingKey: string): RecordLink {
  const label = `${objectType} ${objectId}`;
  if (objectType === "booking" || objectType === "dispute" || objectType === "auction") return { label, href: subjectHref(objectType, String(objectId)) };
  const auction = objectType === "bid" ? /^auction:(\d+)$/.exec(orderingKey) : null;
  return { label, href: auction ? subjectHref("auction", auction[1]!) : null };
}

/**
 * The job that sends a delivery: its latest own job (a retry's or a replay's, subject
 * webhook-delivery:<id>, delivery-job.ts); a first attempt has none, the endpoint's pump sent it
 * (decision 0044), so its pump jobs; a replay whose job the retention deleted, none.
 */
function deliveryJobLink(delivery: DeliveryView, endpointId: number, latestJob: Map<string, bigint>): RecordLink | null {
  const jobId = latestJob.get(delivery.id);
  if (jobId !== undefined) return { label: `job ${jobId}`, href: `/jobs/${jobId}` };
  return delivery.replay ? null : { label: "pump jobs", href: subjectHref("webhook-endpoint", String(endpointId)) };
}

/** Trouble first: disabled, then failing (most failures first), then healthy by id. */
export async function webhooksOverview(db: Db, deliveriesPerEndpoint = 10): Promise<EndpointOverview[]> {
  const endpoints = await db.webhookEndpoint.findMany({ orderBy: [{ status: "desc" }, { consecutiveFailures: "desc" }, { id: "asc" }] });
  const withDeliveries = await Promise.all(
    endpoints.map(async (endpoint) => ({
      endpoint,
      rows: await latestDeliveryRows(db, endpoint.id, deliveriesPerEndpoint, true),
    })),
  );
  // One read for every shown delivery's jobs (the subject index); the highest id is the latest.
  const deliveryIds = withDeliveries.flatMap(({ rows }) => rows.map((d) => d.id.toString()));
  const jobs = await jobsOfSubjects(db, deliveryIds.map((id) => ({ type: "webhook-delivery", id })));
  const latestJob = new Map<string, bigint>();
  for (const job of jobs) {
    const id = BigInt(job.id);
    if ((latestJob.get(job.subjectId) ?? 0n) < id) latestJob.set(job.subjectId, id);
  }
  return withDeliveries.map(({ endpoint, rows }) => ({
    ...toEndpointView(endpoint),
    owner: endpoint.owner,
    deliveries: rows.map((row) => {
      const view = toDeliveryView(row);
      return { ...view, object: eventObjectLink(row.event.objectType, row.event.objectId, row.event.orderingKey), job: deliveryJobLink(view, endpoint.id, latestJob) };
    }),
  }));
}

/**
 * The stale-page check: the endpoint must still be as the page showed it (enabled or disabled);
 * otherwise nothing is done and the operator is told what changed.
 */
async function lockAsSeen(tx: Parameters<Parameters<Db["$transaction"]>[0]>[0], endpointId: number, seenStatus: "enabled" | "disabled") {
  const [row] = await tx.$queryRaw<Array<{ status: string; disabled_reason: string | null }>>`
    SELECT status::text AS status, disabled_reason FROM webhook_endpoints WHERE id = ${endpointId} FOR UPDATE`;
  if (!row) throw new DulyError(ErrorCode.NotFound, `webhook endpoint ${endpointId} does not exist`);
  if (row.status !== seenStatus) {
    const how = row.status === "disabled" ? `it was disabled (${row.disabled_reason ?? "no reason given"})` : "it was enabled again";
    throw new DulyError(ErrorCode.StaleRecord, `webhook endpoint ${endpointId} changed since your page showed it: ${how}. Nothing was changed; reload the page to see it as it is now.`);
  }
}

export async function replayAsOperator(
  db: Db,
  operator: AuditActor,
  input: { endpointId: number; eventId: bigint; seenStatus: "enabled" | "disabled"; now: Date },
): Promise<{ deliveryId: string }> {
  return db.$transaction(async (tx) => {
    await lockAsSeen(tx, input.endpointId, input.seenStatus);
    return replayEvent(tx, null, input.endpointId, input.eventId, input.now, operator);
  });
}

export async function setEnabledAsOperator(
  db: Db,
  operator: AuditActor,
  input: { endpointId: number; enabled: boolean; seenStatus: "enabled" | "disabled"; reason: string; now: Date },
): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockAsSeen(tx, input.endpointId, input.seenStatus);
    await setEndpointEnabled(tx, null, input.endpointId, input.enabled, input.now, operator, input.reason);
  });
}

/** Deletes the endpoint for good (lib/webhooks/delete-endpoint.ts), if it is still as the page showed it. */
export async function deleteAsOperator(
  db: Db,
  operator: AuditActor,
  input: { endpointId: number; seenStatus: "enabled" | "disabled"; now: Date },
): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockAsSeen(tx, input.endpointId, input.seenStatus);
    await deleteEndpoint(tx, null, input.endpointId, input.now, operator);
  });
}
