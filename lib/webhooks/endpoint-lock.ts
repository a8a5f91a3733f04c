// The one way an endpoint action (enable, disable, rotate the secret, replay, delete) takes its
// endpoint: its row locked before anything is read or written (docs/decisions/0052).
//
// Lock order, everywhere: an endpoint's row first, then its delivery rows. A path that holds an
// endpoint's row never waits for one of its delivery rows another transaction holds: a delivery
// attempt holds its delivery's row while the receiver answers and then takes the endpoint's row to
// record the outcome (attempt-delivery.ts failed()), so waiting for it would close a cycle
// (40P01). Disabling skips a delivery an attempt holds (that attempt sees the endpoint disabled
// and ends its delivery itself); deleting refuses while one is held (INVALID_STATE, retry).
//
// Locked first, the endpoint cannot go between the read and the write: a prune or delete that
// committed first leaves no row (NOT_FOUND, as for one that never existed), one that comes later
// waits (a delete) or skips it (the prune's SKIP LOCKED).
import type { Tx } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";

/**
 * "write": FOR NO KEY UPDATE, for an action that changes the endpoint or adds a delivery (an
 * event's fan-out, which only takes FOR KEY SHARE, goes on meanwhile). "delete": FOR UPDATE, which
 * also waits for fan-outs in progress and holds new ones off until the delete commits.
 */
export type EndpointLock = "write" | "delete";

/** The endpoint, its row locked until the caller's transaction ends, if `owner` may manage it (operators pass null: any); else NOT_FOUND. */
export async function lockEndpoint(tx: Tx, owner: string | null, endpointId: number, lock: EndpointLock = "write") {
  const locked = lock === "delete"
    ? await tx.$queryRaw<Array<{ id: number }>>`SELECT id FROM webhook_endpoints WHERE id = ${endpointId} FOR UPDATE`
    : await tx.$queryRaw<Array<{ id: number }>>`SELECT id FROM webhook_endpoints WHERE id = ${endpointId} FOR NO KEY UPDATE`;
  const endpoint = locked.length === 0 ? null : await tx.webhookEndpoint.findUnique({ where: { id: endpointId } });
  if (!endpoint || (owner !== null && endpoint.owner !== owner)) throw new DulyError(ErrorCode.NotFound, `webhook endpoint ${endpointId} does not exist`);
  return endpoint;
}
