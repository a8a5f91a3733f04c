import { describe, expect, it } from "vitest";
import { parseTickQuery } from "../../../app/api/cron/tick/tick-query.ts";
import { searchParamsToRecord } from "../../../app/_lib/search-params.ts";

const limits = { maxBudgetMs: 50_000, timeTravel: true };
const parse = (query: string, overrides: Partial<typeof limits> = {}) =>
  parseTickQuery(searchParamsToRecord(new URLSearchParams(query)), { ...limits, ...overrides });

describe("parseTickQuery", () => {
  it("defaults to a stay tick with the whole budget and the database's clock", () => {
    expect(parse("")).toEqual({ ok: true, query: { mode: "stay", budgetMs: 50_000 } });
  });

  it("uses the route's default budget when none is asked for, and still lets a call ask for more up to the cap", () => {
    const withDefault = { maxBudgetMs: 255_000, defaultBudgetMs: 70_000, timeTravel: false };
    const parseWith = (query: string) => parseTickQuery(searchParamsToRecord(new URLSearchParams(query)), withDefault);
    expect(parseWith("")).toEqual({ ok: true, query: { mode: "stay", budgetMs: 70_000 } });
    expect(parseWith("budgetMs=200000")).toEqual({ ok: true, query: { mode: "stay", budgetMs: 200_000 } });
  });

  it("caps budgetMs at the route's budget instead of rejecting it", () => {
    expect(parse("mode=drain&budgetMs=5000")).toEqual({ ok: true, query: { mode: "drain", budgetMs: 5000 } });
    expect(parse("budgetMs=999999")).toMatchObject({ ok: true, query: { budgetMs: 50_000 } });
  });

  it("accepts now= as an instant with a zone when time travel is on", () => {
    const result = parse("now=2026-12-01T09:00:00%2B02:00");
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.query.now?.toISOString()).toBe("2026-12-01T07:00:00.000Z");
  });

  it("refuses now= when time travel is off, whatever its value", () => {
    const result = parse("now=2026-12-01T09:00:00Z", { timeTravel: false });
    expect(result).toEqual({ ok: false, error: expect.stringContaining("time travel is disabled") });
  });

  it.each([
    ["now=2026-12-01", "now:"],
    ["now=2026-02-30T00:00:00Z", "now:"],
    ["now=2026-12-01T09:00:00", "now:"],
    ["mode=later", "mode:"],
    ["budgetMs=0", "budgetMs:"],
    ["budgetMs=1e3", "budgetMs:"],
    ["mode=drain&mode=stay", "mode:"],
    ["tick=1", "unknown parameter(s): tick"],
    // Schedules are computed up to 2999; a year-9999 tick once walked every occurrence on the way.
    ["now=9999-01-01T00:00:00Z", "now: expected an instant between 1970 and 2999"],
    ["now=1969-12-31T23:59:59Z", "now: expected an instant between 1970 and 2999"],
  ])("refuses %s", (query, reason) => {
    const result = parse(query);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(reason);
  });
});
