// The policy's time after the event the order completes, unless a dispute is open (a dispute
// cancels this job); the chef's payout is scheduled after the dispute window. Idempotent.
import { z } from "zod";
import { requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { recordId } from "../inputs.ts";
import { payoutJob, scheduleDeadline } from "../job-declarations.ts";
import { loadBooking, NotDueYet, transitionBooking } from "./booking-rows.ts";

export const completeBookingInput = z.strictObject({ bookingId: recordId });
export type CompleteBookingInput = z.input<typeof completeBookingInput>;

export async function completeBooking(context: UseCaseContext, input: CompleteBookingInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "completing a booking");
  const { bookingId } = parseInput(completeBookingInput, input, "complete booking");
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const booking = await loadBooking(tx, bookingId);
    if (booking.status !== "closed") return { acted: false, status: booking.status };
    const due = new Date(booking.eventAt.getTime() + policy.completeAfterMs);
    if (due > now) throw new NotDueYet(`booking ${bookingId}'s completion`, due, now);
    const completed = await transitionBooking(tx, booking, "complete", "closed", { completedAt: now });
    if (!completed) return { acted: false, status: (await loadBooking(tx, bookingId)).status };
    await scheduleDeadline(tx, payoutJob, { bookingId }, payoutDueAt(completed.completedAt!, policy.payoutAfterMs));
    return { acted: true, status: completed.status };
  });
}

export const payoutDueAt = (completedAt: Date, payoutAfterMs: number) => new Date(completedAt.getTime() + payoutAfterMs);
