// Hostile round 2: query strings at the edge, past 2^53. The cron route promises to cap a budget
// it cannot give ("Capped, not rejected: asking for more than the route can give still gets a
// tick", app/api/cron/tick/tick-query.ts; README "capped at maxDuration"), but a budgetMs of 16
// or more digits is refused with zod's internal wording ("Too big: expected int to be
// <=9007199254740991"); the agenda's days=99999999999999999999 answers two contradictory-looking
// reasons, one of them that same internal limit. Found over real HTTP against `npm start`.
import { describe, expect, it } from "vitest";
import { parseTickQuery } from "../../../app/api/cron/tick/tick-query.ts";
import { parseAgendaQuery } from "../../../app/agenda/agenda-query.ts";

describe("numbers past 2^53 in query strings", () => {
  it("a huge budgetMs is capped like any other too-large budget, not refused", () => {
    const limits = { maxBudgetMs: 270_000, defaultBudgetMs: 70_000, timeTravel: false };
    expect(parseTickQuery({ budgetMs: "9007199254740991" }, limits)).toEqual({ ok: true, query: { mode: "stay", budgetMs: 270_000 } });
    expect(parseTickQuery({ budgetMs: "99999999999999999999" }, limits)).toEqual({ ok: true, query: { mode: "stay", budgetMs: 270_000 } });
  });

  it("a huge days gets the agenda's own limit as the reason, once", () => {
    const parsed = parseAgendaQuery({ days: "99999999999999999999" }, { timeTravel: false });
    expect(parsed).toEqual({ ok: false, error: "days: must be at most 90" });
  });
});
