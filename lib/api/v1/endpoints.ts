// Every endpoint of /api/v1. The OpenAPI document lists exactly these, and a test checks that
// each has its route file under app/api/v1 and that no route file is missing here.
import type { Endpoint } from "../endpoint.ts";
import { getAuctionEndpoint, placeBidEndpoint, postAuctionEndpoint } from "./auctions.ts";
import {
  acceptBookingEndpoint,
  cancelBookingEndpoint,
  declineBookingEndpoint,
  getBookingEndpoint,
  updateBookingEndpoint,
  moveEventEndpoint,
  payBookingEndpoint,
  requestBookingEndpoint,
  startCheckoutEndpoint,
} from "./bookings.ts";
import { openDisputeEndpoint, replyToDisputeEndpoint } from "./disputes.ts";
import { acceptMoveEndpoint, declineMoveEndpoint, requestMoveEndpoint } from "./move-requests.ts";
import { listAuctionsEndpoint, listBookingsEndpoint, listDisputesEndpoint } from "./lists.ts";
import { getMe } from "./me.ts";
import { listEventsEndpoint } from "./events.ts";
import {
  createWebhookEndpoint, deleteWebhookEndpoint, disableWebhookEndpoint, enableWebhookEndpoint, getWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints,
  replayWebhookEvent, rotateWebhookSecret,
} from "./webhooks.ts";
import { recordUsageEndpoint } from "./quotas.ts";

export const v1Endpoints: readonly Endpoint[] = [
  getMe,
  requestBookingEndpoint,
  listBookingsEndpoint,
  getBookingEndpoint,
  updateBookingEndpoint,
  acceptBookingEndpoint,
  declineBookingEndpoint,
  startCheckoutEndpoint,
  payBookingEndpoint,
  moveEventEndpoint,
  requestMoveEndpoint,
  acceptMoveEndpoint,
  declineMoveEndpoint,
  cancelBookingEndpoint,
  openDisputeEndpoint,
  replyToDisputeEndpoint,
  listDisputesEndpoint,
  postAuctionEndpoint,
  listAuctionsEndpoint,
  getAuctionEndpoint,
  placeBidEndpoint,
  recordUsageEndpoint,
  listEventsEndpoint,
  createWebhookEndpoint,
  listWebhookEndpoints,
  getWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  disableWebhookEndpoint,
  enableWebhookEndpoint,
  listWebhookDeliveries,
  replayWebhookEvent,
];
