// The shapes of what enters the quota use cases from outside (a route, a script), parsed with
// zod where it enters: a bad value is refused with INVALID_INPUT and nothing is written.
import { z } from "zod";
import { DulyError, ErrorCode } from "../errors.ts";
import { describeIssues } from "../validation/describe-issues.ts";
import { isIsoDate } from "./cycle-dates.ts";
import { isIanaTimeZone } from "./local-time.ts";
import { meteredAllowances, planNames } from "./plans.ts";

/** Account ids are bigserials: decimal digits, as text (JSON and URLs cannot carry a bigint). */
export const accountIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,17}$/, "expected an account id (a positive whole number)")
  .transform((value) => BigInt(value));

export const planSchema = z.enum(planNames as [string, ...string[]], { error: `expected one of ${planNames.join(", ")}` });

export const timeZoneSchema = z.string().refine(isIanaTimeZone, { error: "expected an IANA time zone such as Europe/Berlin" });

export const isoDateSchema = z.string().refine(isIsoDate, { error: "expected a date that exists, YYYY-MM-DD" });

export const consumptionSchema = z.strictObject({
  allowance: z.enum(meteredAllowances, { error: `expected one of ${meteredAllowances.join(", ")}` }),
  /** At most a million at once: far above any plan, far below what an int column holds. */
  amount: z.number().int("expected a whole number").min(1).max(1_000_000),
});
export type ConsumptionInput = z.output<typeof consumptionSchema>;

/** Parses `input` or throws INVALID_INPUT naming every problem. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown, what: string): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new DulyError(ErrorCode.InvalidInput, `${what}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
