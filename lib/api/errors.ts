// The JSON API's own refusals: what goes wrong at the edge before (or around) a use case: the
// key, the body, the Idempotency-Key. Domain refusals stay DulyError (lib/errors.ts). Both are
// turned into HTTP in one place, app/_lib/http-errors.ts, and answered as the one envelope
// `{ "error": { "code", "message", "issues"? } }` (docs/api.md lists every code).
export const ApiErrorCode = {
  /** No `Authorization: Bearer <key>` header, or the key is malformed or unknown. 401. */
  Unauthenticated: "UNAUTHENTICATED",
  /** The key exists but was revoked. 401. */
  ApiKeyRevoked: "API_KEY_REVOKED",
  /** `X-Acting-As` is not `customer:<id>` or `chef:<id>`. 400. */
  InvalidActingAs: "INVALID_ACTING_AS",
  /** The route acts for a customer or chef and an `app` key sent no `X-Acting-As`. 400. */
  ActingAsRequired: "ACTING_AS_REQUIRED",
  /** A key bound to one party named another in `X-Acting-As`, or the route is not for this kind of party. 403. */
  ActingAsForbidden: "ACTING_AS_FORBIDDEN",
  /** The body is not JSON (or not UTF-8). 400. */
  InvalidJson: "INVALID_JSON",
  /** The body, path or query does not fit the route's schema; `issues` says where. 400. */
  InvalidInput: "INVALID_INPUT",
  /** The body is larger than the API accepts. 413. */
  PayloadTooLarge: "PAYLOAD_TOO_LARGE",
  /** A body sent with a Content-Type other than application/json. 415. */
  UnsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  /** The Idempotency-Key header is empty, too long or not printable ASCII. 400. */
  InvalidIdempotencyKey: "INVALID_IDEMPOTENCY_KEY",
  /** The Idempotency-Key was used before (by this API key) for a different request. 422. */
  IdempotencyKeyReused: "IDEMPOTENCY_KEY_REUSED",
  /** A request with this Idempotency-Key is still running; retry shortly. 409. */
  IdempotencyKeyInProgress: "IDEMPOTENCY_KEY_IN_PROGRESS",
  /**
   * A payment provider's webhook without a valid signature: no or a malformed signature header,
   * a signature that does not match the body, or a timestamp outside the tolerance (a stale or
   * replayed delivery). 401. Nothing was written.
   */
  InvalidSignature: "INVALID_SIGNATURE",
  /** No route has this path under /api/v1. 404. */
  RouteNotFound: "ROUTE_NOT_FOUND",
  /**
   * The API is at capacity: every connection of its pool is working and the queue for one is full,
   * or the request's turn did not come within the queue's wait. Nothing was done; retry after the
   * Retry-After seconds (with some jitter). 503.
   */
  ServerBusy: "SERVER_BUSY",
  /** Anything unexpected (logged on the server, never described to the caller). 500. */
  Internal: "INTERNAL",
  /** The `Request-Id` header is not 1-128 letters, digits and `. _ : -`. 400. */
  InvalidRequestId: "INVALID_REQUEST_ID",
  /** The path exists but not with this method; `Allow` lists those it has. 405. */
  MethodNotAllowed: "METHOD_NOT_ALLOWED",
  /** `If-Match` names a version the record no longer has: it changed since the caller read it. 412. */
  PreconditionFailed: "PRECONDITION_FAILED",
  /** `If-Match` is sent but the record is being changed right now (a deadline running on it): retry shortly. 409. */
  RecordBusy: "RECORD_BUSY",
  /** The key sent more requests in the current window than its limit; `Retry-After` says when the next window opens. 429. */
  RateLimited: "RATE_LIMITED",
  /** A read-only key asked to change something (any POST). 403. */
  ApiKeyReadOnly: "API_KEY_READ_ONLY",
  /** GET /events: the retention deleted events after this cursor; resync, then read from the cursor the message names. 410. */
  CursorExpired: "CURSOR_EXPIRED",
} as const;
export type ApiErrorCode = (typeof ApiErrorCode)[keyof typeof ApiErrorCode];

/** Each API code's HTTP status: the code decides the status, never the call site. */
export const apiErrorStatus: Record<ApiErrorCode, number> = {
  [ApiErrorCode.Unauthenticated]: 401,
  [ApiErrorCode.ApiKeyRevoked]: 401,
  [ApiErrorCode.InvalidActingAs]: 400,
  [ApiErrorCode.ActingAsRequired]: 400,
  [ApiErrorCode.ActingAsForbidden]: 403,
  [ApiErrorCode.InvalidJson]: 400,
  [ApiErrorCode.InvalidInput]: 400,
  [ApiErrorCode.PayloadTooLarge]: 413,
  [ApiErrorCode.UnsupportedMediaType]: 415,
  [ApiErrorCode.InvalidIdempotencyKey]: 400,
  [ApiErrorCode.IdempotencyKeyReused]: 422,
  [ApiErrorCode.IdempotencyKeyInProgress]: 409,
  [ApiErrorCode.InvalidSignature]: 401,
  [ApiErrorCode.RouteNotFound]: 404,
  [ApiErrorCode.ServerBusy]: 503,
  [ApiErrorCode.Internal]: 500,
  [ApiErrorCode.InvalidRequestId]: 400,
  [ApiErrorCode.MethodNotAllowed]: 405,
  [ApiErrorCode.PreconditionFailed]: 412,
  [ApiErrorCode.RecordBusy]: 409,
  [ApiErrorCode.RateLimited]: 429,
  [ApiErrorCode.ApiKeyReadOnly]: 403,
  [ApiErrorCode.CursorExpired]: 410,
};

/** One problem with the input, where it is: `["body", "price", "amount"]`. */
export interface InputIssue {
  path: (string | number)[];
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly issues?: InputIssue[],
    /** The header or field at fault, when it is not in `issues` (`Request-Id`, `If-Match`). */
    readonly param?: string,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = apiErrorStatus[code];
  }
}
