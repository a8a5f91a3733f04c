// At the event time the event closes: locked against edits (no move, no cancel), shown as past;
// its completion is scheduled the policy's time later. Run by the close job. Idempotent.
import { z } from "zod";
import { actorLabel, requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { recordId } from "../inputs.ts";
import { completeBookingJob, scheduleDeadline, scheduleDeadlines } from "../job-declarations.ts";
import { bookingInstants } from "../deadline-instants.ts";
import { deadlineTransition, deadlineTransitionMany } from "./booking-rows.ts";

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
    const result = await deadlineTransition(tx, bookingId, "close", "paid", closeData(now), {
      where: closeDue(now), at: bookingInstants.event, what: "event",
    }, actorLabel(context.actor));
    if (!result.acted) return result;
    await scheduleDeadline(tx, completeBookingJob, { bookingId }, new Date(result.booking.eventAt.getTime() + policy.completeAfterMs));
    return { acted: true, status: result.booking.status };
  });
}

const closeData = (now: Date) => ({ updatedAt: now, closedAt: now });
const closeDue = (now: Date) => ({ eventAt: { lte: now } });

/**
 * closeEvent for many bookings at once (the close job's batch, docs/decisions/0027): the events
 * due and still paid close in one statement and their completions are scheduled in another.
 * Returns the bookings it closed; the others are left for closeEvent, one at a time.
 */
export async function closeEvents(context: UseCaseContext, bookingIds: number[]): Promise<Set<number>> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "closing an event");
  const ids = bookingIds.map((bookingId) => parseInput(closeEventInput, { bookingId }, "close event").bookingId);
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const closed = await deadlineTransitionMany(tx, ids, "close", "paid", closeData(now), closeDue(now), actorLabel(context.actor));
    await scheduleDeadlines(tx, completeBookingJob, closed.map((b) => ({
      payload: { bookingId: b.id }, runAt: new Date(b.eventAt.getTime() + policy.completeAfterMs),
    })));
    return new Set(closed.map((b) => b.id));
  });
}
