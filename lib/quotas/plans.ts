// The plans sold for the chatbot product and what each allows per monthly cycle: the one place
// these numbers live. The reset sets an account's allowances to its plan's values (never adds);
// an upgrade raises what is left by the difference (docs/decisions/0014).
import type { QuotaPlan } from "../db/generated/client.ts";

export type { QuotaPlan };

/** The allowances an account consumes during a cycle and gets back at each reset. */
export const meteredAllowances = ["pages", "questions", "questionsGpt4", "documents"] as const;
export type MeteredAllowance = (typeof meteredAllowances)[number];
export type Allowances = Record<MeteredAllowance, number>;

export interface PlanValues extends Allowances {
  /** Longest conversation context (characters) the plan allows: a ceiling, never consumed. */
  contextMaxLength: number;
  /** Order of the plans: moving to a higher rank is an upgrade (it takes effect at once). */
  rank: number;
}

export const plans: Readonly<Record<QuotaPlan, Readonly<PlanValues>>> = {
  free: { rank: 0, pages: 50, questions: 100, questionsGpt4: 0, documents: 5, contextMaxLength: 4_000 },
  pro: { rank: 1, pages: 1_000, questions: 2_000, questionsGpt4: 200, documents: 100, contextMaxLength: 16_000 },
  business: { rank: 2, pages: 10_000, questions: 20_000, questionsGpt4: 2_000, documents: 1_000, contextMaxLength: 64_000 },
};

export const planNames = Object.keys(plans) as QuotaPlan[];

/**
 * The plans as parallel arrays, for the sweep's SQL (unnest): the database gets the values of
 * the code that runs, so changing a number here takes effect at each account's next reset.
 */
export function planColumns(): { names: string[]; pages: number[]; questions: number[]; questionsGpt4: number[]; documents: number[] } {
  return {
    names: planNames,
    pages: planNames.map((name) => plans[name].pages),
    questions: planNames.map((name) => plans[name].questions),
    questionsGpt4: planNames.map((name) => plans[name].questionsGpt4),
    documents: planNames.map((name) => plans[name].documents),
  };
}
