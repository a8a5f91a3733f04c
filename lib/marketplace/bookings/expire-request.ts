// The chef did not answer in time: the request expires (auto-rejected). Run by the accept
// deadline's job. Idempotent: a booking no longer requested is left alone.
import { z } from "zod";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import { actorLabel, requireActor } from "../actor.ts";
import { bookingInstants } from "../deadline-instants.ts";
import { deadlineTransition, deadlineTransitionMany } from "./booking-rows.ts";
import type { Actor } from "../actor.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";

export const expireRequestInput = z.strictObject({ bookingId: recordId });
export type ExpireRequestInput = z.input<typeof expireRequestInput>;

export async function expireRequest(context: UseCaseContext, input: ExpireRequestInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "expiring a request");
  const { bookingId } = parseInput(expireRequestInput, input, "expire request");
  return inTransaction(context.db, async (tx) => {
    const result = await deadlineTransition(
      tx, bookingId, "expire", "requested", expireData(now, context.actor),
      { where: expireDue(now), at: bookingInstants.answerDeadline, what: "answer deadline" }, actorLabel(context.actor),
    );
    return result.acted ? { acted: true, status: result.booking.status } : result;
  });
}

const expireData = (now: Date, actor: Actor) => ({ updatedAt: now, endedAt: now, endedBy: actorLabel(actor), endReason: "the chef did not answer in time" });
const expireDue = (now: Date) => ({ acceptBy: { lte: now } });

/**
 * expireRequest for many bookings at once (the accept deadline's batch, docs/decisions/0027):
 * one statement expires those due and still requested. Returns them; the others are left for
 * expireRequest, one at a time.
 */
export async function expireRequests(context: UseCaseContext, bookingIds: number[]): Promise<Set<number>> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "expiring a request");
  const ids = bookingIds.map((bookingId) => parseInput(expireRequestInput, { bookingId }, "expire request").bookingId);
  return inTransaction(context.db, async (tx) => {
    const expired = await deadlineTransitionMany(tx, ids, "expire", "requested", expireData(now, context.actor), expireDue(now), actorLabel(context.actor));
    return new Set(expired.map((b) => b.id));
  });
}
