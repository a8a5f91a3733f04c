// Moving an event before it closes. A paid booking's pending jobs (its close, the only job it
// has then, and everything that follows is scheduled from it) move by the same offset in the
// same transaction, a running one per the engine's intent rule (shiftForSubject). A requested or
// accepted booking's deadlines are about answering and paying, not the event: they stay.
import { z } from "zod";
import { DulyError, ErrorCode } from "../../errors.ts";
import { shiftForSubject } from "../../scheduler/index.ts";
import { checkNow, inTransaction, parseInput, policyOf, StaleRead, type UseCaseContext } from "../context.ts";
import { instant, recordId, timeZone } from "../inputs.ts";
import { subjectOf } from "../subjects.ts";
import { refuseTransition } from "../transitions.ts";
import { toBookingView, type BookingView } from "../views.ts";
import { loadBooking, requireParty } from "./booking-rows.ts";
import { movableStatuses } from "./booking-status.ts";
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
    requireNotice(policy, eventAt, now);
    const offsetMs = eventAt.getTime() - booking.eventAt.getTime();
    // Jobs first (lock order: a running close holds its job, then the booking).
    if (observed === "paid" && offsetMs !== 0) await shiftForSubject(tx, subjectOf.booking(booking.id), offsetMs);
    const { count } = await tx.booking.updateMany({
      where: { id: booking.id, status: observed, eventAt: booking.eventAt },
      data: { eventAt, timeZone: move.timeZone ?? booking.timeZone, updatedAt: now },
    });
    if (count === 0) {
      const current = await loadBooking(tx, booking.id);
      throw new StaleRead(`booking ${booking.id}`, current.status);
    }
    return toBookingView(await loadBooking(tx, booking.id));
  });
}
