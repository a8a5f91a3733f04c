// The policy's time after the event the order completes, unless a dispute is open (a dispute
// cancels this job); the chef's payout is scheduled after the dispute window. Idempotent.
import { z } from "zod";
import { actorLabel, requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { recordId } from "../inputs.ts";
import { payoutJob, scheduleDeadline, scheduleDeadlines } from "../job-declarations.ts";
import { bookingInstants, payoutDueAt } from "../deadline-instants.ts";
import { deadlineTransition, deadlineTransitionMany } from "./booking-rows.ts";
import type { LifecyclePolicy } from "../policy.ts";

export const completeBookingInput = z.strictObject({ bookingId: recordId });
export type CompleteBookingInput = z.input<typeof completeBookingInput>;

export async function completeBooking(context: UseCaseContext, input: CompleteBookingInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "completing a booking");
  const { bookingId } = parseInput(completeBookingInput, input, "complete booking");
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const result = await deadlineTransition(tx, bookingId, "complete", "closed", completeData(now), {
      where: completeDue(now, policy),
      at: (b) => bookingInstants.completion(b, policy),
      what: "completion",
    }, actorLabel(context.actor));
    if (!result.acted) return result;
    await scheduleDeadline(tx, payoutJob, { bookingId }, payoutDueAt(result.booking.completedAt!, policy.payoutAfterMs));
    return { acted: true, status: result.booking.status };
  });
}

export { payoutDueAt };

const completeData = (now: Date) => ({ updatedAt: now, completedAt: now });
const completeDue = (now: Date, policy: LifecyclePolicy) => ({ eventAt: { lte: new Date(now.getTime() - policy.completeAfterMs) } });

/**
 * completeBooking for many bookings at once (the completion job's batch, docs/decisions/0027):
 * one statement completes those due and still closed, another schedules their payouts. Returns
 * the bookings it completed; the others are left for completeBooking, one at a time.
 */
export async function completeBookings(context: UseCaseContext, bookingIds: number[]): Promise<Set<number>> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "completing a booking");
  const ids = bookingIds.map((bookingId) => parseInput(completeBookingInput, { bookingId }, "complete booking").bookingId);
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const completed = await deadlineTransitionMany(tx, ids, "complete", "closed", completeData(now), completeDue(now, policy), actorLabel(context.actor));
    await scheduleDeadlines(tx, payoutJob, completed.map((b) => ({
      payload: { bookingId: b.id }, runAt: payoutDueAt(b.completedAt!, policy.payoutAfterMs),
    })));
    return new Set(completed.map((b) => b.id));
  });
}
