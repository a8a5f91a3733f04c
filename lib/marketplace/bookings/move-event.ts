// Moving an event at once, before it starts, with the minimum notice, to a time the chef is free:
// - the customer, while the booking is only requested: the chef has agreed to nothing yet, and
//   accepting agrees to the time the booking has then. Once the chef accepted, the time is part
//   of what both agreed, and the customer asks instead (request-move.ts; the chef answers).
// - an operator, in any movable status, as a platform decision (the dashboard records who and
//   why in the audit log): an accepted or paid booking's agreed time becomes the new one, and a
//   pending move request is withdrawn (docs/decisions/0023).
// A paid booking's pending jobs (its close, the only job it has then, and everything that
// follows is scheduled from it) move by the same offset in the same transaction, a running one
// per the engine's intent rule (shiftForSubject). A requested or accepted booking's deadlines are
// about answering and paying, not the event: they stay.
import { recordBookingEvent } from "../events.ts";
import { z } from "zod";
import { DulyError, ErrorCode } from "../../errors.ts";
import { shiftForSubject } from "../../scheduler/index.ts";
import { actorLabel } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, StaleRead, type UseCaseContext } from "../context.ts";
import { instant, recordId, timeZone } from "../inputs.ts";
import { subjectOf } from "../subjects.ts";
import { refuseTransition } from "../transitions.ts";
import { toBookingView, type BookingView } from "../views.ts";
import { loadBooking, requireParty } from "./booking-rows.ts";
import { movableStatuses } from "./booking-status.ts";
import { holdingChefTime, requireChefFree } from "./chef-time.ts";
import { endMoveRequest, stopPendingMove } from "./move-request-rows.ts";
import { requireNotice } from "./request-booking.ts";

export const moveEventInput = z.strictObject({ bookingId: recordId, eventAt: instant, timeZone: timeZone.optional() });
export type MoveEventInput = z.input<typeof moveEventInput>;

export async function moveEvent(context: UseCaseContext, input: MoveEventInput): Promise<BookingView> {
  const now = checkNow(context.now);
  const move = parseInput(moveEventInput, input, "move event");
  const eventAt = new Date(move.eventAt);
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const booking = await loadBooking(tx, move.bookingId);
    requireParty(context.actor, booking, ["customer", "operator"], "moving the event");
    const observed = booking.status;
    if (!(movableStatuses as readonly string[]).includes(observed)) {
      refuseTransition(`booking ${booking.id}`, observed, "moving the event", movableStatuses);
    }
    if (booking.eventAt <= now) {
      throw new DulyError(ErrorCode.InvalidState, `booking ${booking.id}'s event started at ${booking.eventAt.toISOString()}; a past event cannot be moved`);
    }
    if (context.actor.kind === "customer" && observed !== "requested") {
      throw new DulyError(
        ErrorCode.InvalidState,
        `booking ${booking.id} is ${observed}: the chef agreed to its time, so moving it is a request the chef answers (POST /api/v1/bookings/${booking.id}/move-requests)`,
      );
    }
    requireNotice(policy, eventAt, now);
    const span = { chefId: booking.chefId, eventAt, durationMinutes: booking.durationMinutes, exceptBookingId: booking.id };
    await requireChefFree(tx, span, context.actor.kind === "operator");
    const by = actorLabel(context.actor);
    const offsetMs = eventAt.getTime() - booking.eventAt.getTime();
    // Jobs first (lock order: a running close holds its job, then the booking).
    const pending = await stopPendingMove(tx, booking.id, { actor: by, reason: "an operator moved the event", now });
    if (observed === "paid" && offsetMs !== 0) await shiftForSubject(tx, subjectOf.booking(booking.id), offsetMs);
    const agreed = observed === "requested" ? {} : { agreedEventAt: eventAt };
    const { count } = await holdingChefTime(booking.chefId, () =>
      tx.booking.updateMany({
        where: { id: booking.id, status: observed, eventAt: booking.eventAt },
        data: { eventAt, timeZone: move.timeZone ?? booking.timeZone, updatedAt: now, eventMovedAt: now, eventMovedBy: by, ...agreed },
      }),
    );
    if (count === 0) {
      const current = await loadBooking(tx, booking.id);
      throw new StaleRead(`booking ${booking.id}`, current.status);
    }
    if (pending) await endMoveRequest(tx, pending.id, "withdrawn", { now, by, reason: `an operator moved the event to ${eventAt.toISOString()}` });
    const moved = await loadBooking(tx, booking.id);
    await recordBookingEvent(tx, moved, "booking.moved", by, now);
    return toBookingView(moved);
  });
}
