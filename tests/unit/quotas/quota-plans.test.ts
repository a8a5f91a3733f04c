// The plans (lib/quotas/plans.ts): one place for the numbers, and the property the upgrade
// policy relies on: a higher-ranked plan allows at least as much of everything.
import { describe, expect, it } from "vitest";
import { meteredAllowances, planColumns, planNames, plans } from "../../../lib/quotas/plans.ts";

describe("plans", () => {
  it("free, pro and business, each with every metered allowance and a context ceiling", () => {
    expect(planNames).toEqual(["free", "pro", "business"]);
    for (const name of planNames) {
      for (const allowance of meteredAllowances) expect(Number.isInteger(plans[name][allowance]) && plans[name][allowance] >= 0).toBe(true);
      expect(plans[name].contextMaxLength).toBeGreaterThan(0);
    }
  });

  it("a higher rank never allows less of anything (an upgrade only ever adds)", () => {
    const byRank = [...planNames].sort((a, b) => plans[a].rank - plans[b].rank);
    expect(new Set(byRank.map((name) => plans[name].rank)).size).toBe(planNames.length);
    for (let i = 1; i < byRank.length; i++) {
      for (const key of [...meteredAllowances, "contextMaxLength"] as const) {
        expect(plans[byRank[i]][key], `${byRank[i]}.${key}`).toBeGreaterThanOrEqual(plans[byRank[i - 1]][key]);
      }
    }
  });

  it("hands the sweep the same numbers, column by column", () => {
    const columns = planColumns();
    expect(columns.names).toEqual(planNames);
    planNames.forEach((name, i) => {
      expect([columns.pages[i], columns.questions[i], columns.questionsGpt4[i], columns.documents[i]]).toEqual([
        plans[name].pages, plans[name].questions, plans[name].questionsGpt4, plans[name].documents,
      ]);
    });
  });
});
