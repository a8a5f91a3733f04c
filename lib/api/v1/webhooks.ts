// /api/v1/webhook-endpoints: integrators register where Duly sends their events, signed
// (lib/webhooks, docs/decisions/0029). An endpoint belongs to the caller as its key acts (the
// platform, or a customer or chef) and receives the events that caller may see.
import { z } from "zod";
import { endpointView, deliveryView, subscribedTypes } from "../../webhooks/endpoints.ts";
import { eventCursor } from "./events.ts";
import { defineEndpoint, idParam, type EndpointError } from "../endpoint.ts";
import { invalidState, notFound } from "./marketplace-errors.ts";

const endpointLimit = (when: string): EndpointError => ({ status: 409, code: "WEBHOOK_ENDPOINT_LIMIT", when });

const endpointParams = z.object({ endpointId: idParam("The webhook endpoint's id.") });
const withSecret = z
  .object({
    endpoint: endpointView,
    secret: z.string().meta({ description: "The signing secret. Shown this once: keep it where the receiver can read it.", example: "whsec_…" }),
  })
  .meta({ id: "WebhookEndpointWithSecret" });

export const createWebhookEndpoint = defineEndpoint({
  operationId: "createWebhookEndpoint",
  method: "post",
  path: "/webhook-endpoints",
  summary: "Register a webhook endpoint (its signing secret is shown once)",
  description:
    "The URL must be https and resolve to a public address (private, loopback and link-local addresses are refused). " +
    "An owner has at most 20 enabled endpoints, and 100 in all, disabled ones included: past either, 409 WEBHOOK_ENDPOINT_LIMIT " +
    "(disable one, or enable and reuse a disabled one; one disabled for longer than the event retention, with no delivery left, is deleted).",
  tag: "Webhooks",
  parties: [],
  body: z
    .object({
      url: z.string().min(1).max(2048).meta({ example: "https://example.com/duly/webhooks" }),
      eventTypes: subscribedTypes,
      description: z.string().trim().min(1).max(200).optional(),
    })
    .strict()
    .meta({ id: "CreateWebhookEndpoint" }),
  response: withSecret,
  successStatus: 201,
  location: (created) => `/webhook-endpoints/${created.endpoint.id}`,
  errors: [endpointLimit("the caller has 20 enabled endpoints, or 100 in all")],
});

export const listWebhookEndpoints = defineEndpoint({
  operationId: "listWebhookEndpoints",
  method: "get",
  path: "/webhook-endpoints",
  summary: "The caller's webhook endpoints",
  tag: "Webhooks",
  parties: [],
  response: z.object({ data: z.array(endpointView) }).meta({ id: "WebhookEndpointList" }),
  successStatus: 200,
});

export const getWebhookEndpoint = defineEndpoint({
  operationId: "getWebhookEndpoint",
  method: "get",
  path: "/webhook-endpoints/{endpointId}",
  summary: "One of the caller's webhook endpoints",
  tag: "Webhooks",
  parties: [],
  params: endpointParams,
  response: endpointView,
  successStatus: 200,
  errors: [notFound("webhook endpoint")],
});

export const rotateWebhookSecret = defineEndpoint({
  operationId: "rotateWebhookSecret",
  method: "post",
  path: "/webhook-endpoints/{endpointId}/rotate-secret",
  summary: "A new signing secret; the previous one keeps signing for a while",
  description: "While the previous secret is valid each delivery carries two v1 signatures, the new one first, so the receiver can switch at any time.",
  tag: "Webhooks",
  parties: [],
  params: endpointParams,
  body: z.object({ keepPreviousHours: z.number().int().min(0).max(168).default(24) }).strict().meta({ id: "RotateWebhookSecret" }),
  response: withSecret,
  successStatus: 200,
  errors: [notFound("webhook endpoint")],
});

const reasonBody = z.object({ reason: z.string().trim().min(3).max(500).optional() }).strict().meta({ id: "WebhookEndpointReason" });

export const disableWebhookEndpoint = defineEndpoint({
  operationId: "disableWebhookEndpoint",
  method: "post",
  path: "/webhook-endpoints/{endpointId}/disable",
  summary: "Stop sending to an endpoint (its pending deliveries end failed)",
  tag: "Webhooks",
  parties: [],
  params: endpointParams,
  body: reasonBody,
  response: endpointView,
  successStatus: 200,
  errors: [notFound("webhook endpoint")],
});

export const enableWebhookEndpoint = defineEndpoint({
  operationId: "enableWebhookEndpoint",
  method: "post",
  path: "/webhook-endpoints/{endpointId}/enable",
  summary: "Send to an endpoint again (new events; replay or read GET /events for what it missed)",
  tag: "Webhooks",
  parties: [],
  params: endpointParams,
  body: reasonBody,
  response: endpointView,
  successStatus: 200,
  errors: [notFound("webhook endpoint"), endpointLimit("the caller has 20 enabled endpoints already")],
});

export const listWebhookDeliveries = defineEndpoint({
  operationId: "listWebhookDeliveries",
  method: "get",
  path: "/webhook-endpoints/{endpointId}/deliveries",
  summary: "An endpoint's latest deliveries, each with every attempt (status, latency, the answer's start)",
  tag: "Webhooks",
  parties: [],
  params: endpointParams,
  query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
  response: z.object({ data: z.array(deliveryView) }).meta({ id: "WebhookDeliveryList" }),
  successStatus: 200,
  errors: [notFound("webhook endpoint")],
});

export const replayWebhookEvent = defineEndpoint({
  operationId: "replayWebhookEvent",
  method: "post",
  path: "/webhook-endpoints/{endpointId}/replay",
  summary: "Send an event to the endpoint again, now",
  tag: "Webhooks",
  parties: [],
  params: endpointParams,
  body: z.object({ eventId: eventCursor.meta({ description: "The event's id." }) }).strict().meta({ id: "ReplayWebhookEvent" }),
  response: z.object({ deliveryId: z.string(), eventId: z.string(), endpointId: z.number().int() }).meta({ id: "WebhookReplay" }),
  successStatus: 201,
  // The delivery is listed with its attempts among the endpoint's deliveries.
  location: (replay) => `/webhook-endpoints/${replay.endpointId}/deliveries`,
  errors: [notFound("webhook endpoint or event"), invalidState("the endpoint is disabled")],
});

export const deleteWebhookEndpoint = defineEndpoint({
  operationId: "deleteWebhookEndpoint",
  method: "delete",
  path: "/webhook-endpoints/{endpointId}",
  summary: "Delete an endpoint for good, with its deliveries and their attempts",
  description:
    "Nothing more is sent to it: its pending deliveries and the jobs that would send them go with it. The audit log keeps that it was deleted, by whom. " +
    "Deleting it again, or another owner's endpoint, answers 404. While a delivery to it is being sent (a receiver still answering), 409 INVALID_STATE: retry in a few seconds.",
  tag: "Webhooks",
  parties: [],
  params: endpointParams,
  response: z.object({ id: z.number().int(), deleted: z.literal(true) }).meta({ id: "DeletedWebhookEndpoint" }),
  successStatus: 200,
  errors: [notFound("webhook endpoint"), invalidState("a delivery to the endpoint is being sent right now (retry shortly)")],
});
