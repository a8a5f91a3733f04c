// The bookings endpoints of /api/v1: the marketplace's use cases' own input schemas (less the
// id, which is in the path) and views, described for the OpenAPI document.
import { z } from "zod";
import {
  acceptBookingInput,
  bookingDetailView,
  bookingView,
  cancelBookingInput,
  checkoutView,
  declineBookingInput,
  moveEventInput,
  payBookingInput,
  requestBookingInput,
  startCheckoutInput,
  updateBookingMetadataInput,
} from "../../marketplace/index.ts";
import { defineEndpoint, idParam } from "../endpoint.ts";
import { domainInput, invalidState, notFound, notFoundOrNotYours } from "./marketplace-errors.ts";

export const Booking = bookingView.meta({ id: "Booking" });
export const BookingDetail = bookingDetailView.meta({
  id: "BookingDetail",
  description:
    "A booking with its disputes, ledger entries, money (charged = paid out + refunded + held) and upcoming deadlines. Its customer and chef see it without the platform's internals (ledger entry ids, provider keys and who recorded them, job ids, which operator acted): docs/api.md, \"What each party sees\".",
});
const bookingParams = z.object({ bookingId: idParam("The booking's id") });
const noSuchBooking = notFoundOrNotYours("booking");

export const requestBookingEndpoint = defineEndpoint({
  operationId: "requestBooking",
  method: "post",
  path: "/bookings",
  summary: "Request a booking from a chef",
  description: "The chef has the policy's time (24 h by default) to accept, or the request expires.",
  tag: "Bookings",
  parties: ["customer"],
  body: requestBookingInput.meta({ id: "RequestBooking" }),
  response: Booking,
  booking: { from: "response" },
  successStatus: 201,
  location: (booking) => `/bookings/${booking.id}`,
  errors: [
    notFound("chef or customer"),
    domainInput("the event is sooner than the minimum notice, or the time zone is unknown"),
    { status: 409, code: "CHEF_UNAVAILABLE", when: "the chef is booked for an overlapping event at that time" },
  ],
});

export const getBookingEndpoint = defineEndpoint({
  operationId: "getBooking",
  method: "get",
  path: "/bookings/{bookingId}",
  summary: "A booking with its upcoming deadlines and ledger",
  description: "Its customer or chef sees it without the platform's internals; the platform (an app key acting for no party) sees everything.",
  tag: "Bookings",
  parties: ["customer", "chef", "platform"],
  params: bookingParams,
  response: BookingDetail,
  booking: { from: "params" },
  successStatus: 200,
  errors: [noSuchBooking],
});

export const updateBookingEndpoint = defineEndpoint({
  operationId: "updateBooking",
  method: "post",
  path: "/bookings/{bookingId}",
  summary: "Update a booking's metadata",
  description:
    "Sets your own keys and values on the booking (Stripe's rule: a key set to \"\" or null is removed, keys left out are kept; at most 20 keys). Any status. Metadata is not part of the booking's terms: it leaves the `ETag` as it is.",
  tag: "Bookings",
  parties: ["customer", "chef", "platform"],
  params: bookingParams,
  body: updateBookingMetadataInput.omit({ bookingId: true }).meta({ id: "UpdateBooking" }),
  response: Booking,
  booking: { from: "params" },
  successStatus: 200,
  errors: [noSuchBooking, invalidState("the metadata changed meanwhile (retry)"), domainInput("more than 20 metadata keys would result")],
});

export const acceptBookingEndpoint = defineEndpoint({
  operationId: "acceptBooking",
  method: "post",
  path: "/bookings/{bookingId}/accept",
  summary: "Accept a booking request (the chef)",
  description: "The customer then has the policy's time (12 h by default) to pay. No body (or `{}`).",
  tag: "Bookings",
  parties: ["chef"],
  params: bookingParams,
  body: acceptBookingInput.omit({ bookingId: true }).meta({ id: "AcceptBooking" }),
  response: Booking,
  booking: { from: "params", ifMatch: true },
  successStatus: 200,
  errors: [
    noSuchBooking,
    invalidState("the booking is not `requested`, or its answer deadline passed"),
    { status: 409, code: "CHEF_UNAVAILABLE", when: "the chef already holds a booking whose event overlaps this one" },
  ],
});

export const declineBookingEndpoint = defineEndpoint({
  operationId: "declineBooking",
  method: "post",
  path: "/bookings/{bookingId}/decline",
  summary: "Decline a booking request (the chef)",
  tag: "Bookings",
  parties: ["chef"],
  params: bookingParams,
  body: declineBookingInput.omit({ bookingId: true }).meta({ id: "DeclineBooking" }),
  response: Booking,
  booking: { from: "params", ifMatch: true },
  successStatus: 200,
  errors: [noSuchBooking, invalidState("the booking is not `requested`")],
});

export const startCheckoutEndpoint = defineEndpoint({
  operationId: "startCheckout",
  method: "post",
  path: "/bookings/{bookingId}/checkout",
  summary: "Start paying an accepted booking (the customer)",
  description:
    "Answers what to capture, in which currency and by when; records nothing. Create the payment at the provider from these terms with the booking's id in its metadata: the provider's signed `payment.captured` webhook then records the charge (docs/api.md, \"Payments\"). A customer can start a payment, never confirm one.",
  tag: "Bookings",
  parties: ["customer"],
  params: bookingParams,
  body: startCheckoutInput.omit({ bookingId: true }).meta({ id: "StartCheckout" }),
  response: checkoutView.meta({ id: "Checkout" }),
  successStatus: 200,
  errors: [noSuchBooking, invalidState("the booking is not `accepted`, or its payment deadline or event has passed")],
});

export const payBookingEndpoint = defineEndpoint({
  operationId: "payBooking",
  method: "post",
  path: "/bookings/{bookingId}/pay",
  summary: "Record a captured payment (the platform only)",
  description:
    "The payment provider captured the price: records a `charge`, and schedules the event's close. Only the platform may say so: an app key sending no X-Acting-As (or the provider itself, through the signed webhook POST /api/webhooks/payments); a customer's or chef's key, or an app key acting for one, is refused. `paymentKey` is the provider's key for the capture: the same key and amount again changes nothing.",
  tag: "Bookings",
  parties: ["platform"],
  params: bookingParams,
  body: payBookingInput.omit({ bookingId: true }).meta({ id: "PayBooking" }),
  response: Booking,
  booking: { from: "params", ifMatch: true },
  successStatus: 200,
  errors: [
    notFound("booking"),
    invalidState("the booking is not `accepted` (e.g. declined or expired), or its payment deadline passed"),
    domainInput("the amount or currency is not the booking's price"),
    { status: 409, code: "IDEMPOTENCY_CONFLICT", when: "the paymentKey already recorded a different movement" },
  ],
});

export const moveEventEndpoint = defineEndpoint({
  operationId: "moveEvent",
  method: "post",
  path: "/bookings/{bookingId}/move",
  summary: "Move a requested booking's event (the customer)",
  description:
    "Only while the booking is `requested`: the chef has agreed to nothing yet, and accepting agrees to the time it has then. Once accepted, the time is agreed and a move is a request the chef answers (`POST /bookings/{bookingId}/move-requests`).",
  tag: "Bookings",
  parties: ["customer"],
  params: bookingParams,
  body: moveEventInput.omit({ bookingId: true }).meta({ id: "MoveEvent" }),
  response: Booking,
  booking: { from: "params", ifMatch: true },
  successStatus: 200,
  errors: [
    noSuchBooking,
    invalidState("the booking is not `requested` (an accepted or paid one is moved by request), the event is past, or the booking has ended"),
    domainInput("the new time is sooner than the minimum notice"),
    { status: 409, code: "CHEF_UNAVAILABLE", when: "the chef is booked for an overlapping event at the new time" },
  ],
});

export const cancelBookingEndpoint = defineEndpoint({
  operationId: "cancelBooking",
  method: "post",
  path: "/bookings/{bookingId}/cancel",
  summary: "Cancel a booking (refund per the policy)",
  description: "Cancels its deadlines; a paid booking is refunded as the policy says (in full with enough notice, else partly).",
  tag: "Bookings",
  parties: ["customer", "chef"],
  params: bookingParams,
  body: cancelBookingInput.omit({ bookingId: true }).meta({ id: "CancelBooking" }),
  response: Booking,
  booking: { from: "params", ifMatch: true },
  successStatus: 200,
  errors: [noSuchBooking, invalidState("the booking has ended or its event has started")],
});
