// The one place where the domain's error codes become HTTP statuses. Routes, actions and pages
// call this instead of choosing statuses themselves, so a code means the same thing everywhere.
import { DulyError, ErrorCode } from "@/lib/errors.ts";
import { SettingsError } from "@/lib/settings.ts";

const statusOf: Record<ErrorCode, number> = {
  [ErrorCode.InvalidInput]: 400,
  [ErrorCode.InvalidPayload]: 400,
  [ErrorCode.InvalidSchedule]: 400,
  [ErrorCode.JobNotFound]: 404,
  [ErrorCode.InvalidJobState]: 409,
  [ErrorCode.KeyTaken]: 409,
  [ErrorCode.NotAllowed]: 403,
  [ErrorCode.StaleRecord]: 409,
  [ErrorCode.DatabaseUnavailable]: 503,
};

export interface HttpError {
  status: number;
  code: string;
  message: string;
}

/** What to answer for an error thrown by lib/: its code's status, or 500 for anything unexpected. */
export function httpErrorOf(error: unknown): HttpError {
  if (error instanceof DulyError) return { status: statusOf[error.code], code: error.code, message: error.message };
  if (error instanceof SettingsError) return { status: 500, code: "SERVER_MISCONFIGURED", message: error.message };
  return { status: 500, code: "INTERNAL", message: "an unexpected error happened; it has been logged" };
}
