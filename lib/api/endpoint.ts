// An endpoint of /api/v1 as data: method, path, who may call it, and the zod schemas of its
// path, query, body and response. The route file wires it to a use case
// (app/api/v1/_lib/api-route.ts parses and authorises by it), and the OpenAPI document is
// generated from the same objects (lib/api/openapi.ts), so the reference cannot drift from
// what the routes accept.
import { z } from "zod";
import { int4Max, serialIdText } from "../validation/fields.ts";
import type { CallerKind } from "./acting-party.ts";
import { errorCodes, errorTypes } from "./error-catalogue.ts";

/** A DELETE, as a GET, takes no body; as a POST, it runs in one transaction (api-route.ts). */
export type HttpMethod = "get" | "post" | "delete";

export interface Endpoint<
  Parties extends readonly CallerKind[] = readonly CallerKind[],
  Params extends z.ZodObject = z.ZodObject,
  Query extends z.ZodObject = z.ZodObject,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  /** Unique, camelCase: the OpenAPI operationId. */
  operationId: string;
  method: HttpMethod;
  /** Under /api/v1, OpenAPI style: `/bookings/{bookingId}/accept`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /**
   * Who the request must act for (X-Acting-As or a bound key): empty when it acts for no
   * customer or chef (an app key's own call, such as recording an account's usage). "platform":
   * an app key naming no party, acting as the marketplace itself (recording a captured payment).
   */
  parties: Parties;
  params?: Params;
  query?: Query;
  /** POST only. Omitted: the POST takes no body (an empty body or `{}`). */
  body?: Body;
  response: Response;
  /** 201 when the POST creates a record, else 200. */
  successStatus: 200 | 201;
  /** With 201: the path under /api/v1 where the created record is read (answered as `Location`). */
  location?: (created: z.output<Response>) => string;
  /**
   * The booking the answer shows, named by the path's `bookingId` or by the response's `id`: its
   * ETag is answered. With `ifMatch`, an `If-Match` header is checked before the use case runs
   * (412 PRECONDITION_FAILED when the booking changed; lib/api/preconditions.ts).
   */
  booking?: { from: "params" | "response"; ifMatch?: boolean };
  /** Refusals the use case may answer besides the API's own (listed in the reference). */
  errors?: readonly EndpointError[];
}

export interface EndpointError {
  status: number;
  code: string;
  when: string;
}

export function defineEndpoint<
  const Parties extends readonly CallerKind[],
  Params extends z.ZodObject,
  Query extends z.ZodObject,
  Body extends z.ZodType,
  Response extends z.ZodType,
>(endpoint: Endpoint<Parties, Params, Query, Body, Response>): Endpoint<Parties, Params, Query, Body, Response> {
  if (endpoint.method !== "post" && endpoint.body) throw new Error(`${endpoint.operationId}: a ${endpoint.method.toUpperCase()} has no body`);
  if ((endpoint.successStatus === 201) !== (endpoint.location !== undefined)) {
    throw new Error(`${endpoint.operationId}: a 201 says where the created record is (location), and only a 201 does`);
  }
  const named = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
  const declared = Object.keys(endpoint.params?.shape ?? {}).sort();
  if (named.join() !== declared.join()) {
    throw new Error(`${endpoint.operationId}: path parameters {${named.join(", ")}} do not match params (${declared.join(", ")})`);
  }
  return endpoint;
}

/** A record id in a path: a positive 32-bit integer, as the marketplace's tables use (the one rule, lib/validation/fields.ts). */
// Documented as the integer it is (as ids are in bodies), though a path carries it as text.
export const idParam = (description: string) =>
  serialIdText("a positive integer id").meta({ description, example: 42, type: "integer", format: "int32", minimum: 1, maximum: int4Max } as never);

/** The body of a POST that takes no input: nothing, or an empty object. */
export const NoBody = z.object({}).strict();

/** The error envelope every refusal answers with (Stripe's shape; lib/api/error-catalogue.ts). */
export const ErrorEnvelope = z
  .object({
    error: z.object({
      type: z.enum(errorTypes).meta({
        id: "ErrorType",
        description:
          "What kind of refusal, to branch on: fix the request (`invalid_request_error`), authenticate (`authentication_error`), act as someone else or with another key (`permission_error`), reuse an Idempotency-Key correctly (`idempotency_error`), slow down (`rate_limit_error`), or retry later (`api_error`: 503 with Retry-After; a 500 is a bug).",
      }),
      code: z.enum(errorCodes).meta({ id: "ErrorCode", description: "Machine-readable; /api/v1/docs/errors and docs/api.md explain each.", example: "INVALID_STATE" }),
      message: z.string().meta({ description: "For a person: what is wrong and what to do. Amounts are written with their currency and in minor units." }),
      param: z.string().optional().meta({ description: "The field or header at fault, when one is: `priceMinor`, `metadata.order_id`, `bookingId`, `If-Match`.", example: "priceMinor" }),
      doc_url: z.string().meta({ description: "Where this code is explained.", example: "https://duly.example/api/v1/docs/errors#invalid_state" }),
      request_id: z.string().meta({ description: "This request's id (also the `Request-Id` header): quote it when you ask about the request.", example: "req_4f3c2a1b0e9d8c7b6a594837" }),
      issues: z
        .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
        .optional()
        .meta({ description: "With INVALID_INPUT: each problem and where (`body.price`, `params.bookingId`)." }),
      retryAt: z
        .string()
        .optional()
        .meta({ description: "With QUOTA_EXHAUSTED: when the allowance comes back (ISO instant; also the Retry-After header).", format: "date-time" }),
    }),
  })
  .meta({ id: "Error" });
