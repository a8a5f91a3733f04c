// The chef replies before the deadline: the deadline is cancelled in the same transaction and
// the dispute waits for an operator. A reply and the deadline at the same instant give exactly
// one outcome: both change the dispute only WHERE it is awaiting_reply, and a reply at or after
// reply_by is refused (the deadline decides from then on).
import { z } from "zod";
import { DulyError, ErrorCode } from "../../errors.ts";
import { cancelForSubject } from "../../scheduler/index.ts";
import { actorLabel } from "../actor.ts";
import { loadBooking, requireParty } from "../bookings/booking-rows.ts";
import { checkNow, inTransaction, parseInput, type UseCaseContext } from "../context.ts";
import { recordId, text } from "../inputs.ts";
import { subjectOf } from "../subjects.ts";
import { refuseTransition } from "../transitions.ts";
import { toDisputeView, type DisputeView } from "../views.ts";
import { loadDispute, requireDisputeTransition, transitionDispute } from "./dispute-rows.ts";

export const replyToDisputeInput = z.strictObject({ disputeId: recordId, reply: text(2000) });
export type ReplyToDisputeInput = z.input<typeof replyToDisputeInput>;

export async function replyToDispute(context: UseCaseContext, input: ReplyToDisputeInput): Promise<DisputeView> {
  const now = checkNow(context.now);
  const { disputeId, reply } = parseInput(replyToDisputeInput, input, "reply to dispute");
  return inTransaction(context.db, async (tx) => {
    const dispute = await loadDispute(tx, disputeId);
    const booking = await loadBooking(tx, dispute.bookingId);
    requireParty(context.actor, booking, ["chef"], "replying to a dispute", `dispute ${disputeId}`);
    requireDisputeTransition(dispute, "reply", "replying");
    if (now >= dispute.replyBy) {
      throw new DulyError(ErrorCode.InvalidState, `dispute ${disputeId} is awaiting_reply but its reply deadline passed at ${dispute.replyBy.toISOString()}`);
    }
    // Jobs first: a deadline running right now holds its job; this waits for it, then the
    // guarded change below sees what it did.
    await cancelForSubject(tx, subjectOf.dispute(disputeId), { actor: actorLabel(context.actor), reason: "the chef replied", now });
    const replied = await transitionDispute(tx, disputeId, "reply", "awaiting_reply", { updatedAt: now, reply, repliedAt: now }, { by: actorLabel(context.actor), booking });
    if (!replied) refuseTransition(`dispute ${disputeId}`, (await loadDispute(tx, disputeId)).status, "replying", ["awaiting_reply"]);
    return toDisputeView(replied);
  });
}
