// Consumption and plan changes (issue 7): one guarded UPDATE takes from an allowance, never
// below zero; 50 concurrent requests for the last 10 units: exactly 10 succeed (test 6). An
// exhausted allowance says when it comes back; bad input changes nothing; an upgrade raises what
// is left at once by the difference, a downgrade waits for the next reset.
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../../lib/db/client.ts";
import {
  changePlan, consumeAllowance, createAccount, plans, QuotaExhaustedError, resetDueAccounts,
} from "../../../lib/quotas/index.ts";
import { localMidnight } from "../../helpers/quota-calendar.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";

const database = useTestDatabase();
const openedAt = new Date("2026-01-15T12:00:00Z");
// Every use is judged at an instant of the accounts' first cycle (their first reset is Jan 31).
const inCycle = new Date("2026-01-20T12:00:00Z");
beforeEach(async () => {
  await emptyTables(database.db, ["quota_accounts", "quota_resets"], { restartIdentity: true });
});

async function remaining(id: bigint) {
  const [row] = await database.db.$queryRaw<Array<{ pages: number; questions: number; questions_gpt4: number; documents: number; plan: string; next_plan: string | null }>>`
    SELECT pages, questions, questions_gpt4, documents, plan::text, next_plan::text FROM quota_accounts WHERE id = ${id}`;
  return row;
}

const open = (plan: "free" | "pro" | "business", timeZone = "America/New_York") =>
  createAccount(database.db, { name: `${plan} account`, plan, anchorOn: "2025-12-31", timeZone }, openedAt);

describe("consumption", () => {
  it("50 concurrent requests for the last 10 units: exactly 10 succeed, 40 are told when the allowance comes back", async () => {
    const { id } = await open("pro");
    await consumeAllowance(database.db, id, { allowance: "questions", amount: plans.pro.questions - 10 }, inCycle);
    // A pool of 50 connections, so the 50 requests really are in flight together.
    const db = createDb(database.url, { poolSize: 50 });
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () => consumeAllowance(db, id, { allowance: "questions", amount: 1 }, inCycle)),
      );
      const succeeded = outcomes.filter((o) => o.status === "fulfilled");
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
      expect(succeeded).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const { reason } of refused) {
        expect(reason).toBeInstanceOf(QuotaExhaustedError);
        expect(reason).toMatchObject({ code: "QUOTA_EXHAUSTED", allowance: "questions", remaining: 0 });
        expect((reason as QuotaExhaustedError).comesBackAt).toEqual(localMidnight("2026-01-31", "America/New_York"));
      }
      // Each success saw a distinct count left: 9, 8, ..., 0.
      const left = succeeded.map((o) => (o as PromiseFulfilledResult<Awaited<ReturnType<typeof consumeAllowance>>>).value.remaining.questions);
      expect(left.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    } finally {
      await db.$disconnect();
    }
    expect((await remaining(id)).questions).toBe(0);
  });

  it("takes from one allowance only, and answers what is left and when it comes back (local midnight as an instant)", async () => {
    const { id } = await open("free", "Pacific/Auckland");
    const result = await consumeAllowance(database.db, id, { allowance: "pages", amount: 7 }, inCycle);
    expect(result).toEqual({
      allowance: "pages",
      remaining: { pages: plans.free.pages - 7, questions: plans.free.questions, questionsGpt4: 0, documents: plans.free.documents },
      nextResetAt: localMidnight("2026-01-31", "Pacific/Auckland"),
    });
    expect(result.nextResetAt.toISOString()).toBe("2026-01-30T11:00:00.000Z");
  });

  it("refuses more than is left without taking anything; the reset gives it back (set, not added)", async () => {
    const { id } = await open("free");
    await consumeAllowance(database.db, id, { allowance: "documents", amount: 4 }, inCycle);
    await expect(consumeAllowance(database.db, id, { allowance: "documents", amount: 2 }, inCycle)).rejects.toMatchObject({ code: "QUOTA_EXHAUSTED", remaining: 1 });
    expect((await remaining(id)).documents).toBe(1);
    await resetDueAccounts(database.db, { now: localMidnight("2026-01-31", "America/New_York"), sweptBy: "test" });
    expect((await remaining(id)).documents).toBe(plans.free.documents);
  });

  it("asking for more than the plan gives in a whole cycle is QUOTA_EXCEEDS_PLAN (waiting cannot help), judged by the plan in force after the reset", async () => {
    const { id } = await open("free");
    await expect(consumeAllowance(database.db, id, { allowance: "questionsGpt4", amount: 1 }, inCycle)).rejects.toMatchObject({ code: "QUOTA_EXCEEDS_PLAN" });
    const business = await open("business");
    await consumeAllowance(database.db, business.id, { allowance: "pages", amount: 9_990 }, inCycle);
    await changePlan(database.db, business.id, "free", inCycle);
    await expect(consumeAllowance(database.db, business.id, { allowance: "pages", amount: 60 }, inCycle)).rejects.toMatchObject({ code: "QUOTA_EXCEEDS_PLAN" });
    await expect(consumeAllowance(database.db, business.id, { allowance: "pages", amount: 20 }, inCycle)).rejects.toMatchObject({ code: "QUOTA_EXHAUSTED" });
  });

  it("an unknown account is NOT_FOUND; bad usage is INVALID_INPUT and changes nothing", async () => {
    const { id } = await open("pro");
    await expect(consumeAllowance(database.db, 999_999n, { allowance: "pages", amount: 1 }, inCycle)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const bad: unknown[] = [
      { allowance: "pages", amount: 0 }, { allowance: "pages", amount: -5 }, { allowance: "pages", amount: 1.5 },
      { allowance: "pages", amount: 1_000_001 }, { allowance: "pages", amount: "1" }, { allowance: "pages", amount: Number.NaN },
      { allowance: "contextMaxLength", amount: 1 }, { allowance: "pages\u0000", amount: 1 }, { allowance: "pages", amount: 1, extra: true },
      {}, null, "pages", [],
    ];
    for (const input of bad) {
      await expect(consumeAllowance(database.db, id, input, inCycle), JSON.stringify(input)).rejects.toMatchObject({ code: "INVALID_INPUT" });
    }
    expect(await remaining(id)).toMatchObject({ pages: plans.pro.pages, questions: plans.pro.questions });
  });
});

describe("plan changes", () => {
  it("an upgrade takes effect at once and raises what is left by the difference", async () => {
    const { id } = await open("free");
    await consumeAllowance(database.db, id, { allowance: "pages", amount: 50 }, inCycle);
    await consumeAllowance(database.db, id, { allowance: "questions", amount: 30 }, inCycle);
    expect(await changePlan(database.db, id, "pro", inCycle)).toEqual({ takesEffect: "now", plan: "pro", nextPlan: null });
    expect(await remaining(id)).toEqual({
      plan: "pro", next_plan: null,
      pages: 0 + (plans.pro.pages - plans.free.pages),
      questions: plans.free.questions - 30 + (plans.pro.questions - plans.free.questions),
      questions_gpt4: plans.pro.questionsGpt4,
      documents: plans.pro.documents,
    });
  });

  it("a downgrade waits for the next reset; choosing the plan in force again cancels it; an upgrade replaces it", async () => {
    const { id } = await open("pro");
    expect(await changePlan(database.db, id, "free", inCycle)).toEqual({ takesEffect: "next-reset", plan: "pro", nextPlan: "free" });
    expect(await remaining(id)).toMatchObject({ plan: "pro", next_plan: "free", pages: plans.pro.pages });
    expect(await changePlan(database.db, id, "pro", inCycle)).toEqual({ takesEffect: "unchanged", plan: "pro", nextPlan: null });
    await changePlan(database.db, id, "free", inCycle);
    expect(await changePlan(database.db, id, "business", inCycle)).toEqual({ takesEffect: "now", plan: "business", nextPlan: null });
    await resetDueAccounts(database.db, { now: localMidnight("2026-01-31", "America/New_York"), sweptBy: "test" });
    expect(await remaining(id)).toMatchObject({ plan: "business", next_plan: null, pages: plans.business.pages });
  });

  it("refuses an unknown plan or account and changes nothing", async () => {
    const { id } = await open("pro");
    await expect(changePlan(database.db, id, "platinum", inCycle)).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(changePlan(database.db, 424242n, "pro", inCycle)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await remaining(id)).toMatchObject({ plan: "pro", next_plan: null });
  });

  it("upgrades racing with consumption lose nothing: every unit taken and every difference added is accounted for", async () => {
    const { id } = await open("free");
    const db = createDb(database.url, { poolSize: 12 });
    try {
      const takes = Array.from({ length: 20 }, () => consumeAllowance(db, id, { allowance: "questions", amount: 1 }, inCycle));
      await Promise.all([...takes, changePlan(db, id, "pro", inCycle), changePlan(db, id, "business", inCycle)]);
    } finally {
      await db.$disconnect();
    }
    expect(await remaining(id)).toMatchObject({ plan: "business", questions: plans.business.questions - 20 });
  });
});
