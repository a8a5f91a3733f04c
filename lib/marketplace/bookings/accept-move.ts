// The chef accepts a customer's move request before its deadline: the event moves, and with it
// the agreed terms (agreed_event_at: the late-cancellation share is judged against the new time,
// which the chef agreed to) and a paid booking's close, in one transaction. The new time must
// still be free in the chef's calendar; the database's constraint decides a race.
import { recordBookingEvent } from "../events.ts";
import { z } from "zod";
import { DulyError, ErrorCode } from "../../errors.ts";
import { cancelForSubject, shiftForSubject } from "../../scheduler/index.ts";
import { actorLabel } from "../actor.ts";
import { checkNow, inTransaction, parseInput, StaleRead, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import { toMoveRequestView, type MoveRequestView } from "../move-request-view.ts";
import { subjectOf } from "../subjects.ts";
import { refuseTransition } from "../transitions.ts";
import { loadBooking, requireParty } from "./booking-rows.ts";
import { holdingChefTime, requireChefFree } from "./chef-time.ts";
import { endMoveRequest, loadMoveRequest } from "./move-request-rows.ts";
import { agreedStatuses } from "./request-move.ts";

export const acceptMoveInput = z.strictObject({ moveRequestId: recordId });
export type AcceptMoveInput = z.input<typeof acceptMoveInput>;

export async function acceptMove(context: UseCaseContext, input: AcceptMoveInput): Promise<MoveRequestView> {
  const now = checkNow(context.now);
  const { moveRequestId } = parseInput(acceptMoveInput, input, "accept move");
  return inTransaction(context.db, async (tx) => {
    const request = await loadMoveRequest(tx, moveRequestId);
    const booking = await loadBooking(tx, request.bookingId);
    requireParty(context.actor, booking, ["chef"], "answering a move request", `move request ${request.id}`);
    requireAnswerable(request, now);
    if (!(agreedStatuses as readonly string[]).includes(booking.status)) {
      refuseTransition(`booking ${booking.id}`, booking.status, "accepting a move", agreedStatuses);
    }
    if (booking.eventAt <= now || request.eventAt <= now) {
      throw new DulyError(ErrorCode.InvalidState, `booking ${booking.id}'s event (or the proposed one) has started; the move can no longer be accepted`);
    }
    await requireChefFree(tx, { chefId: booking.chefId, eventAt: request.eventAt, durationMinutes: booking.durationMinutes, exceptBookingId: booking.id }, true);
    const by = actorLabel(context.actor);
    // Jobs first (lock order): the answer deadline goes, a paid booking's close moves.
    await cancelForSubject(tx, subjectOf.moveRequest(request.id), { actor: by, reason: "move accepted", now });
    const offsetMs = request.eventAt.getTime() - booking.eventAt.getTime();
    if (booking.status === "paid" && offsetMs !== 0) await shiftForSubject(tx, subjectOf.booking(booking.id), offsetMs);
    const { count } = await holdingChefTime(booking.chefId, () =>
      tx.booking.updateMany({
        where: { id: booking.id, status: booking.status, eventAt: booking.eventAt },
        data: { eventAt: request.eventAt, timeZone: request.timeZone, agreedEventAt: request.eventAt, updatedAt: now, eventMovedAt: now, eventMovedBy: by },
      }),
    );
    if (count === 0) throw new StaleRead(`booking ${booking.id}`, (await loadBooking(tx, booking.id)).status);
    await recordBookingEvent(tx, await loadBooking(tx, booking.id), "booking.moved", by, now);
    if (!(await endMoveRequest(tx, request.id, "accepted", { now, by, reason: null }))) {
      throw new StaleRead(`move request ${request.id}`, (await loadMoveRequest(tx, request.id)).status);
    }
    return toMoveRequestView(await loadMoveRequest(tx, request.id));
  });
}

/** A request the chef may still answer: pending, and its deadline not reached (the clock decides, decision 0011). */
export function requireAnswerable(request: { id: number; status: string; answerBy: Date }, now: Date): void {
  if (request.status !== "pending") refuseTransition(`move request ${request.id}`, request.status, "answering", ["pending"]);
  if (now >= request.answerBy) {
    throw new DulyError(ErrorCode.InvalidState, `move request ${request.id} is pending but its answer deadline passed at ${request.answerBy.toISOString()}`);
  }
}
