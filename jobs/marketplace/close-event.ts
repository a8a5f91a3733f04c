// At the event time: the event closes and its completion is scheduled.
import { bookingBatch } from "./booking-batch.ts";
import { closeEventJob, closeEvent, closeEvents, systemActor, withHandler } from "../../lib/marketplace/index.ts";

export const closeEventHandlerJob = withHandler(closeEventJob, async ({ tx, payload, now }) => {
  await closeEvent({ db: tx, actor: systemActor("close-event"), now }, payload);
}, bookingBatch(closeEvents, "close-event"));
