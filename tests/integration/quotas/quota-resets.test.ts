// Issue 7, tests 3 and 4, and the reset's other promises: downtime of 10 and 40 days is caught
// up with one reset and the next falls back on the anchor's day; the December regression of
// the seed's guard beside Duly's rule over a full year; the reset sets (never adds) and applies
// a pending downgrade; PostgreSQL's month arithmetic is the pure function's; the sweep runs
// from the catalogue's recurring schedule through the engine, and not in time travel.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCatalogue, tick } from "../../../lib/scheduler/index.ts";
import {
  addDays, changePlan, consumeAllowance, createAccount, cycleDate, nextCycleAfter, plans, resetDueAccounts,
} from "../../../lib/quotas/index.ts";
import { quotaResetSweepJob } from "../../../jobs/quotas/reset-sweep.ts";
import {
  daysFrom, groupByAccount, localMidnight, openSimulationAccounts, referenceResets, resetRecords, withoutCommitFlush,
} from "../../helpers/quota-calendar.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { testBuiltAt } from "../../fixtures/test-jobs.ts";

const database = useTestDatabase();
beforeAll(() => withoutCommitFlush(database.directUrl, database.name));
beforeEach(async () => {
  await emptyTables(database.db, ["quota_accounts", "quota_resets", "scheduled_jobs", "job_runs", "recurring_schedules", "scheduler_state"], { restartIdentity: true });
});

const noon = (day: string) => new Date(`${day}T12:00:00Z`);

async function accountRow(id: bigint) {
  const [row] = await database.db.$queryRaw<Array<{
    plan: string; next_plan: string | null; pages: number; questions: number; questions_gpt4: number; documents: number;
    restored_on: string | null; next_reset_on: string; next_reset_at: Date;
  }>>`
    SELECT plan::text, next_plan::text, pages, questions, questions_gpt4, documents,
           to_char(restored_on, 'YYYY-MM-DD') AS restored_on, to_char(next_reset_on, 'YYYY-MM-DD') AS next_reset_on, next_reset_at
      FROM quota_accounts WHERE id = ${id}`;
  return row;
}

describe("downtime (test 3)", () => {
  it.each([10, 40])("no ticks for %i days, then daily ticks again: one catch-up reset per account, and the next on the anchor's day", { timeout: 180_000 }, async (downDays) => {
    const { db } = database;
    const accounts = await openSimulationAccounts(db, new Date("2023-12-30T12:00:00Z"));
    const starts = new Map<bigint, string>();
    for (const account of accounts) starts.set(account.id, (await accountRow(account.id)).next_reset_on);
    // 2024 at noon UTC, silent from Feb 20 for `downDays` days (Feb 29 and, for 40 days, most
    // anchors' March date fall in the silence).
    const silentFrom = "2024-02-20";
    const resumeOn = addDays(silentFrom, downDays);
    const ticks = ["2023-12-31", ...daysFrom("2024-01-01", "2024-12-31")]
      .filter((day) => day < silentFrom || day >= resumeOn)
      .map(noon);
    for (const now of ticks) await resetDueAccounts(db, { now, sweptBy: "tick" });

    const byAccount = groupByAccount(await resetRecords(db));
    const wrong: string[] = [];
    let caughtUp = 0;
    for (const account of accounts) {
      const expected = referenceResets(account, starts.get(account.id)!, ticks);
      const actual = (byAccount.get(account.id) ?? []).map(({ cycleOn, dueOn, restoredOn, resetAt }) => ({ cycleOn, dueOn, restoredOn, resetAt }));
      if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push(`${account.anchorOn} ${account.timeZone}`);
      // Cycle dates missed in the silence: at most one reset for all of them, on the first tick back.
      const resume = noon(resumeOn).getTime();
      const missed = actual.filter((r) => r.dueOn < r.restoredOn);
      for (const reset of missed) {
        caughtUp++;
        if (reset.resetAt.getTime() !== resume) wrong.push(`${account.anchorOn} ${account.timeZone}: late reset not on the first tick back`);
      }
      const atResume = actual.filter((r) => r.resetAt.getTime() === resume);
      if (atResume.length > 1) wrong.push(`${account.anchorOn} ${account.timeZone}: ${atResume.length} resets on the first tick back`);
      // After the catch-up, every reset is on a cycle date of the anchor, on that very date.
      for (const reset of actual.filter((r) => r.resetAt.getTime() > resume)) {
        if (reset.restoredOn !== reset.cycleOn || reset.dueOn !== reset.cycleOn) wrong.push(`${account.anchorOn} ${account.timeZone}: off the anchor after the catch-up: ${JSON.stringify(reset)}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every account has a cycle date inside 40 days; in 10 days (Feb 20-29), those anchored on the 20th-31st and Feb 29.
    expect(caughtUp).toBe(downDays === 40 ? 128 : 4 * 13);
  });

  it("an anchor on Jan 31, silent from Feb 25 to Apr 4: one reset on Apr 5 for the March cycle, then Apr 30, May 31", async () => {
    const { db } = database;
    const { id } = await createAccount(db, { name: "jan 31", plan: "pro", anchorOn: "2024-01-31", timeZone: "America/New_York" }, noon("2024-01-31"));
    const ticks = [...daysFrom("2024-02-01", "2024-02-24"), ...daysFrom("2024-04-05", "2024-06-01")].map(noon);
    for (const now of ticks) await resetDueAccounts(db, { now, sweptBy: "tick" });
    expect((await resetRecords(db)).map(({ cycleOn, dueOn, restoredOn }) => ({ cycleOn, dueOn, restoredOn }))).toEqual([
      { cycleOn: "2024-03-31", dueOn: "2024-02-29", restoredOn: "2024-04-05" },
      { cycleOn: "2024-04-30", dueOn: "2024-04-30", restoredOn: "2024-04-30" },
      { cycleOn: "2024-05-31", dueOn: "2024-05-31", restoredOn: "2024-05-31" },
    ]);
    expect((await accountRow(id)).next_reset_on).toBe("2024-06-30");
  });
});

describe("the December regression (test 4)", () => {
  /** The seed's guard, verbatim in TypeScript: `today == one_month_later or today.month > one_month_later.month`. */
  function seedGuardRefills(restoredAt: string, days: string[]): string[] {
    const refills: string[] = [];
    for (const today of days) {
      const oneMonthLater = cycleDate(restoredAt, 1);
      if (today === oneMonthLater || Number(today.slice(5, 7)) > Number(oneMonthLater.slice(5, 7))) {
        refills.push(today);
        restoredAt = today; // restore_values() sets restored_at = today
      }
    }
    return refills;
  }

  it("over a year from a reset on Dec 10: the seed's guard refills every remaining day of December, Duly once a month on the 10th", { timeout: 180_000 }, async () => {
    const { db } = database;
    const year = daysFrom("2024-12-11", "2025-12-10");
    const seed = seedGuardRefills("2024-12-10", year);

    // Duly: an account whose cycle (anchor) is Dec 10 and that was last reset on Dec 10.
    const { id } = await createAccount(db, { name: "december", plan: "pro", anchorOn: "2024-12-10", timeZone: "UTC" }, noon("2024-12-10"));
    for (const day of year) await resetDueAccounts(db, { now: noon(day), sweptBy: "daily" });
    const duly = (await resetRecords(db)).filter((r) => r.accountId === id).map((r) => r.restoredOn);

    const december2024 = daysFrom("2024-12-11", "2024-12-31");
    expect(seed.filter((day) => day <= "2024-12-31")).toEqual(december2024); // 21 refills in 21 days
    expect(duly.filter((day) => day <= "2024-12-31")).toEqual([]);
    expect(duly).toEqual(Array.from({ length: 12 }, (_, i) => cycleDate("2024-12-10", i + 1)));
    expect(duly.every((day) => day.endsWith("-10"))).toBe(true);
    // And the seed's guard drifts: after Dec 31 it refills on Jan 31, then the 28th of each month.
    expect(seed.slice(21, 24)).toEqual(["2025-01-31", "2025-02-28", "2025-03-28"]);
    expect([seed.length, duly.length]).toEqual([32, 12]);
  });

  it("the seed's own fix (today >= last reset + 1 month) still drifts after a late reset; Duly's next reset stays on the anchor", async () => {
    const { db } = database;
    const blogFix = (restoredAt: string, days: string[]) => {
      const refills: string[] = [];
      for (const today of days) if (today >= cycleDate(restoredAt, 1)) refills.push((restoredAt = today));
      return refills;
    };
    // The Jan 10 tick is missed (an outage): both refill on Jan 11.
    const days = daysFrom("2024-12-11", "2025-03-31").filter((day) => day !== "2025-01-10");
    expect(blogFix("2024-12-10", days)).toEqual(["2025-01-11", "2025-02-11", "2025-03-11"]);
    const { id } = await createAccount(db, { name: "late", plan: "pro", anchorOn: "2024-12-10", timeZone: "UTC" }, noon("2024-12-10"));
    for (const day of days) await resetDueAccounts(db, { now: noon(day), sweptBy: "daily" });
    expect((await resetRecords(db)).filter((r) => r.accountId === id).map((r) => r.restoredOn)).toEqual(["2025-01-11", "2025-02-10", "2025-03-10"]);
  });
});

describe("what a reset writes", () => {
  it("sets the allowances to the plan's values (never adds), applies a pending downgrade, and records the cycle", async () => {
    const { db } = database;
    const { id } = await createAccount(db, { name: "shop", plan: "business", anchorOn: "2026-01-15", timeZone: "Europe/Berlin" }, noon("2026-01-15"));
    await consumeAllowance(db, id, { allowance: "pages", amount: 9_000 }, noon("2026-01-15"));
    expect(await changePlan(db, id, "pro", noon("2026-01-15"))).toEqual({ takesEffect: "next-reset", plan: "business", nextPlan: "pro" });
    // Local midnight of Feb 15 in Berlin is 23:00 UTC on Feb 14.
    const midnight = localMidnight("2026-02-15", "Europe/Berlin");
    expect(midnight.toISOString()).toBe("2026-02-14T23:00:00.000Z");
    expect((await resetDueAccounts(db, { now: new Date(midnight.getTime() - 1), sweptBy: "early" })).reset).toBe(0);
    expect((await resetDueAccounts(db, { now: midnight, sweptBy: "midnight" })).reset).toBe(1);
    expect((await resetDueAccounts(db, { now: midnight, sweptBy: "again" })).reset).toBe(0);
    const { pro } = plans;
    expect(await accountRow(id)).toEqual({
      plan: "pro", next_plan: null, pages: pro.pages, questions: pro.questions, questions_gpt4: pro.questionsGpt4, documents: pro.documents,
      restored_on: "2026-02-15", next_reset_on: "2026-03-15", next_reset_at: localMidnight("2026-03-15", "Europe/Berlin"),
    });
    const [record] = await resetRecords(db);
    expect(record).toMatchObject({ accountId: id, cycleOn: "2026-02-15", dueOn: "2026-02-15", restoredOn: "2026-02-15", resetAt: midnight, sweptBy: "midnight" });
  });

  it("a cycle date whose midnight a daylight-saving gap swallows (Santiago, Sep 8 2024: 00:00 -> 01:00) resets at the first instant of that day", async () => {
    const { db } = database;
    const { id } = await createAccount(db, { name: "santiago", plan: "free", anchorOn: "2024-08-08", timeZone: "America/Santiago" }, noon("2024-08-08"));
    const firstInstant = new Date("2024-09-08T04:00:00Z"); // 01:00 local, -03; a millisecond before is Sep 7 23:59:59.999, -04
    expect((await accountRow(id)).next_reset_at).toEqual(firstInstant);
    expect(localMidnight("2024-09-08", "America/Santiago")).toEqual(firstInstant);
    expect((await resetDueAccounts(db, { now: new Date(firstInstant.getTime() - 1), sweptBy: "before" })).reset).toBe(0);
    expect((await resetDueAccounts(db, { now: firstInstant, sweptBy: "at" })).reset).toBe(1);
    expect((await resetRecords(db)).map((r) => [r.cycleOn, r.restoredOn])).toEqual([["2024-09-08", "2024-09-08"]]);
  });

  it("zones 45 and 30 minutes off the hour (Kathmandu, Kolkata) reset at their own local midnight, which a 15-minute sweep hits", async () => {
    const { db } = database;
    await createAccount(db, { name: "kathmandu", plan: "pro", anchorOn: "2026-05-20", timeZone: "Asia/Kathmandu" }, noon("2026-05-20"));
    await createAccount(db, { name: "kolkata", plan: "pro", anchorOn: "2026-05-20", timeZone: "Asia/Kolkata" }, noon("2026-05-20"));
    // Jun 20 local midnight: 18:15 UTC (+5:45) and 18:30 UTC (+5:30) on Jun 19: quarter hours.
    const sweeps = ["18:00", "18:14:59.999", "18:15", "18:29:59.999", "18:30"].map((t) => new Date(`2026-06-19T${t}Z`));
    const resetBy: number[] = [];
    for (const now of sweeps) resetBy.push((await resetDueAccounts(db, { now, sweptBy: now.toISOString() })).reset);
    expect(resetBy).toEqual([0, 0, 1, 0, 1]);
    expect((await resetRecords(db)).map((r) => [r.sweptBy, r.restoredOn])).toEqual([
      ["2026-06-19T18:15:00.000Z", "2026-06-20"],
      ["2026-06-19T18:30:00.000Z", "2026-06-20"],
    ]);
    // A clock that jumps backwards resets nothing again.
    expect((await resetDueAccounts(db, { now: new Date("2026-06-01T00:00:00Z"), sweptBy: "back" })).reset).toBe(0);
  });

  it("PostgreSQL's anchor + n months is the pure function's cycle date (anchors on every day of December, Jan 29-31, Feb 29; 121 cycles)", async () => {
    const anchors = [...daysFrom("2023-12-01", "2023-12-31"), "2024-01-29", "2024-01-30", "2024-01-31", "2020-02-29", "2024-02-29", "1999-12-31"];
    const rows = await database.db.$queryRaw<Array<{ anchor: string; n: number; date: string }>>`
      SELECT a AS anchor, n, to_char((a::date + make_interval(months => n))::date, 'YYYY-MM-DD') AS date
        FROM unnest(${anchors}::text[]) a, generate_series(0, 120) n`;
    expect(rows).toHaveLength(anchors.length * 121);
    expect(rows.filter((r) => r.date !== cycleDate(r.anchor, r.n))).toEqual([]);
  });

  it("a new account's first reset is one cycle after its anchor, or the first cycle date after today", async () => {
    const { db } = database;
    const opened = await createAccount(db, { name: "new", plan: "free", anchorOn: "2026-01-31", timeZone: "Pacific/Auckland" }, new Date("2026-01-30T12:00:00Z"));
    expect(opened.nextResetOn).toBe("2026-02-28");
    expect(opened.nextResetAt).toEqual(localMidnight("2026-02-28", "Pacific/Auckland"));
    const old = await createAccount(db, { name: "old anchor", plan: "free", anchorOn: "2020-02-29", timeZone: "UTC" }, noon("2026-07-01"));
    expect(old.nextResetOn).toBe(nextCycleAfter("2020-02-29", "2026-07-01").date);
    expect(old.nextResetOn).toBe("2026-07-29");
  });

  it("refuses bad accounts with INVALID_INPUT and writes nothing", async () => {
    const { db } = database;
    const bad = [
      { name: "x", plan: "gold", anchorOn: "2026-01-01", timeZone: "UTC" },
      { name: "x", plan: "pro", anchorOn: "2026-02-30", timeZone: "UTC" },
      { name: "x", plan: "pro", anchorOn: "2026-01-01", timeZone: "UTC+5" },
      { name: "x", plan: "pro", anchorOn: "2026-01-01", timeZone: "Mars/Olympus" },
      { name: "x", plan: "pro", anchorOn: "2026-01-01", timeZone: "+05:00" },
      { name: "a\u0000b", plan: "pro", anchorOn: "2026-01-01", timeZone: "UTC" },
      { name: "a\ud800b", plan: "pro", anchorOn: "2026-01-01", timeZone: "UTC" },
      { name: "x", plan: "pro", anchorOn: "0000-01-01", timeZone: "UTC" },
      { name: "x", plan: "pro", anchorOn: "2026-01-01T00:00:00Z", timeZone: "UTC" },
      { name: "x".repeat(201), plan: "pro", anchorOn: "2026-01-01", timeZone: "UTC" },
    ];
    for (const input of bad) {
      await expect(createAccount(db, input, noon("2026-01-01")), JSON.stringify(input).slice(0, 60)).rejects.toMatchObject({ code: "INVALID_INPUT" });
    }
    const [{ count }] = await db.$queryRaw<Array<{ count: number }>>`SELECT count(*)::int AS count FROM quota_accounts`;
    expect(count).toBe(0);
  });
});

describe("the recurring sweep through the engine", () => {
  const catalogueWith = (payload: { batchSize: number; maxBatches: number }) =>
    createCatalogue([quotaResetSweepJob], [{ name: "quotas.reset-sweep", cron: "*/15 * * * *", timeZone: "UTC", jobType: quotaResetSweepJob.name, payload }], { builtAt: testBuiltAt });

  it("a tick runs the schedule's occurrence, which resets the due accounts and records the occurrence's key; more than a run takes goes on in follow-up jobs", { timeout: 180_000 }, async () => {
    const { db } = database;
    for (let i = 0; i < 25; i++) {
      await createAccount(db, { name: `a${i}`, plan: "free", anchorOn: "2026-02-10", timeZone: "UTC" }, noon("2026-02-10"));
    }
    const catalogue = catalogueWith({ batchSize: 4, maxBatches: 2 }); // 8 accounts per run: 4 runs
    await tick({ db, catalogue, now: new Date("2026-03-09T23:50:00Z"), budgetMs: 5_000, mode: "drain" });
    expect(await resetRecords(db)).toEqual([]);
    const now = new Date("2026-03-10T00:00:05Z");
    const summary = await tick({ db, catalogue, now, budgetMs: 10_000, mode: "drain" });
    expect(summary.jobTypes).toEqual({ "quotas.reset-sweep": 4 });
    const records = await resetRecords(db);
    expect(records).toHaveLength(25);
    expect(new Set(records.map((r) => r.accountId)).size).toBe(25);
    expect(records.filter((r) => r.sweptBy === "recurring:quotas.reset-sweep:2026-03-10T00:00:00.000Z")).toHaveLength(8);
    expect(records.filter((r) => r.sweptBy.startsWith("quotas.reset-sweep:after:"))).toHaveLength(17);
  });

  it("a time-travelling tick does not run it: no account gets next month's allowances early", async () => {
    const { db } = database;
    const { id } = await createAccount(db, { name: "t", plan: "free", anchorOn: "2026-02-10", timeZone: "UTC" }, noon("2026-02-10"));
    await consumeAllowance(db, id, { allowance: "pages", amount: 50 }, noon("2026-02-10"));
    const catalogue = catalogueWith({ batchSize: 100, maxBatches: 1 });
    await tick({ db, catalogue, now: new Date("2026-02-11T00:00:00Z"), budgetMs: 5_000, mode: "drain" });
    await tick({ db, catalogue, now: new Date("2026-03-10T00:00:05Z"), travelling: true, budgetMs: 5_000, mode: "drain" });
    expect(await resetRecords(db)).toEqual([]);
    expect((await accountRow(id)).pages).toBe(0);
  });
});
