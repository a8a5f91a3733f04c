// A move request's answer deadline came with no answer: the request lapses and the booking keeps
// its terms (nothing about the booking changes; its own deadlines ran on those terms all along).
// Run by the move-answer-deadline job. Idempotent: a request no longer pending is left alone.
// The deadline is decided by the clock: before answer_by the request is not due (NotDueYet: the
// engine retries the job at its time), so a job run early (an operator's "run now") changes nothing.
import { z } from "zod";
import { actorLabel, requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { recordId } from "../inputs.ts";
import { loadBooking, NotDueYet } from "./booking-rows.ts";
import { endMoveRequest, loadMoveRequest } from "./move-request-rows.ts";
import { agreedStatuses } from "./request-move.ts";

export const lapseMoveRequestInput = z.strictObject({ moveRequestId: recordId });
export type LapseMoveRequestInput = z.input<typeof lapseMoveRequestInput>;

export async function lapseMoveRequest(context: UseCaseContext, input: LapseMoveRequestInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "lapsing a move request");
  const { moveRequestId } = parseInput(lapseMoveRequestInput, input, "lapse move request");
  return inTransaction(context.db, async (tx) => {
    const request = await loadMoveRequest(tx, moveRequestId);
    if (request.status !== "pending") return { acted: false, status: request.status };
    if (request.answerBy > now) throw new NotDueYet(`move request ${moveRequestId}'s answer deadline`, request.answerBy, now);
    const booking = await loadBooking(tx, request.bookingId);
    // The event's time is asked first: at that instant the close job and this one are both due,
    // and the reason must not depend on which of them a tick happened to run first.
    const reason = request.answerBy.getTime() >= booking.eventAt.getTime()
      ? "the event's agreed time came before the chef answered"
      : !(agreedStatuses as readonly string[]).includes(booking.status)
        ? `the booking became ${booking.status} before the chef answered`
        : "the chef did not answer in time";
    const ended = await endMoveRequest(tx, moveRequestId, "lapsed", { now, by: actorLabel(context.actor), reason });
    return ended ? { acted: true, status: "lapsed" } : { acted: false, status: (await loadMoveRequest(tx, moveRequestId)).status };
  });
}
