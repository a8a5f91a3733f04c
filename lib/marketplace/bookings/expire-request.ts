// The chef did not answer in time: the request expires (auto-rejected). Run by the accept
// deadline's job. Idempotent: a booking no longer requested is left alone.
import { z } from "zod";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import { actorLabel, requireActor } from "../actor.ts";
import { loadBooking, NotDueYet, transitionBooking } from "./booking-rows.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";

export const expireRequestInput = z.strictObject({ bookingId: recordId });
export type ExpireRequestInput = z.input<typeof expireRequestInput>;

export async function expireRequest(context: UseCaseContext, input: ExpireRequestInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "expiring a request");
  const { bookingId } = parseInput(expireRequestInput, input, "expire request");
  return inTransaction(context.db, async (tx) => {
    const booking = await loadBooking(tx, bookingId);
    if (booking.status !== "requested") return { acted: false, status: booking.status };
    if (booking.acceptBy > now) throw new NotDueYet(`booking ${bookingId}'s answer deadline`, booking.acceptBy, now);
    const expired = await transitionBooking(tx, booking, "expire", "requested", {
      endedAt: now, endedBy: actorLabel(context.actor), endReason: "the chef did not answer in time",
    });
    return expired ? { acted: true, status: expired.status } : { acted: false, status: (await loadBooking(tx, bookingId)).status };
  });
}
