// At the event time the event closes: locked against edits (no move, no cancel), shown as past;
// its completion is scheduled the policy's time later. Run by the close job. Idempotent.
import { z } from "zod";
import { requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { recordId } from "../inputs.ts";
import { completeBookingJob, scheduleDeadline } from "../job-declarations.ts";
import { loadBooking, NotDueYet, transitionBooking } from "./booking-rows.ts";

export const closeEventInput = z.strictObject({ bookingId: recordId });
export type CloseEventInput = z.input<typeof closeEventInput>;

export async function closeEvent(context: UseCaseContext, input: CloseEventInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "closing an event");
  const { bookingId } = parseInput(closeEventInput, input, "close event");
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const booking = await loadBooking(tx, bookingId);
    if (booking.status !== "paid") return { acted: false, status: booking.status };
    // The event was moved while this job was claimed: fail, so the engine retries at the new time.
    if (booking.eventAt > now) throw new NotDueYet(`booking ${bookingId}'s event`, booking.eventAt, now);
    const closed = await transitionBooking(tx, booking, "close", "paid", { closedAt: now });
    if (!closed) return { acted: false, status: (await loadBooking(tx, bookingId)).status };
    await scheduleDeadline(tx, completeBookingJob, { bookingId }, new Date(booking.eventAt.getTime() + policy.completeAfterMs));
    return { acted: true, status: closed.status };
  });
}
