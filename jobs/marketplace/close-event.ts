// At the event time: the event closes and its completion is scheduled.
import { closeEventJob, closeEvent, systemActor, withHandler } from "../../lib/marketplace/index.ts";

export const closeEventHandlerJob = withHandler(closeEventJob, async ({ tx, payload, now }) => {
  await closeEvent({ db: tx, actor: systemActor("close-event"), now }, payload);
});
