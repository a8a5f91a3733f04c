// The disputes endpoints of /api/v1. Resolution is the operators' (the dashboard), not the API's
// (docs/decisions/0012).
import { z } from "zod";
import { disputeView, openDisputeInput, replyToDisputeInput } from "../../marketplace/index.ts";
import { defineEndpoint, idParam } from "../endpoint.ts";
import { invalidState, notFoundOrNotYours } from "./marketplace-errors.ts";

export const Dispute = disputeView.meta({ id: "Dispute" });

export const openDisputeEndpoint = defineEndpoint({
  operationId: "openDispute",
  method: "post",
  path: "/bookings/{bookingId}/disputes",
  summary: "Open a dispute on a booking (the customer)",
  description: "Possible until the payout. Holds the money; the chef has the policy's time (24 h by default) to reply, or it is refunded.",
  tag: "Disputes",
  parties: ["customer"],
  params: z.object({ bookingId: idParam("The booking's id") }),
  body: openDisputeInput.omit({ bookingId: true }).meta({ id: "OpenDispute" }),
  response: Dispute,
  successStatus: 201,
  location: (dispute) => `/bookings/${dispute.bookingId}`,
  errors: [notFoundOrNotYours("booking"), invalidState("the booking is not paid, closed or completed (e.g. already paid out), or a dispute is open")],
});

export const replyToDisputeEndpoint = defineEndpoint({
  operationId: "replyToDispute",
  method: "post",
  path: "/disputes/{disputeId}/reply",
  summary: "Reply to a dispute (the chef)",
  description: "Cancels the reply deadline; the dispute then waits for an operator.",
  tag: "Disputes",
  parties: ["chef"],
  params: z.object({ disputeId: idParam("The dispute's id") }),
  body: replyToDisputeInput.omit({ disputeId: true }).meta({ id: "ReplyToDispute" }),
  response: Dispute,
  successStatus: 200,
  errors: [notFoundOrNotYours("dispute"), invalidState("the dispute is not awaiting a reply, or its deadline passed")],
});
