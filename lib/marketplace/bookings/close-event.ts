// At the event time the event closes: locked against edits (no move, no cancel), shown as past;
// its completion is scheduled the policy's time later. Run by the close job. Idempotent.
import { z } from "zod";
import { actorLabel, requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { recordId } from "../inputs.ts";
import { completeBookingJob, scheduleDeadline } from "../job-declarations.ts";
import { bookingInstants } from "../deadline-instants.ts";
import { deadlineTransition } from "./booking-rows.ts";

export const closeEventInput = z.strictObject({ bookingId: recordId });
export type CloseEventInput = z.input<typeof closeEventInput>;

export async function closeEvent(context: UseCaseContext, input: CloseEventInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "closing an event");
  const { bookingId } = parseInput(closeEventInput, input, "close event");
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    // Not due (run early by an operator, or the event was moved while this job was claimed):
    // NotDueYet, and the engine defers the job to the event's time without spending an attempt.
    const result = await deadlineTransition(tx, bookingId, "close", "paid", { updatedAt: now, closedAt: now }, {
      where: { eventAt: { lte: now } }, at: bookingInstants.event, what: "event",
    }, actorLabel(context.actor));
    if (!result.acted) return result;
    await scheduleDeadline(tx, completeBookingJob, { bookingId }, new Date(result.booking.eventAt.getTime() + policy.completeAfterMs));
    return { acted: true, status: result.booking.status };
  });
}
