// The marketplace's public surface: every use case, its zod input schema, the views it returns
// (with their zod schemas, for the API's OpenAPI document), the actor, and the job declarations.
// Routes, the catalogue (jobs/marketplace/) and tests import from here.
//
// Every use case is `(context: UseCaseContext, input) => Promise<View>`: context is
// { db: a client or a transaction it joins, actor, now, policy? }. Input is parsed with its
// schema (INVALID_INPUT naming each problem); refusals are DulyError with NOT_FOUND,
// INVALID_STATE (the message names the current state), NOT_ALLOWED or IDEMPOTENCY_CONFLICT.
export { actorSchema, actorLabel, systemActor, type Actor } from "./actor.ts";
export { inTransaction, markInTransaction, type UseCaseContext } from "./context.ts";
export { defaultPolicy, lifecyclePolicy, policyFromEnv, cancellationRefundMinor, type LifecyclePolicy } from "./policy.ts";
export { subjectOf } from "./subjects.ts";
export { ledgerKey } from "./ledger/ledger-keys.ts";
export { balanceOf, type Balance } from "./ledger/move-money.ts";
export type { DeadlineOutcome } from "./deadline-outcome.ts";
export {
  acceptDeadline, paymentDeadline, closeEventJob, completeBookingJob, payoutJob, disputeReplyDeadline, closeAuctionJob, moveAnswerDeadline,
  marketplaceDeclarations, withHandler, type JobDeclaration,
} from "./job-declarations.ts";
export { bookingTransitions, movableStatuses, terminalBookingStatuses, holdingStatuses } from "./bookings/booking-status.ts";
export { disputeTransitions, openDisputeStatuses } from "./disputes/dispute-status.ts";
export { auctionTransitions } from "./auctions/auction-status.ts";
export { edgesOf } from "./transitions.ts";
export { NotDueYet } from "./bookings/booking-rows.ts";
export * from "./views.ts";
export { actorAsSeenByParty } from "./bookings/booking-as-seen.ts";
export { moveRequestView, moveRequestStatusSchema, toMoveRequestView, type MoveRequestView } from "./move-request-view.ts";
export { chefTimeStatuses, defaultEventDurationMinutes } from "./bookings/chef-time.ts";

// People (operator / system)
export { registerChef, registerPersonInput, type RegisterPersonInput } from "./people/register-chef.ts";
export { registerCustomer } from "./people/register-customer.ts";
export { requireKnownParty } from "./people/require-known-party.ts";

// Bookings
export { requestBooking, requestBookingInput, type RequestBookingInput } from "./bookings/request-booking.ts";
export { updateBookingMetadata, updateBookingMetadataInput, type UpdateBookingMetadataInput } from "./bookings/update-booking-metadata.ts";
export { acceptBooking, acceptBookingInput, type AcceptBookingInput } from "./bookings/accept-booking.ts";
export { declineBooking, declineBookingInput, type DeclineBookingInput } from "./bookings/decline-booking.ts";
export { payBooking, payBookingInput, type PayBookingInput } from "./bookings/pay-booking.ts";
export { startCheckout, startCheckoutInput, checkoutView, type StartCheckoutInput, type CheckoutView } from "./bookings/start-checkout.ts";
export { moveEvent, moveEventInput, type MoveEventInput } from "./bookings/move-event.ts";
export { cancelBooking, cancelBookingInput, type CancelBookingInput } from "./bookings/cancel-booking.ts";
export { requestMove, requestMoveInput, type RequestMoveInput } from "./bookings/request-move.ts";
export { acceptMove, acceptMoveInput, type AcceptMoveInput } from "./bookings/accept-move.ts";
export { declineMove, declineMoveInput, type DeclineMoveInput } from "./bookings/decline-move.ts";
export { getBooking, getBookingInput, type GetBookingInput } from "./bookings/get-booking.ts";
// Bookings: deadlines (system; the catalogue's handlers call these)
export { expireRequest, expireRequests, expireRequestInput } from "./bookings/expire-request.ts";
export { cancelUnpaidBooking, cancelUnpaidBookings, cancelUnpaidBookingInput } from "./bookings/cancel-unpaid-booking.ts";
export { closeEvent, closeEvents, closeEventInput } from "./bookings/close-event.ts";
export { completeBooking, completeBookings, completeBookingInput } from "./bookings/complete-booking.ts";
export { payOutBooking, payOutBookings, payOutBookingInput } from "./bookings/pay-out-booking.ts";
export { lapseMoveRequest, lapseMoveRequestInput } from "./bookings/lapse-move-request.ts";

// Disputes
export { openDispute, openDisputeInput, type OpenDisputeInput } from "./disputes/open-dispute.ts";
export { replyToDispute, replyToDisputeInput, type ReplyToDisputeInput } from "./disputes/reply-to-dispute.ts";
export { resolveDispute, resolveDisputeInput, type ResolveDisputeInput } from "./disputes/resolve-dispute.ts";
export { refundUnansweredDispute, refundUnansweredDisputeInput } from "./disputes/refund-unanswered-dispute.ts";

// Auctions
export { postAuction, postAuctionInput, type PostAuctionInput } from "./auctions/post-auction.ts";
export { placeBid, placeBidInput, type PlaceBidInput } from "./auctions/place-bid.ts";
export { getAuction, getAuctionInput, type GetAuctionInput } from "./auctions/get-auction.ts";
export { closeAuction, closeAuctionInput } from "./auctions/close-auction.ts";
