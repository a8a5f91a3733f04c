// The move-request endpoints of /api/v1: once the chef has accepted a booking, its event time is
// part of what both agreed, so the customer asks to move it and the chef accepts or declines
// (docs/decisions/0023). The use cases' own input schemas (less the ids in the path) and view.
import { z } from "zod";
import { acceptMoveInput, declineMoveInput, moveRequestView, requestMoveInput } from "../../marketplace/index.ts";
import { defineEndpoint, idParam, type EndpointError } from "../endpoint.ts";
import { domainInput, invalidState, notAllowed, notFoundOrNotYours } from "./marketplace-errors.ts";

export const MoveRequest = moveRequestView.meta({
  id: "MoveRequest",
  description: "A customer's request to move an accepted or paid event; the booking keeps its terms until the chef accepts.",
});

const chefUnavailable = (when: string): EndpointError => ({ status: 409, code: "CHEF_UNAVAILABLE", when });
const moveRequestParams = z.object({ moveRequestId: idParam("The move request's id") });

export const requestMoveEndpoint = defineEndpoint({
  operationId: "requestMove",
  method: "post",
  path: "/bookings/{bookingId}/move-requests",
  summary: "Ask the chef to move an accepted or paid event (the customer)",
  description:
    "Nothing changes until the chef accepts: the event time, its deadlines and the cancellation terms stay as agreed. The chef has the policy's time (24 h by default, never past the event as agreed) to answer, or the request lapses. One pending request per booking. A booking still `requested` is moved directly (`POST /bookings/{bookingId}/move`).",
  tag: "Bookings",
  parties: ["customer"],
  params: z.object({ bookingId: idParam("The booking's id") }),
  body: requestMoveInput.omit({ bookingId: true }).meta({ id: "RequestMove" }),
  response: MoveRequest,
  successStatus: 201,
  location: (move) => `/bookings/${move.bookingId}`,
  errors: [
    notFoundOrNotYours("booking"),
    invalidState("the booking is not `accepted` or `paid` (a `requested` one is moved directly), its event has started, or a move is already pending"),
    domainInput("the new time is sooner than the minimum notice, too far ahead, or the event's current time"),
    chefUnavailable("the chef is booked for an overlapping event at the new time"),
  ],
});

export const acceptMoveEndpoint = defineEndpoint({
  operationId: "acceptMove",
  method: "post",
  path: "/move-requests/{moveRequestId}/accept",
  summary: "Accept a move request (the chef)",
  description:
    "The event moves to the requested time, a paid booking's deadlines with it, and the new time becomes the agreed one: cancellation terms are judged against it from now on. No body (or `{}`).",
  tag: "Bookings",
  parties: ["chef"],
  params: moveRequestParams,
  body: acceptMoveInput.omit({ moveRequestId: true }).meta({ id: "AcceptMove" }),
  response: MoveRequest,
  successStatus: 200,
  errors: [
    notFoundOrNotYours("move request"),
    invalidState("the request is not pending or its answer deadline passed, or the booking is no longer accepted or paid"),
    chefUnavailable("the chef is booked for an overlapping event at the new time"),
  ],
});

export const declineMoveEndpoint = defineEndpoint({
  operationId: "declineMove",
  method: "post",
  path: "/move-requests/{moveRequestId}/decline",
  summary: "Decline a move request (the chef)",
  description: "The booking keeps its terms.",
  tag: "Bookings",
  parties: ["chef"],
  params: moveRequestParams,
  body: declineMoveInput.omit({ moveRequestId: true }).meta({ id: "DeclineMove" }),
  response: MoveRequest,
  successStatus: 200,
  errors: [notFoundOrNotYours("move request"), notAllowed("the booking's customer may not answer it"), invalidState("the request is not pending, or its answer deadline passed")],
});
