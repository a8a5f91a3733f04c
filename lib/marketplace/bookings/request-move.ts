// The customer asks to move an accepted or paid event. Nothing about the booking changes: its
// event time, its deadlines (the payment deadline, the close at the agreed time) and the
// cancellation terms stay as agreed until the chef accepts (accept-move.ts). The chef answers
// before the policy's time (24 h) and never after the event itself starts; on silence the
// request lapses (its deadline job, lapse-move-request.ts). One request at a time per booking.
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { DulyError, ErrorCode } from "../../errors.ts";
import { actorLabel } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import { instant, recordId, timeZone } from "../inputs.ts";
import { moveAnswerDeadline, scheduleDeadline } from "../job-declarations.ts";
import { toMoveRequestView, type MoveRequestView } from "../move-request-view.ts";
import { refuseTransition } from "../transitions.ts";
import { loadBooking, requireParty } from "./booking-rows.ts";
import { requireChefFree } from "./chef-time.ts";
import { pendingMoveOf } from "./move-request-rows.ts";
import { requireNotice } from "./request-booking.ts";

export const requestMoveInput = z.strictObject({ bookingId: recordId, eventAt: instant, timeZone: timeZone.optional() });
export type RequestMoveInput = z.input<typeof requestMoveInput>;

/** Statuses whose event time the chef agreed to: moving it needs the chef's yes. */
export const agreedStatuses = ["accepted", "paid"] as const;

export async function requestMove(context: UseCaseContext, input: RequestMoveInput): Promise<MoveRequestView> {
  const now = checkNow(context.now);
  const move = parseInput(requestMoveInput, input, "request move");
  const eventAt = new Date(move.eventAt);
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    // The booking's row first: two requests at once take turns, and the second sees the first.
    await touchBooking(tx, move.bookingId, now);
    const booking = await loadBooking(tx, move.bookingId);
    requireParty(context.actor, booking, ["customer"], "requesting a move");
    if (booking.status === "requested") {
      throw new DulyError(
        ErrorCode.InvalidState,
        `booking ${booking.id} is requested: the chef has agreed to nothing yet, so move it directly (POST /api/v1/bookings/${booking.id}/move)`,
      );
    }
    if (!(agreedStatuses as readonly string[]).includes(booking.status)) {
      refuseTransition(`booking ${booking.id}`, booking.status, "requesting a move", agreedStatuses);
    }
    if (booking.eventAt <= now) {
      throw new DulyError(ErrorCode.InvalidState, `booking ${booking.id}'s event started at ${booking.eventAt.toISOString()}; a past event cannot be moved`);
    }
    if (eventAt.getTime() === booking.eventAt.getTime()) {
      throw new DulyError(ErrorCode.InvalidInput, `booking ${booking.id}'s event is already at ${eventAt.toISOString()}: nothing to move`);
    }
    requireNotice(policy, eventAt, now);
    const pending = await pendingMoveOf(tx, booking.id);
    if (pending) {
      throw new DulyError(
        ErrorCode.InvalidState,
        `booking ${booking.id} already has a pending move (request ${pending.id}, to ${pending.eventAt.toISOString()}); the chef answers it by ${pending.answerBy.toISOString()}`,
      );
    }
    await requireChefFree(tx, { chefId: booking.chefId, eventAt, durationMinutes: booking.durationMinutes, exceptBookingId: booking.id }, false);
    // The chef answers within the policy's time, before the event as agreed starts (its close
    // runs then, on the agreed terms), and before the proposed time itself.
    const answerBy = new Date(Math.min(now.getTime() + policy.moveAnswerWithinMs, booking.eventAt.getTime(), eventAt.getTime()));
    const request = await tx.bookingMoveRequest.create({
      data: {
        bookingId: booking.id, fromEventAt: booking.eventAt, eventAt, timeZone: move.timeZone ?? booking.timeZone,
        requestedBy: actorLabel(context.actor), requestedAt: now, answerBy, updatedAt: now,
      },
    });
    await scheduleDeadline(tx, moveAnswerDeadline, { moveRequestId: request.id }, answerBy);
    return toMoveRequestView(request);
  });
}

/**
 * Takes the booking's row lock, so requests for one booking are made one at a time, by writing
 * its updated_at: the row's version changes too, so an operator's page that did not show this
 * request is stale (decision 0017) and cannot withdraw it unseen.
 */
async function touchBooking(tx: Tx, bookingId: number, now: Date): Promise<void> {
  await tx.booking.updateMany({ where: { id: bookingId }, data: { updatedAt: now } });
}
