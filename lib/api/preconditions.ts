// ETags and If-Match for bookings (issue 14, item 7). A booking's ETag is a digest of its row but
// its metadata (md5 of the row as JSON; the connection's TimeZone is fixed to UTC,
// lib/db/client.ts), so it changes exactly when something in the booking's terms or state does
// (an integrator's own ids are not terms a party agreed to), and reveals nothing (xmin, used by the
// dashboard's stale-page check, would tell any key how many transactions the database runs).
//
// `If-Match` on accept, decline, pay, move and cancel: in the request's transaction, before the
// use case, the booking is locked as the dashboard locks it (decision 0011's order: its jobs
// first, then the row; both SKIP LOCKED, so a booking a deadline is running on answers 409
// RECORD_BUSY at once instead of waiting or deadlocking), its digest compared, and a mismatch
// answered 412 PRECONDITION_FAILED with nothing written. The lock holds until the use case has
// acted on exactly the version the caller read: without it, a move committed between the check
// and the use case's own read would still be bound by an accept that named the older version.
// A booking the caller may not see is left to the use case, which answers 404 as for any id.
import type { DbOrTx, Tx } from "../db/client.ts";
import { subjectOf } from "../marketplace/index.ts";
import { lockJobsOfSubject } from "../scheduler/admin/index.ts";
import type { ActingParty } from "./acting-party.ts";
import { ApiError, ApiErrorCode } from "./errors.ts";

const etagOf = (digest: string) => `"${digest}"`;

/** The booking's ETag, or undefined when there is no such booking. */
export async function bookingEtag(db: DbOrTx, bookingId: number): Promise<string | undefined> {
  const [row] = await db.$queryRaw<Array<{ digest: string }>>`SELECT md5((to_jsonb(b) - 'metadata')::text) AS digest FROM bookings b WHERE b.id = ${bookingId}`;
  return row ? etagOf(row.digest) : undefined;
}

/**
 * The entity tags an If-Match header names (`"a", "b"`), or "*" for any. Weak tags (`W/"a"`) are
 * kept as they are, so they never match: If-Match compares strongly (RFC 9110, 13.1.1).
 */
export function parseIfMatch(header: string | null): string[] | "*" | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (value === "*") return "*";
  const tags = value.split(",").map((tag) => tag.trim());
  if (value.length > 1_000 || tags.some((tag) => !/^(W\/)?"[\x21\x23-\x7e]*"$/.test(tag))) {
    throw new ApiError(ApiErrorCode.InvalidInput, 'If-Match must be "*" or a list of ETags as answered, such as "5d41402abc4b2a76b9719d911017c592"', undefined, "If-Match");
  }
  return tags;
}

function mayRead(party: ActingParty | undefined, row: { customer_id: number; chef_id: number }): boolean {
  if (party === undefined) return true; // the platform
  return party.kind === "customer" ? party.customerId === row.customer_id : party.chefId === row.chef_id;
}

/** Refuses unless the booking is still the version the caller read (see the header comment). */
export async function requireBookingIfMatch(tx: Tx, bookingId: number, party: ActingParty | undefined, expected: string[] | "*"): Promise<void> {
  const jobs = await lockJobsOfSubject(tx, subjectOf.booking(bookingId), { busy: "skip" });
  const [row] = await tx.$queryRaw<Array<{ digest: string; customer_id: number; chef_id: number }>>`
    SELECT md5((to_jsonb(b) - 'metadata')::text) AS digest, customer_id, chef_id FROM bookings b WHERE b.id = ${bookingId} FOR UPDATE SKIP LOCKED`;
  if (!row) {
    const [seen] = await tx.$queryRaw<Array<{ customer_id: number; chef_id: number }>>`SELECT customer_id, chef_id FROM bookings WHERE id = ${bookingId}`;
    if (!seen || !mayRead(party, seen)) return; // the use case answers 404
  } else if (!mayRead(party, row)) {
    return;
  }
  if (!row || jobs.held.length > 0) {
    throw new ApiError(ApiErrorCode.RecordBusy, `booking ${bookingId} is being changed right now (a deadline is running on it); nothing was done: read it again in a moment and retry`, undefined, "If-Match");
  }
  const current = etagOf(row.digest);
  if (expected !== "*" && !expected.includes(current)) {
    throw new ApiError(
      ApiErrorCode.PreconditionFailed,
      `booking ${bookingId} changed since you read it (If-Match ${expected.join(", ")}; it is now ${current}); nothing was done: read it again and decide on what it is now`,
      undefined,
      "If-Match",
    );
  }
}
