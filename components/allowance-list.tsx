// What is left of each metered allowance against the plan in force's values.
import { meteredAllowances, plans, type QuotaPlan } from "@/lib/quotas/plans.ts";

const labels = { pages: "pages", questions: "questions", questionsGpt4: "GPT-4 questions", documents: "documents" } as const;

export function AllowanceList({ account }: { account: { plan: QuotaPlan; pages: number; questions: number; questionsGpt4: number; documents: number } }) {
  const values = plans[account.plan];
  return (
    <ul className="plain-list">
      {meteredAllowances.map((allowance) => (
        <li key={allowance}>
          {account[allowance].toLocaleString("en")} / {values[allowance].toLocaleString("en")} {labels[allowance]}
        </li>
      ))}
    </ul>
  );
}
