// The chef declines a customer's move request: the booking keeps its terms (its event time, its
// deadlines, the cancellation share), and the request's answer deadline is cancelled.
import { z } from "zod";
import { cancelForSubject } from "../../scheduler/index.ts";
import { actorLabel } from "../actor.ts";
import { checkNow, inTransaction, parseInput, StaleRead, type UseCaseContext } from "../context.ts";
import { recordId } from "../inputs.ts";
import { optionalReason } from "../../validation/fields.ts";
import { toMoveRequestView, type MoveRequestView } from "../move-request-view.ts";
import { subjectOf } from "../subjects.ts";
import { requireAnswerable } from "./accept-move.ts";
import { loadBooking, requireParty } from "./booking-rows.ts";
import { endMoveRequest, loadMoveRequest } from "./move-request-rows.ts";

export const declineMoveInput = z.strictObject({ moveRequestId: recordId, reason: optionalReason });
export type DeclineMoveInput = z.input<typeof declineMoveInput>;

export async function declineMove(context: UseCaseContext, input: DeclineMoveInput): Promise<MoveRequestView> {
  const now = checkNow(context.now);
  const { moveRequestId, reason } = parseInput(declineMoveInput, input, "decline move");
  return inTransaction(context.db, async (tx) => {
    const request = await loadMoveRequest(tx, moveRequestId);
    requireParty(context.actor, await loadBooking(tx, request.bookingId), ["chef"], "answering a move request", `move request ${request.id}`);
    requireAnswerable(request, now);
    const by = actorLabel(context.actor);
    await cancelForSubject(tx, subjectOf.moveRequest(request.id), { actor: by, reason: "move declined", now });
    if (!(await endMoveRequest(tx, request.id, "declined", { now, by, reason: reason ?? "declined by the chef" }))) {
      throw new StaleRead(`move request ${request.id}`, (await loadMoveRequest(tx, request.id)).status);
    }
    return toMoveRequestView(await loadMoveRequest(tx, request.id));
  });
}
