// The OpenAPI 3.1 document of /api/v1, generated from the endpoints' own zod schemas (the ones
// the routes parse with) by @asteasolutions/zod-to-openapi: nothing here is hand-written JSON
// Schema, so the reference cannot say something the routes do not do. Served at
// /api/v1/openapi.json and rendered at /api/v1/docs.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ErrorEnvelope, type Endpoint, type EndpointError } from "./endpoint.ts";
import { ErrorCode } from "../errors.ts";
import { ApiErrorCode, apiErrorStatus } from "./errors.ts";

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
}

const api = (code: ApiErrorCode, when: string): EndpointError => ({ status: apiErrorStatus[code], code, when });

/** The API's own refusals that apply to an endpoint, from its shape. */
function edgeErrors(endpoint: Endpoint): EndpointError[] {
  const errors = [
    api(ApiErrorCode.Unauthenticated, "no API key, or not a valid one"),
    api(ApiErrorCode.ApiKeyRevoked, "the API key was revoked"),
    api(ApiErrorCode.InvalidActingAs, "X-Acting-As is not customer:<id> or chef:<id>"),
    api(ApiErrorCode.InvalidRequestId, "Request-Id is not 1-128 letters, digits and . _ : -"),
    api(ApiErrorCode.RateLimited, "the key sent more requests this minute than its limit; Retry-After says when to come back"),
    api(ApiErrorCode.Internal, "a bug: logged on the server under the request id"),
  ];
  if (endpoint.method !== "get") errors.push(api(ApiErrorCode.ApiKeyReadOnly, "the key is read-only"));
  if (endpoint.parties.some((kind) => kind !== "platform")) {
    if (!endpoint.parties.includes("platform")) errors.push(api(ApiErrorCode.ActingAsRequired, "an app key sent no X-Acting-As"));
    errors.push(
      api(ApiErrorCode.ActingAsForbidden, `the request does not act for ${callersOf(endpoint)}, or a bound key named another party`),
    );
  } else if (endpoint.parties.length > 0) {
    errors.push(api(ApiErrorCode.ActingAsForbidden, "the request acts for a customer or chef (a bound key, or X-Acting-As): only the platform may"));
  }
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.method === "post") {
    errors.push(api(ApiErrorCode.InvalidInput, "the path, query or body does not fit the schema (`issues` says where)"));
  }
  if (endpoint.method === "post") {
    errors.push(
      api(ApiErrorCode.InvalidJson, "the body is not JSON"),
      api(ApiErrorCode.PayloadTooLarge, "the body is over 64 KiB"),
      api(ApiErrorCode.UnsupportedMediaType, "the Content-Type is not application/json"),
      api(ApiErrorCode.InvalidIdempotencyKey, "the Idempotency-Key is not 1-255 printable ASCII characters"),
      api(ApiErrorCode.IdempotencyKeyReused, "the Idempotency-Key was used for a different request"),
      api(ApiErrorCode.IdempotencyKeyInProgress, "the first request with this Idempotency-Key is still running"),
    );
  }
  if (endpoint.booking?.ifMatch) {
    errors.push(
      api(ApiErrorCode.PreconditionFailed, "If-Match names a version the booking no longer has: it changed since you read it; nothing was done"),
      api(ApiErrorCode.RecordBusy, "If-Match was sent and a deadline is running on the booking right now; retry shortly"),
    );
  }
  // Every route, whatever its shape: the server at capacity (lib/api/admission.ts), or the
  // database out of reach. Both answer Retry-After (retryAfterHeader below).
  errors.push(
    api(ApiErrorCode.ServerBusy, "the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter"),
    { status: 503, code: ErrorCode.DatabaseUnavailable, when: "the database cannot be reached: nothing was done; retry after Retry-After seconds" },
  );
  return errors;
}

/** Headers answered alike by many operations: components, referenced by each. */
const headerComponents = {
  "Retry-After": {
    description: "When to retry: seconds (503: 1 when busy, 5 when the database is out of reach; 429: until the rate window ends; add jitter), or an HTTP-date (QUOTA_EXHAUSTED).",
    schema: { type: "string", example: "1" },
  },
  "Request-Id": {
    description: "This request's id: the one you sent (1-128 letters, digits and `. _ : -`), else the server's. Quote it when you ask about the request.",
    schema: { type: "string", example: "req_4f3c2a1b0e9d8c7b6a594837" },
  },
  "RateLimit-Limit": { description: "Requests this key may send per minute.", schema: { type: "integer", example: 6000 } },
  "RateLimit-Remaining": { description: "Requests left in the current minute.", schema: { type: "integer", example: 5999 } },
  "RateLimit-Reset": { description: "Seconds until the current minute's window ends.", schema: { type: "integer", example: 42 } },
} as const;
const ref = (name: keyof typeof headerComponents) => ({ $ref: `#/components/headers/${name}` });
/** Every answer names its request and (once the key is known) its rate limit. */
const commonHeaders = {
  "Request-Id": ref("Request-Id"),
  "RateLimit-Limit": ref("RateLimit-Limit"),
  "RateLimit-Remaining": ref("RateLimit-Remaining"),
  "RateLimit-Reset": ref("RateLimit-Reset"),
};

const callerWords = { customer: "a customer", chef: "a chef", platform: "the platform (an app key sending no X-Acting-As)" } as const;
const callersOf = (endpoint: Endpoint) => endpoint.parties.map((kind) => callerWords[kind]).join(" or ");

const STATUS_TEXT: Record<number, string> = {
  500: "Internal error",
  400: "Bad request",
  401: "Unauthenticated",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  405: "Method not allowed",
  412: "Precondition failed",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "Unprocessable",
  429: "Too many requests",
  503: "Unavailable",
};

function errorResponses(endpoint: Endpoint) {
  const byStatus = new Map<number, EndpointError[]>();
  for (const error of [...edgeErrors(endpoint), ...(endpoint.errors ?? [])]) {
    byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, errors]) => [
        status,
        {
          description: `${STATUS_TEXT[status] ?? "Refused"}: ${errors.map((error) => `\`${error.code}\` ${error.when}`).join("; ")}.`,
          headers: status === 503 || status === 429 ? { ...commonHeaders, "Retry-After": { $ref: "#/components/headers/Retry-After" } } : commonHeaders,
          content: { "application/json": { schema: ErrorEnvelope } },
        },
      ]),
  );
}

const actingAsHeader = z
  .string()
  .regex(/^(customer|chef):[1-9][0-9]{0,9}$/)
  .meta({
    description:
      "Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it.",
    example: "customer:1",
  });
const idempotencyKeyHeader = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/)
  .meta({
    description: "Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice.",
    example: "0b5c6a0e-5d8a-4f2e-9f57-2f1d7d3b2c11",
  });


const ifMatchHeader = z
  .string()
  .max(1_000)
  .meta({
    description:
      "The booking's `ETag` as you last read it (GET /bookings/{bookingId}, or the answer that changed it): the request is refused with 412 PRECONDITION_FAILED, doing nothing, if the booking changed since. Use it so that, say, a chef's accept cannot bind an event time the customer moved after the chef read it.",
    example: '"5d41402abc4b2a76b9719d911017c592"',
  });


function successHeaders(endpoint: Endpoint) {
  return {
    ...commonHeaders,
    ...(endpoint.method === "post" ? { "Idempotent-Replayed": ref("Idempotent-Replayed" as never) } : {}),
    ...(endpoint.booking ? { ETag: ref("ETag" as never) } : {}),
    ...(endpoint.location ? { Location: { description: "Where the created record is read.", schema: { type: "string", example: "/api/v1/bookings/42" } } } : {}),
  };
}

/** Whether a body must be sent: only when an empty one is refused (accept takes none; no body reads as `{}`). */
function bodyRequired(body: z.ZodType): boolean {
  return !body.safeParse({}).success;
}

export function buildOpenApiDocument(endpoints: readonly Endpoint[], serverUrl: string, info: DocumentInfo) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "An API key: `Authorization: Bearer duly_…`. Create one with `npm run apikey:create` (docs/api.md).",
  });
  for (const [name, header] of Object.entries(headerComponents)) registry.registerComponent("headers", name, header as never);
  registry.registerComponent("headers", "Idempotent-Replayed", {
    description: "`true` when this is the stored first response to an earlier request with the same Idempotency-Key (nothing was done again).",
    schema: { type: "string", enum: ["true"] },
  });
  registry.registerComponent("headers", "ETag", {
    description: "The booking's version as this answer shows it: send it back as `If-Match` to act only on this version.",
    schema: { type: "string", example: '"5d41402abc4b2a76b9719d911017c592"' },
  });
  for (const endpoint of endpoints) {
    const headers = z.object({
      // Required with an app key on a route for a party; a bound key may leave it out.
      "X-Acting-As": actingAsHeader.optional(),
      ...(endpoint.method === "post" ? { "Idempotency-Key": idempotencyKeyHeader.optional() } : {}),
      ...(endpoint.booking?.ifMatch ? { "If-Match": ifMatchHeader.optional() } : {}),
    });
    registry.registerPath({
      method: endpoint.method,
      path: endpoint.path,
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      description: [
        endpoint.description,
        endpoint.parties.length > 0 ? `Acts for ${callersOf(endpoint)}.` : undefined,
      ]
        .filter(Boolean)
        .join("\n\n"),
      tags: [endpoint.tag],
      security: [{ [bearer.name]: [] }],
      request: {
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { query: endpoint.query } : {}),
        headers,
        ...(endpoint.body ? { body: { required: bodyRequired(endpoint.body), content: { "application/json": { schema: endpoint.body } } } } : {}),
      },
      responses: {
        [endpoint.successStatus]: {
          description: endpoint.successStatus === 201 ? "Created" : "OK",
          headers: successHeaders(endpoint),
          content: { "application/json": { schema: endpoint.response } },
        },
        ...errorResponses(endpoint),
      },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { ...info, license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" } },
    servers: [{ url: serverUrl, description: "This server" }],
  });
}
