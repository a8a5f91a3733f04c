// An auction's deadline: the winning bid becomes a booking request, or the auction expires.
import { closeAuctionJob, closeAuction, systemActor, withHandler } from "../../lib/marketplace/index.ts";

export const closeAuctionHandlerJob = withHandler(closeAuctionJob, async ({ tx, payload, now }) => {
  await closeAuction({ db: tx, actor: systemActor("close-auction"), now }, payload);
});
