// A plan change (docs/decisions/0014): it takes effect at the next reset, which sets the new
// plan's allowances; except an upgrade, which takes effect at once and raises what is left of
// each allowance by the difference between the plans, so the customer can use what they just
// bought without getting a fresh month for free. Choosing the plan in force again cancels a
// pending downgrade.
//
// On an account whose reset is due at `now`, the reset comes first (in this transaction): the
// change then applies to the new cycle, as it would had the sweep already passed.
//
// The caller names itself (`changedBy`: customer:3, operator:<email>, system:billing, …): the
// account keeps who last changed its plan and when, so an operator whose page showed the old
// plan is told who changed it (account-last-change.ts). Unnamed, it is recorded as not known.
import type { Db } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { parseInput, planSchema } from "./inputs.ts";
import { plans, type QuotaPlan } from "./plans.ts";
import { resetAccountIfDue } from "./reset-account-if-due.ts";
import type { QuotaClock } from "./reset-statement.ts";

export interface PlanChange {
  /** "now": an upgrade, in force at once; "next-reset": a downgrade, pending until the next reset; "unchanged". */
  takesEffect: "now" | "next-reset" | "unchanged";
  plan: QuotaPlan;
  nextPlan: QuotaPlan | null;
}

/** `now` decides whether a reset is due first ("database": PostgreSQL's clock). */
export async function changePlan(db: Db, accountId: bigint, newPlanInput: unknown, now: QuotaClock, changedBy: string | null = null): Promise<PlanChange> {
  const newPlan = parseInput(planSchema, newPlanInput, "plan") as QuotaPlan;
  return db.$transaction(async (tx) => {
    await resetAccountIfDue(tx, accountId, now, "on plan change");
    // The row lock orders this with consumption and the sweep: the difference is added to what
    // is left as the last committed writer left it, and a reset cannot slip in between.
    const [account] = await tx.$queryRaw<Array<{ plan: QuotaPlan; next_plan: QuotaPlan | null }>>`
      SELECT plan, next_plan FROM quota_accounts WHERE id = ${accountId} FOR UPDATE`;
    if (!account) throw new DulyError(ErrorCode.NotFound, `no quota account has id ${accountId}`);
    const current = plans[account.plan];
    const target = plans[newPlan];

    if (newPlan === account.plan) {
      if (account.next_plan !== null) {
        await tx.$executeRaw`
          UPDATE quota_accounts SET next_plan = NULL, updated_at = now(), plan_changed_at = now(), plan_changed_by = ${changedBy} WHERE id = ${accountId}`;
      }
      return { takesEffect: "unchanged", plan: account.plan, nextPlan: null };
    }
    if (target.rank < current.rank) {
      await tx.$executeRaw`
        UPDATE quota_accounts SET next_plan = ${newPlan}::quota_plan, updated_at = now(), plan_changed_at = now(), plan_changed_by = ${changedBy}
         WHERE id = ${accountId}`;
      return { takesEffect: "next-reset", plan: account.plan, nextPlan: newPlan };
    }
    // An upgrade: the plans' values rise with rank (a unit test holds them to it), so each
    // difference is >= 0; greatest(0, ...) keeps a future plan that breaks that from taking any away.
    const raise = (allowance: "pages" | "questions" | "questionsGpt4" | "documents") => Math.max(0, target[allowance] - current[allowance]);
    await tx.$executeRaw`
      UPDATE quota_accounts
         SET plan = ${newPlan}::quota_plan, next_plan = NULL,
             pages = pages + ${raise("pages")}::int,
             questions = questions + ${raise("questions")}::int,
             questions_gpt4 = questions_gpt4 + ${raise("questionsGpt4")}::int,
             documents = documents + ${raise("documents")}::int,
             updated_at = now(), plan_changed_at = now(), plan_changed_by = ${changedBy}
       WHERE id = ${accountId}`;
    return { takesEffect: "now", plan: newPlan, nextPlan: null };
  });
}
