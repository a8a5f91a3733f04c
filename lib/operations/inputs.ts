// The shapes of operator actions' inputs, parsed with zod at the edge (server actions) and
// reused by tests. Form fields arrive as strings; these turn them into typed values or name
// each bad field.
import { z } from "zod";
import { parseLocalDateTime, resolveLocalTime } from "../time/zoned-time.ts";
import { bigserialIdText, inRunTimeRange, jobStatuses, optionalReason, reason, runTimeRange, timeZone } from "../validation/fields.ts";

export const jobId = bigserialIdText("a job id");

/** The operator's display zone: an outcome's and a refusal's times are given in it. */
export const displayZoneField = timeZone.optional();

export const seenJob = {
  jobId,
  status: z.enum(jobStatuses, { error: "expected the job's status as the page showed it" }),
  version: z.string().regex(/^\d{1,10}$/, "expected the job's version as the page showed it"),
  zone: displayZoneField,
};

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
  .refine(inRunTimeRange, { message: `expected a time ${runTimeRange}`, path: ["localRunAt"] });

export const rescheduleInput = z.object({ ...seenJob, when: zonedDateTime, reason });
export const cancelInput = z.object({ ...seenJob, reason });
export const runNowInput = z.object({ ...seenJob, reason: optionalReason });
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
