// The shapes of operator actions' inputs, parsed with zod at the edge (server actions) and
// reused by tests. Form fields arrive as strings; these turn them into typed values or name
// each bad field.
import { z } from "zod";
import { limits } from "../scheduler/index.ts";
import { isTimeZone, parseLocalDateTime, resolveLocalTime } from "../time/zoned-time.ts";

const jobStatuses = ["pending", "running", "succeeded", "dead", "cancelled"] as const;

const wellFormed = (value: string) => !value.includes("\u0000") && value.isWellFormed();

/** Whether decimal `text` fits a PostgreSQL bigint (19 digits can exceed it: 9999999999999999999). */
export function fitsBigint(text: string): boolean {
  return /^\d{1,19}$/.test(text) && BigInt(text) <= 9_223_372_036_854_775_807n;
}

export const jobId = z
  .string()
  .regex(/^[1-9]\d{0,18}$/, "expected a job id")
  .refine(fitsBigint, "expected a job id")
  .transform((value) => BigInt(value));

/** The operator's display zone: an outcome's and a refusal's times are given in it. */
export const displayZoneField = z.string().refine(isTimeZone, "expected a time zone such as Europe/Berlin or UTC").optional();

export const seenJob = {
  jobId,
  status: z.enum(jobStatuses, { error: "expected the job's status as the page showed it" }),
  version: z.string().regex(/^\d{1,10}$/, "expected the job's version as the page showed it"),
  zone: displayZoneField,
};

export const reason = z
  .string({ error: "a reason is required" })
  .trim()
  .min(3, "a reason is required (at least 3 characters)")
  .max(limits.reasonLength, `at most ${limits.reasonLength} characters`)
  .refine(wellFormed, "contains a character that cannot be stored (NUL or a lone surrogate)");

export const timeZone = z.string().refine(isTimeZone, "expected a time zone such as Europe/Berlin or UTC");

/** A wall-clock time in a zone, e.g. 2026-12-05T14:30 in Europe/Berlin; `offsetChoice` settles a fall-back hour. */
export const zonedDateTime = z
  .object({
    localRunAt: z.string().refine((v) => parseLocalDateTime(v) !== null, "expected a date and time such as 2026-12-05T14:30"),
    zone: timeZone,
    offsetChoice: z.enum(["earlier", "later", ""]).optional(),
  })
  .transform((value, ctx) => {
    const resolved = resolveLocalTime(parseLocalDateTime(value.localRunAt)!, value.zone);
    if (resolved.kind === "nonexistent") {
      ctx.addIssue({ code: "custom", path: ["localRunAt"], message: `${value.localRunAt.replace("T", " ")} does not exist in ${value.zone} (the clocks skip it when summer time starts); pick another time` });
      return z.NEVER;
    }
    if (resolved.kind === "ambiguous") {
      if (value.offsetChoice !== "earlier" && value.offsetChoice !== "later") {
        ctx.addIssue({ code: "custom", path: ["offsetChoice"], message: `${value.localRunAt.replace("T", " ")} happens twice in ${value.zone} (the clocks go back); choose the first or the second` });
        return z.NEVER;
      }
      return value.offsetChoice === "earlier" ? resolved.earlier : resolved.later;
    }
    return resolved.instant;
  })
  .refine((instant) => instant.getUTCFullYear() >= 1970 && instant.getUTCFullYear() < 3000, { message: "expected a time between 1970 and 2999", path: ["localRunAt"] });

export const rescheduleInput = z.object({ ...seenJob, when: zonedDateTime, reason });
export const cancelInput = z.object({ ...seenJob, reason });
export const runNowInput = z.object({ ...seenJob, reason: reason.optional().or(z.literal("").transform(() => undefined)) });
export const retryInput = runNowInput;

export type RescheduleInput = z.output<typeof rescheduleInput>;
export type CancelInput = z.output<typeof cancelInput>;
export type RunNowInput = z.output<typeof runNowInput>;
export type RetryInput = z.output<typeof retryInput>;

/** Field name -> first message, for a form. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.filter((p) => typeof p === "string").at(-1) ?? "form";
    fields[key] ??= issue.message;
  }
  return fields;
}
