// Errors the scheduler's operations throw on purpose. The edge (routes, actions) maps the
// code to an HTTP status and a message a person can act on.
export const SchedulerErrorCode = {
  /** No job has this id. */
  JobNotFound: "JOB_NOT_FOUND",
  /** The job is not in a status the operation applies to (e.g. rescheduling a finished job). */
  InvalidJobState: "INVALID_JOB_STATE",
  /** The payload does not fit the job type's schema; nothing was written. */
  InvalidPayload: "INVALID_PAYLOAD",
  /** A recurring schedule's cron expression or time zone cannot be parsed. */
  InvalidSchedule: "INVALID_SCHEDULE",
} as const;
export type SchedulerErrorCode = (typeof SchedulerErrorCode)[keyof typeof SchedulerErrorCode];

export class SchedulerError extends Error {
  constructor(
    readonly code: SchedulerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "SchedulerError";
  }
}
