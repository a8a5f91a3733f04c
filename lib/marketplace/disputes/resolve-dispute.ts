// An operator ends a dispute: full refund, partial refund (the rest to the chef), or release to
// the chef. Usually after the chef replied; deciding earlier also cancels the reply deadline.
// `refundKey` lets a payment provider's refund webhook use its own idempotency key.
import { amountInWords } from "../../format/money.ts";
import { z } from "zod";
import { DulyError, ErrorCode } from "../../errors.ts";
import { cancelForSubject } from "../../scheduler/index.ts";
import { actorLabel, requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, StaleRead, type UseCaseContext } from "../context.ts";
import { amountMinor, providerKey, recordId } from "../inputs.ts";
import { loadBooking } from "../bookings/booking-rows.ts";
import { subjectOf } from "../subjects.ts";
import { toDisputeView, type DisputeView } from "../views.ts";
import { loadDispute, requireDisputeTransition } from "./dispute-rows.ts";
import { settleDispute, type Settlement } from "./settle-dispute.ts";

export const resolveDisputeInput = z.discriminatedUnion("outcome", [
  z.strictObject({ disputeId: recordId, outcome: z.literal("refund"), refundKey: providerKey.optional() }),
  z.strictObject({ disputeId: recordId, outcome: z.literal("partial"), refundMinor: amountMinor, refundKey: providerKey.optional() }),
  z.strictObject({ disputeId: recordId, outcome: z.literal("release") }),
]);
export type ResolveDisputeInput = z.input<typeof resolveDisputeInput>;

export async function resolveDispute(context: UseCaseContext, input: ResolveDisputeInput): Promise<DisputeView> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["operator"], "resolving a dispute");
  const decision = parseInput(resolveDisputeInput, input, "resolve dispute");
  return inTransaction(context.db, async (tx) => {
    const dispute = await loadDispute(tx, decision.disputeId);
    requireDisputeTransition(dispute, decision.outcome === "refund" ? "refund" : decision.outcome === "partial" ? "refundPart" : "release", "resolving");
    const booking = await loadBooking(tx, dispute.bookingId);
    if (decision.outcome === "partial" && decision.refundMinor >= booking.priceMinor) {
      throw new DulyError(
        ErrorCode.InvalidInput,
        `a partial refund must be less than the booking's ${amountInWords(booking.priceMinor, booking.currency)}; use outcome "refund" for all of it`,
      );
    }
    const by = actorLabel(context.actor);
    await cancelForSubject(tx, subjectOf.dispute(dispute.id), { actor: by, reason: `resolved: ${decision.outcome}`, now });
    const settlement: Settlement =
      decision.outcome === "partial" ? { kind: "partial", refundMinor: decision.refundMinor } : { kind: decision.outcome };
    const settled = await settleDispute(tx, {
      dispute, observed: dispute.status, settlement, by, now, refundKey: "refundKey" in decision ? decision.refundKey : undefined,
    });
    if (!settled) throw new StaleRead(`dispute ${dispute.id}`, (await loadDispute(tx, dispute.id)).status);
    return toDisputeView(settled);
  });
}
