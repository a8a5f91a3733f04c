// The chef did not reply in time: the dispute resolves in the customer's favour and everything
// held is refunded. Run by the reply deadline's job (alone in its transaction). Idempotent: a
// dispute no longer awaiting a reply (the chef replied, or this already ran) is left alone.
import { z } from "zod";
import { actorLabel, requireActor } from "../actor.ts";
import { NotDueYet } from "../bookings/booking-rows.ts";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { recordId } from "../inputs.ts";
import { disputeInstants } from "../deadline-instants.ts";
import { loadDispute } from "./dispute-rows.ts";
import { settleDispute } from "./settle-dispute.ts";

export const refundUnansweredDisputeInput = z.strictObject({ disputeId: recordId });
export type RefundUnansweredDisputeInput = z.input<typeof refundUnansweredDisputeInput>;

export async function refundUnansweredDispute(context: UseCaseContext, input: RefundUnansweredDisputeInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "refunding an unanswered dispute");
  const { disputeId } = parseInput(refundUnansweredDisputeInput, input, "refund unanswered dispute");
  return inTransaction(context.db, async (tx) => {
    const dispute = await loadDispute(tx, disputeId);
    if (dispute.status !== "awaiting_reply") return { acted: false, status: dispute.status };
    const replyBy = disputeInstants.replyDeadline(dispute);
    if (replyBy > now) throw new NotDueYet(`dispute ${disputeId}'s reply deadline`, replyBy, now);
    const settled = await settleDispute(tx, { dispute, observed: "awaiting_reply", settlement: { kind: "refund" }, by: actorLabel(context.actor), now });
    return settled ? { acted: true, status: settled.status } : { acted: false, status: (await loadDispute(tx, disputeId)).status };
  });
}
