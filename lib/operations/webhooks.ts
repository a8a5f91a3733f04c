// The dashboard's webhooks page: every endpoint, the ones in trouble first (disabled, then
// failing), each with its latest deliveries (failing ones first) and every attempt; and the
// operator's actions on them (replay an event, enable or disable an endpoint), each checking
// what the operator's page saw and writing its audit entry in the same transaction.
import type { Db } from "../db/client.ts";
import type { AuditActor } from "../audit/audit-log.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { listDeliveries, replayEvent, setEndpointEnabled, toEndpointView, type DeliveryView, type EndpointView } from "../webhooks/endpoints.ts";

export interface EndpointOverview extends EndpointView {
  owner: string;
  deliveries: DeliveryView[];
}

/** Trouble first: disabled, then failing (most failures first), then healthy by id. */
export async function webhooksOverview(db: Db, deliveriesPerEndpoint = 10): Promise<EndpointOverview[]> {
  const endpoints = await db.webhookEndpoint.findMany({ orderBy: [{ status: "desc" }, { consecutiveFailures: "desc" }, { id: "asc" }] });
  return Promise.all(
    endpoints.map(async (endpoint) => ({
      ...toEndpointView(endpoint),
      owner: endpoint.owner,
      deliveries: await listDeliveries(db, endpoint.id, deliveriesPerEndpoint, true),
    })),
  );
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
