// DELETE /webhook-endpoints/{id} (and the dashboard's Delete): the endpoint goes for good, as the
// retention's prune deletes a long-disabled one (decision 0048), with its deliveries and their
// attempts (the foreign keys cascade), and the jobs that would send them are cancelled. The audit
// entry stays and names what was deleted (docs/decisions/0052).
import type { Tx } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { cancelForSubjects } from "../scheduler/index.ts";
import { lockEndpoint } from "./endpoint-lock.ts";

/**
 * Takes every delivery row of the endpoint without waiting; false when an attempt holds one (it is
 * sending right now, and records its outcome under the endpoint's row, which the caller holds:
 * waiting for it would deadlock; lock order, endpoint-lock.ts).
 */
async function lockAllDeliveries(tx: Tx, endpointId: number): Promise<{ ids: bigint[]; allLocked: boolean }> {
  const [row] = await tx.$queryRaw<Array<{ ids: bigint[]; total: number }>>`
    SELECT ARRAY(SELECT id FROM webhook_deliveries WHERE endpoint_id = ${endpointId} ORDER BY id FOR UPDATE SKIP LOCKED) AS ids,
           (SELECT count(*)::int FROM webhook_deliveries WHERE endpoint_id = ${endpointId}) AS total`;
  return { ids: row!.ids, allLocked: row!.ids.length === row!.total };
}

/** Deletes the endpoint `owner` may manage (operators pass null: any); NOT_FOUND when it is not there. */
export async function deleteEndpoint(tx: Tx, owner: string | null, endpointId: number, now: Date, by: AuditActor): Promise<{ id: number; deleted: true }> {
  // FOR UPDATE: also holds an event's fan-out off, so no delivery is added behind the check below.
  const endpoint = await lockEndpoint(tx, owner, endpointId, "delete");
  const deliveries = await lockAllDeliveries(tx, endpoint.id);
  if (!deliveries.allLocked) {
    throw new DulyError(ErrorCode.InvalidState, `webhook endpoint ${endpointId} is being sent a delivery right now; nothing was deleted: retry in a few seconds (or disable it first)`);
  }
  // The pumps (subject: the endpoint) and each delivery's own jobs (retries, replays). A job that
  // is running is left: it finds its delivery or endpoint gone and ends.
  await cancelForSubjects(
    tx,
    [{ type: "webhook-endpoint", id: String(endpoint.id) }, ...deliveries.ids.map((id) => ({ type: "webhook-delivery", id: id.toString() }))],
    { actor: by.email, reason: `webhook endpoint ${endpoint.id} was deleted`, now },
  );
  await tx.$executeRaw`DELETE FROM webhook_endpoints WHERE id = ${endpoint.id}`;
  await recordAudit(tx, {
    actor: by, action: "webhook_endpoint.delete", recordType: "webhook_endpoint", recordId: String(endpoint.id),
    from: { url: endpoint.url, owner: endpoint.owner, status: endpoint.status, deliveries: deliveries.ids.length }, to: "deleted",
  });
  return { id: endpoint.id, deleted: true };
}
