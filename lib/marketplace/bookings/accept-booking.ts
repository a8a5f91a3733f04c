// The chef accepts a request before its deadline: the accept deadline is cancelled and the
// customer's payment deadline scheduled, in the transaction that accepts. The event time the
// booking has then becomes the agreed one (agreed_event_at), and the booking takes the chef's
// time: an overlapping booking the chef already holds refuses it (CHEF_UNAVAILABLE; the
// database's constraint decides two accepts racing for one evening).
import { z } from "zod";
import { cancelForSubject } from "../../scheduler/index.ts";
import { actorLabel } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, StaleRead, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import { paymentDeadline, scheduleDeadline } from "../job-declarations.ts";
import { subjectOf } from "../subjects.ts";
import { refuseTransition } from "../transitions.ts";
import { toBookingView, type BookingView } from "../views.ts";
import { loadBooking, requireParty, requireTransition, transitionBooking } from "./booking-rows.ts";
import { holdingChefTime, requireChefFree } from "./chef-time.ts";
import { DulyError, ErrorCode } from "../../errors.ts";

export const acceptBookingInput = z.strictObject({ bookingId: recordId });
export type AcceptBookingInput = z.input<typeof acceptBookingInput>;

export async function acceptBooking(context: UseCaseContext, input: AcceptBookingInput): Promise<BookingView> {
  const now = checkNow(context.now);
  const { bookingId } = parseInput(acceptBookingInput, input, "accept booking");
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const booking = await loadBooking(tx, bookingId);
    requireParty(context.actor, booking, ["chef"], "accepting");
    requireTransition(booking, "accept");
    if (now >= booking.acceptBy) {
      throw new DulyError(ErrorCode.InvalidState, `booking ${bookingId} is requested but its answer deadline passed at ${booking.acceptBy.toISOString()}`);
    }
    // Reachable through an auction that closed late (the ticker was silent past its event).
    if (booking.eventAt <= now) {
      throw new DulyError(ErrorCode.InvalidState, `booking ${bookingId}'s event started at ${booking.eventAt.toISOString()}; it cannot be accepted`);
    }
    await requireChefFree(tx, { chefId: booking.chefId, eventAt: booking.eventAt, durationMinutes: booking.durationMinutes, exceptBookingId: bookingId }, true);
    // Jobs before the booking row: a running deadline holds its job, then the booking (lock order).
    await cancelForSubject(tx, subjectOf.booking(bookingId), { actor: actorLabel(context.actor), reason: "accepted", now });
    const payBy = new Date(now.getTime() + policy.payWithinMs);
    // The time agreed is the one read: a move made meanwhile (the customer's, while requested) is a retry.
    const accepted = await holdingChefTime(booking.chefId, () =>
      transitionBooking(tx, booking, "accept", "requested", { updatedAt: now, acceptedAt: now, payBy, agreedEventAt: booking.eventAt }, actorLabel(context.actor), { eventAt: booking.eventAt }),
    );
    if (!accepted) {
      const current = await loadBooking(tx, bookingId);
      if (current.status === "requested") throw new StaleRead(`booking ${bookingId}`, "requested (its event was moved)");
      refuseTransition(`booking ${bookingId}`, current.status, "accept", ["requested"]);
    }
    await scheduleDeadline(tx, paymentDeadline, { bookingId }, payBy);
    return toBookingView(accepted);
  });
}
