// The one error type Duly's domain throws on purpose. Each code says when it is thrown; the edge
// (routes, actions, pages) maps codes to HTTP statuses in one place (app/_lib/http-errors.ts) and
// shows the message, which is written for the person who can act on it.
export const ErrorCode = {
  /** Input from outside (a payload, a key, a date, a number) breaks a documented limit or shape. Nothing was written. */
  InvalidInput: "INVALID_INPUT",
  /** A payload does not fit its job type's schema. Nothing was written. */
  InvalidPayload: "INVALID_PAYLOAD",
  /** A recurring schedule's cron expression or time zone cannot be used. */
  InvalidSchedule: "INVALID_SCHEDULE",
  /** No job has this id. */
  JobNotFound: "JOB_NOT_FOUND",
  /** The job is not in a status the operation applies to (e.g. rescheduling a finished job). */
  InvalidJobState: "INVALID_JOB_STATE",
  /** A job key is already used by a job of another type; keys identify one job across all types. */
  KeyTaken: "KEY_TAKEN",
  /** No record (booking, dispute, auction, chef, customer) has this id. Nothing was written. */
  NotFound: "NOT_FOUND",
  /**
   * The record is not in a state the operation applies to (paying a declined booking, bidding on
   * a closed auction, moving a past event). The message names the current state. Nothing was written.
   */
  InvalidState: "INVALID_STATE",
  /**
   * The acting party may not do this to this record (a customer paying another's booking), or the
   * signed-in dashboard user's role does not allow it (a viewer tried to act). Nothing was written.
   */
  NotAllowed: "NOT_ALLOWED",
  /**
   * The chef already holds a booking whose event overlaps this one (accepting a request or a move,
   * requesting or moving to a time the chef is booked). Nothing was written.
   */
  ChefUnavailable: "CHEF_UNAVAILABLE",
  /** An idempotency key already recorded a different money movement. Nothing was written. */
  IdempotencyConflict: "IDEMPOTENCY_CONFLICT",
  /**
   * What is left of an allowance this cycle is less than what was asked; it comes back at the
   * account's next reset (QuotaExhaustedError carries when). Nothing was consumed.
   */
  QuotaExhausted: "QUOTA_EXHAUSTED",
  /** More was asked at once than the account's plan allows in a whole cycle: waiting cannot help. */
  QuotaExceedsPlan: "QUOTA_EXCEEDS_PLAN",
  /**
   * The record changed since the operator's page showed it (a tick claimed or finished the job,
   * or another operator acted): the optimistic check failed and nothing was written.
   */
  StaleRecord: "STALE_RECORD",
  /**
   * An owner already has as many webhook endpoints as it may: enabled ones (each event fans out to
   * every one), or all, disabled ones included (the list is unpaged). Nothing was written.
   */
  WebhookEndpointLimit: "WEBHOOK_ENDPOINT_LIMIT",
  /** The database could not be reached or refused more connections; try again shortly. */
  DatabaseUnavailable: "DATABASE_UNAVAILABLE",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export class DulyError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The input field at fault, when a use case's own check names one (the API's `param`). */
    readonly param?: string,
  ) {
    super(message);
    this.name = "DulyError";
  }
}

export function isDulyError(error: unknown, code?: ErrorCode): error is DulyError {
  return error instanceof DulyError && (code === undefined || error.code === code);
}
