// The chef did not answer in time: the request expires (auto-rejected). Run by the accept
// deadline's job. Idempotent: a booking no longer requested is left alone.
import { z } from "zod";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import { actorLabel, requireActor } from "../actor.ts";
import { bookingInstants } from "../deadline-instants.ts";
import { deadlineTransition } from "./booking-rows.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";

export const expireRequestInput = z.strictObject({ bookingId: recordId });
export type ExpireRequestInput = z.input<typeof expireRequestInput>;

export async function expireRequest(context: UseCaseContext, input: ExpireRequestInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "expiring a request");
  const { bookingId } = parseInput(expireRequestInput, input, "expire request");
  return inTransaction(context.db, async (tx) => {
    const result = await deadlineTransition(
      tx, bookingId, "expire", "requested",
      { updatedAt: now, endedAt: now, endedBy: actorLabel(context.actor), endReason: "the chef did not answer in time" },
      { where: { acceptBy: { lte: now } }, at: bookingInstants.answerDeadline, what: "answer deadline" }, actorLabel(context.actor),
    );
    return result.acted ? { acted: true, status: result.booking.status } : result;
  });
}
