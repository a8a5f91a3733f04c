// The shapes of what enters the quota use cases from outside (a route, a script), parsed with
// zod where it enters: a bad value is refused with INVALID_INPUT and nothing is written.
import { z } from "zod";
import { bigserialIdText, timeZone } from "../validation/fields.ts";
import { isIsoDate } from "./cycle-dates.ts";
import { meteredAllowances, planNames } from "./plans.ts";

export { parseInput } from "../validation/fields.ts";

/** Account ids are bigserials: decimal digits, as text (JSON and URLs cannot carry a bigint). */
export const accountIdSchema = bigserialIdText("an account id");

export const planSchema = z.enum(planNames as [string, ...string[]], { error: `expected one of ${planNames.join(", ")}` });

/** An account's zone: the one rule for a time zone (lib/validation/fields.ts). */
export const timeZoneSchema = timeZone;

export const isoDateSchema = z.string().refine(isIsoDate, { error: "expected a date that exists, YYYY-MM-DD" });

export const consumptionSchema = z.strictObject({
  allowance: z.enum(meteredAllowances, { error: `expected one of ${meteredAllowances.join(", ")}` }),
  /** At most a million at once: far above any plan, far below what an int column holds. */
  amount: z.number().int("expected a whole number").min(1).max(1_000_000),
});
export type ConsumptionInput = z.output<typeof consumptionSchema>;
