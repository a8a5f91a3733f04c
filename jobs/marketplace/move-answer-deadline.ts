// A move request's answer deadline: unanswered, it lapses and the booking keeps its terms
// (lib/marketplace/bookings/lapse-move-request.ts).
import { lapseMoveRequest, moveAnswerDeadline, systemActor, withHandler } from "../../lib/marketplace/index.ts";

export const moveAnswerDeadlineJob = withHandler(moveAnswerDeadline, async ({ tx, payload, now }) => {
  await lapseMoveRequest({ db: tx, actor: systemActor("move-answer-deadline"), now }, payload);
});
