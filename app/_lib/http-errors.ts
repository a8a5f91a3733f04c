// The one place where errors become HTTP statuses: the domain's DulyError codes (lib/errors.ts)
// here, the JSON API's own codes (lib/api/errors.ts) by their table there. Routes, actions and
// pages call this instead of choosing statuses themselves, so a code means the same thing everywhere.
import { DulyError, ErrorCode } from "@/lib/errors.ts";
import { ApiError, ApiErrorCode, type InputIssue } from "@/lib/api/errors.ts";
import { RateLimitedError } from "@/lib/api/rate-limit.ts";
import { isConnectionLoss, isPoolBusy } from "@/lib/db/connection-errors.ts";
import { QuotaExhaustedError } from "@/lib/quotas/quota-errors.ts";
import { SettingsError } from "@/lib/settings.ts";

const statusOf: Record<ErrorCode, number> = {
  [ErrorCode.InvalidInput]: 400,
  [ErrorCode.InvalidPayload]: 400,
  [ErrorCode.InvalidSchedule]: 400,
  [ErrorCode.JobNotFound]: 404,
  [ErrorCode.InvalidJobState]: 409,
  [ErrorCode.KeyTaken]: 409,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.InvalidState]: 409,
  [ErrorCode.NotAllowed]: 403,
  [ErrorCode.ChefUnavailable]: 409,
  [ErrorCode.IdempotencyConflict]: 409,
  [ErrorCode.QuotaExhausted]: 429,
  [ErrorCode.QuotaExceedsPlan]: 403,
  [ErrorCode.StaleRecord]: 409,
  [ErrorCode.DatabaseUnavailable]: 503,
  [ErrorCode.WebhookEndpointLimit]: 409,
};

export interface HttpError {
  status: number;
  code: string;
  message: string;
  /** With INVALID_INPUT from the API: each problem and where. */
  issues?: InputIssue[];
  /** With QUOTA_EXHAUSTED: when the allowance comes back (also answered as Retry-After). */
  retryAt?: Date;
  /** The header or field at fault, when the error names one (an ApiError's `param`). */
  param?: string;
  /** With every 503: how many seconds to wait before trying again (answered as Retry-After). */
  retryAfterSeconds?: number;
}

/**
 * Retry-After of the 503s. Busy: a turn comes free as soon as a request finishes, so soon; the
 * database unreachable: a restart or failover takes longer. Clients should add jitter.
 */
export const retryAfterSeconds = { busy: 1, unavailable: 5 } as const;

const busy = (message: string): HttpError => ({ status: 503, code: ApiErrorCode.ServerBusy, message, retryAfterSeconds: retryAfterSeconds.busy });

/** The HTTP status of a domain error code (for documentation and tests). */
export function statusOfErrorCode(code: ErrorCode): number {
  return statusOf[code];
}

/** What to answer for an error thrown by lib/: its code's status, or 500 for anything unexpected. */
export function httpErrorOf(error: unknown): HttpError {
  if (error instanceof QuotaExhaustedError) {
    return { status: statusOf[error.code], code: error.code, message: error.message, retryAt: error.comesBackAt };
  }
  if (error instanceof DulyError) {
    const status = statusOf[error.code];
    return {
      status, code: error.code, message: error.message,
      ...(error.param ? { param: error.param } : {}), ...(status === 503 ? { retryAfterSeconds: retryAfterSeconds.unavailable } : {}),
    };
  }
  if (error instanceof ApiError) {
    if (error.code === ApiErrorCode.ServerBusy) return busy(error.message);
    if (error instanceof RateLimitedError) {
      return { status: error.status, code: error.code, message: error.message, retryAfterSeconds: error.count.resetSeconds };
    }
    return {
      status: error.status, code: error.code, message: error.message,
      ...(error.issues ? { issues: error.issues } : {}), ...(error.param ? { param: error.param } : {}),
    };
  }
  if (error instanceof SettingsError) return { status: 500, code: "SERVER_MISCONFIGURED", message: error.message };
  // Before connection loss: pg-pool's checkout timeout reads like one, but the database is there.
  if (isPoolBusy(error)) return busy("the server is at capacity: no database connection came free in time; nothing was done: retry after the Retry-After seconds");
  if (isConnectionLoss(error)) {
    return {
      status: 503,
      code: ErrorCode.DatabaseUnavailable,
      message: "the database connection was lost; try again shortly",
      retryAfterSeconds: retryAfterSeconds.unavailable,
    };
  }
  return { status: 500, code: "INTERNAL", message: "an unexpected error happened; it has been logged" };
}
