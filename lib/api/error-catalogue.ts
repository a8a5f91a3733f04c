// Every code an /api/v1 answer (or the payment webhook) may carry, with its status, its type and
// what to do about it: the `code` enum of the OpenAPI document, the page `doc_url` points to
// (/api/v1/docs/errors), and a unit test checks docs/api.md lists the same codes. Types follow
// Stripe's: a client branches on `type` (retry? re-authenticate? fix the request?) and shows or
// logs `code` and `message`.
import { ErrorCode } from "../errors.ts";
import { ApiErrorCode, apiErrorStatus } from "./errors.ts";

export const errorTypes = [
  "invalid_request_error",
  "authentication_error",
  "permission_error",
  "idempotency_error",
  "rate_limit_error",
  "api_error",
] as const;
export type ErrorType = (typeof errorTypes)[number];

/** The payment webhook's refusal when its secret is not configured (lib/settings.ts). */
export const SERVER_MISCONFIGURED = "SERVER_MISCONFIGURED";

interface CatalogueEntry {
  status: number;
  description: string;
}

const api = (code: ApiErrorCode, description: string): [string, CatalogueEntry] => [code, { status: apiErrorStatus[code], description }];
const domain = (code: ErrorCode, status: number, description: string): [string, CatalogueEntry] => [code, { status, description }];

export const errorCatalogue: ReadonlyMap<string, CatalogueEntry> = new Map([
  api(ApiErrorCode.InvalidJson, "The body is not JSON (or not UTF-8). Send `Content-Type: application/json` and a JSON object."),
  api(ApiErrorCode.InvalidInput, "The body, path or query does not fit the schema (`param` names the first field at fault and `issues` lists each), or breaks a rule on its values (notice too short, an amount that is not the booking's price; a number beyond a double's range such as `1e400`); the message says which."),
  api(ApiErrorCode.InvalidActingAs, "`X-Acting-As` is not `customer:<id>` or `chef:<id>`."),
  api(ApiErrorCode.ActingAsRequired, "The route acts for a customer or chef and the app key sent no `X-Acting-As`."),
  api(ApiErrorCode.InvalidIdempotencyKey, "The `Idempotency-Key` header is empty, longer than 255, or not printable ASCII."),
  api(ApiErrorCode.InvalidRequestId, "The `Request-Id` header is not 1-128 letters, digits and `. _ : -`; leave it out and the server makes one."),
  api(ApiErrorCode.Unauthenticated, "No API key, not a Duly key, or an unknown key: send `Authorization: Bearer duly_…`."),
  api(ApiErrorCode.ApiKeyRevoked, "The key was revoked (the message says when): use another key."),
  api(ApiErrorCode.InvalidSignature, "The payment webhook: no, a malformed, a wrong or a stale `Duly-Signature`."),
  api(ApiErrorCode.ActingAsForbidden, "The route is not for this kind of caller, or a bound key named another party."),
  api(ApiErrorCode.ApiKeyReadOnly, "A read-only key sent a request that changes something: use a key that may write."),
  domain(ErrorCode.NotAllowed, 403, "This party may see the record but not do this to it (a booking's customer accepting it)."),
  domain(ErrorCode.QuotaExceedsPlan, 403, "More was asked at once than the account's plan allows in a whole cycle: waiting cannot help."),
  domain(ErrorCode.NotFound, 404, "No record has this id, or it is another party's (answered alike, so ids cannot be probed)."),
  api(ApiErrorCode.RouteNotFound, "No route has this path under /api/v1."),
  api(ApiErrorCode.MethodNotAllowed, "The path exists but not with this method; `Allow` lists the methods it has."),
  domain(ErrorCode.InvalidState, 409, "The record is not in a state the operation applies to; the message names its state. Read it again before retrying."),
  domain(ErrorCode.WebhookEndpointLimit, 409, "The caller has as many webhook endpoints as it may: 20 enabled (disable one first), or 100 in all, disabled ones included (an endpoint disabled for longer than the event retention, with no delivery left, is deleted and frees its place)."),
  domain(ErrorCode.ChefUnavailable, 409, "The chef already holds a booking whose event overlaps this one."),
  domain(ErrorCode.IdempotencyConflict, 409, "A money movement's key (a payment's `paymentKey`) already recorded a different movement."),
  api(ApiErrorCode.IdempotencyKeyInProgress, "The first request with this `Idempotency-Key` is still running: retry shortly with the same key."),
  api(ApiErrorCode.RecordBusy, "`If-Match` was sent and the record is being changed right now (a deadline is running on it): retry shortly."),
  api(ApiErrorCode.CursorExpired, "`GET /events`: the retention deleted events after this cursor (kept `DULY_EVENT_RETENTION_DAYS`, 30 days), so reading on would skip them. Resync the records you follow from their lists, then read from the `after` the message names (or `0`)."),
  api(ApiErrorCode.PreconditionFailed, "`If-Match` names a version the record no longer has: it changed since you read it. Read it again (new `ETag`), decide, and retry."),
  api(ApiErrorCode.PayloadTooLarge, "The body is over 64 KiB."),
  api(ApiErrorCode.UnsupportedMediaType, "A body was sent with a Content-Type other than `application/json`."),
  api(ApiErrorCode.IdempotencyKeyReused, "The `Idempotency-Key` was used before by this key for a different request: use a new key per operation."),
  api(ApiErrorCode.RateLimited, "The key sent more requests in this window than its limit: wait `Retry-After` seconds (the `RateLimit-*` headers say how many are left)."),
  domain(ErrorCode.QuotaExhausted, 429, "Less of the allowance is left than asked; `retryAt` and `Retry-After` say when it comes back."),
  api(ApiErrorCode.Internal, "A bug: logged on the server with its stack under the `request_id`; quote it when you report it."),
  [SERVER_MISCONFIGURED, { status: 500, description: "The server lacks a setting it needs (the payment webhook's secret)." }],
  api(ApiErrorCode.ServerBusy, "The server is at capacity: nothing was done; retry after `Retry-After` seconds, with jitter and the same `Idempotency-Key`."),
  domain(ErrorCode.DatabaseUnavailable, 503, "The database cannot be reached: nothing was done; retry after `Retry-After` seconds."),
]);

/** Every code in the catalogue, in its order (by status): the OpenAPI `ErrorCode` enum. */
export const errorCodes = [...errorCatalogue.keys()] as [string, ...string[]];

const idempotencyCodes = new Set<string>([
  ApiErrorCode.IdempotencyKeyReused,
  ApiErrorCode.IdempotencyKeyInProgress,
  ApiErrorCode.InvalidIdempotencyKey,
  ErrorCode.IdempotencyConflict,
]);

/** The type of an answer with this status and code. */
export function errorTypeOf(status: number, code: string): ErrorType {
  if (idempotencyCodes.has(code)) return "idempotency_error";
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 429) return "rate_limit_error";
  if (status >= 500) return "api_error";
  return "invalid_request_error";
}

/** Where a code is explained: the errors page served with the reference, at the code's anchor. */
export function docUrlOf(code: string, origin: string | undefined): string {
  return `${origin ?? ""}/api/v1/docs/errors#${code.toLowerCase()}`;
}
