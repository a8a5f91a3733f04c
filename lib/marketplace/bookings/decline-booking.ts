// The chef declines a request: the booking ends, its accept deadline is cancelled.
import { z } from "zod";
import { cancelForSubject } from "../../scheduler/index.ts";
import { actorLabel } from "../actor.ts";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import { optionalReason } from "../../validation/fields.ts";
import { subjectOf } from "../subjects.ts";
import { refuseTransition } from "../transitions.ts";
import { toBookingView, type BookingView } from "../views.ts";
import { loadBooking, requireParty, requireTransition, transitionBooking } from "./booking-rows.ts";

export const declineBookingInput = z.strictObject({ bookingId: recordId, reason: optionalReason });
export type DeclineBookingInput = z.input<typeof declineBookingInput>;

export async function declineBooking(context: UseCaseContext, input: DeclineBookingInput): Promise<BookingView> {
  const now = checkNow(context.now);
  const { bookingId, reason } = parseInput(declineBookingInput, input, "decline booking");
  return inTransaction(context.db, async (tx) => {
    const booking = await loadBooking(tx, bookingId);
    requireParty(context.actor, booking, ["chef"], "declining");
    requireTransition(booking, "decline");
    const by = actorLabel(context.actor);
    await cancelForSubject(tx, subjectOf.booking(bookingId), { actor: by, reason: "declined", now });
    const declined = await transitionBooking(tx, booking, "decline", "requested", { updatedAt: now, endedAt: now, endedBy: by, endReason: reason ?? "declined by the chef" }, by);
    if (!declined) refuseTransition(`booking ${bookingId}`, (await loadBooking(tx, bookingId)).status, "decline", ["requested"]);
    return toBookingView(declined);
  });
}
