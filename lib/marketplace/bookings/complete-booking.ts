// The policy's time after the event the order completes, unless a dispute is open (a dispute
// cancels this job); the chef's payout is scheduled after the dispute window. Idempotent.
import { z } from "zod";
import { actorLabel, requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { recordId } from "../inputs.ts";
import { payoutJob, scheduleDeadline } from "../job-declarations.ts";
import { bookingInstants, payoutDueAt } from "../deadline-instants.ts";
import { deadlineTransition } from "./booking-rows.ts";

export const completeBookingInput = z.strictObject({ bookingId: recordId });
export type CompleteBookingInput = z.input<typeof completeBookingInput>;

export async function completeBooking(context: UseCaseContext, input: CompleteBookingInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "completing a booking");
  const { bookingId } = parseInput(completeBookingInput, input, "complete booking");
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const result = await deadlineTransition(tx, bookingId, "complete", "closed", { updatedAt: now, completedAt: now }, {
      where: { eventAt: { lte: new Date(now.getTime() - policy.completeAfterMs) } },
      at: (b) => bookingInstants.completion(b, policy),
      what: "completion",
    }, actorLabel(context.actor));
    if (!result.acted) return result;
    await scheduleDeadline(tx, payoutJob, { bookingId }, payoutDueAt(result.booking.completedAt!, policy.payoutAfterMs));
    return { acted: true, status: result.booking.status };
  });
}

export { payoutDueAt };
