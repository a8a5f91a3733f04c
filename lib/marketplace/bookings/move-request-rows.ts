// Reading a booking's move requests and ending one the guarded way (UPDATE … WHERE status =
// 'pending'), as booking-rows.ts does for bookings. A request leaves `pending` once: accepted or
// declined by the chef, lapsed by its deadline, or withdrawn when the booking is cancelled or an
// operator moves the event.
import type { Tx } from "../../db/client.ts";
import type { BookingMoveRequest, MoveRequestStatus } from "../../db/generated/client.ts";
import { cancelForSubject, type Cancellation } from "../../scheduler/index.ts";
import { subjectOf } from "../subjects.ts";
import { notFound } from "../transitions.ts";

export async function loadMoveRequest(tx: Tx, moveRequestId: number): Promise<BookingMoveRequest> {
  return (await tx.bookingMoveRequest.findUnique({ where: { id: moveRequestId } })) ?? notFound(`move request ${moveRequestId}`);
}

export function pendingMoveOf(tx: Tx, bookingId: number): Promise<BookingMoveRequest | null> {
  return tx.bookingMoveRequest.findFirst({ where: { bookingId, status: "pending" } });
}

/**
 * Ends a pending request as `to`; false when it was no longer pending (its deadline or another
 * call ended it first).
 */
export async function endMoveRequest(
  tx: Tx,
  moveRequestId: number,
  to: Exclude<MoveRequestStatus, "pending">,
  end: { now: Date; by: string; reason: string | null },
): Promise<boolean> {
  const { count } = await tx.bookingMoveRequest.updateMany({
    where: { id: moveRequestId, status: "pending" },
    data: { status: to, endedAt: end.now, endedBy: end.by, endReason: end.reason, updatedAt: end.now },
  });
  return count === 1;
}

/**
 * The first half of withdrawing a booking's pending move, for a use case that is about to change
 * the booking (cancel it, move it as an operator): its answer deadline is cancelled now, with the
 * booking's own jobs (lock order: jobs before business rows, decision 0011). The caller ends the
 * request (endMoveRequest … "withdrawn") after its booking change. Returns the pending request.
 */
export async function stopPendingMove(tx: Tx, bookingId: number, cancellation: Cancellation): Promise<BookingMoveRequest | null> {
  const pending = await pendingMoveOf(tx, bookingId);
  if (pending) await cancelForSubject(tx, subjectOf.moveRequest(pending.id), cancellation);
  return pending;
}
