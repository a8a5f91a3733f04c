// Opens a quota account: its plan's full allowances, and its first reset one cycle after the
// anchor (or the first cycle date after today, for an anchor in the past).
import { z } from "zod";
import type { DbOrTx } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { nextCycleAfter } from "./cycle-dates.ts";
import { isoDateSchema, parseInput, planSchema, timeZoneSchema } from "./inputs.ts";
import { localDateOf } from "./local-time.ts";
import { plans, type QuotaPlan } from "./plans.ts";

const newAccountSchema = z.strictObject({
  // NUL and lone surrogates: PostgreSQL would refuse the first and store the second altered.
  name: z
    .string()
    .min(1)
    .max(200)
    .refine((value) => !value.includes("\u0000"), { error: "must not contain NUL" })
    .refine((value) => !/[\ud800-\udfff]/u.test(value), { error: "must not contain a lone UTF-16 surrogate" }),
  plan: planSchema,
  anchorOn: isoDateSchema,
  timeZone: timeZoneSchema,
});
export type NewAccount = z.input<typeof newAccountSchema>;

export interface CreatedAccount {
  id: bigint;
  nextResetOn: string;
  nextResetAt: Date;
}

/** `now` is the caller's clock (never read here): it says which local date "today" is. */
export async function createAccount(db: DbOrTx, input: NewAccount, now: Date): Promise<CreatedAccount> {
  const account = parseInput(newAccountSchema, input, "new quota account");
  const plan = plans[account.plan as QuotaPlan];
  const nextResetOn = nextCycleAfter(account.anchorOn, localDateOf(now, account.timeZone)).date;
  // The date's first instant, by PostgreSQL's zone rules: the same function the sweep uses.
  let row: { id: bigint; next_reset_at: Date };
  try {
    [row] = await db.$queryRaw<Array<{ id: bigint; next_reset_at: Date }>>`
      INSERT INTO quota_accounts (name, plan, pages, questions, questions_gpt4, documents, anchor_on, time_zone,
                                  next_reset_on, next_reset_at, created_at, updated_at)
      VALUES (${account.name}, ${account.plan}::quota_plan, ${plan.pages}, ${plan.questions}, ${plan.questionsGpt4},
              ${plan.documents}, ${account.anchorOn}::date, ${account.timeZone}, ${nextResetOn}::date,
              quota_local_day_start(${nextResetOn}::date, ${account.timeZone}), ${now}::timestamptz, ${now}::timestamptz)
      RETURNING id, next_reset_at`;
  } catch (error) {
    // PostgreSQL's zone data may lag the runtime's (22023: time zone not recognized): bad input,
    // said as such; nothing was written. Anything else is not ours to explain.
    if (/time zone .* not recognized/.test(String((error as Error).message))) {
      throw new DulyError(ErrorCode.InvalidInput, `new quota account: timeZone: PostgreSQL does not know ${account.timeZone}`);
    }
    throw error;
  }
  return { id: row.id, nextResetOn, nextResetAt: row.next_reset_at };
}
