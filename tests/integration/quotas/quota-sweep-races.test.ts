// Issue 7, test 2: the calendar simulation again, with every daily tick fired twice at once
// (two sweeps on two connections) and then once more: no account is reset twice. Plus two
// sweeps racing over thousands of due accounts in small batches, from two separate pools.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../../lib/db/client.ts";
import { createAccount, resetDueAccounts, resetDueAccountsInTransaction } from "../../../lib/quotas/index.ts";
import {
  daysFrom, expectedResets, groupByAccount, openSimulationAccounts, resetRecords, withoutCommitFlush, type SimulatedAccount,
} from "../../helpers/quota-calendar.ts";
import { useTestDatabase } from "../../helpers/database.ts";

const database = useTestDatabase();
beforeAll(() => withoutCommitFlush(database.directUrl, database.name));
const openedAt = new Date("2023-12-30T12:00:00Z");

beforeEach(async () => {
  // TRUNCATE, not emptyTables: thousands of accounts and their resets a test, and racing sweeps that hold row locks.
  await database.db.$executeRaw`TRUNCATE quota_accounts, quota_resets RESTART IDENTITY`;
});

describe("duplicate and concurrent sweeps", () => {
  it("every daily tick of 2024-2032 fired twice concurrently, then again: each account still reset exactly once per cycle", { timeout: 300_000 }, async () => {
    const { db } = database;
    const accounts: SimulatedAccount[] = await openSimulationAccounts(db, openedAt);
    const ticks = ["2023-12-31", ...daysFrom("2024-01-01", "2032-12-31")].map((day) => new Date(`${day}T12:00:00Z`));
    let resetByRepeats = 0;
    for (const now of ticks) {
      // Two sweeps in flight at once on two connections of the pool, then a late duplicate.
      await Promise.all([
        resetDueAccounts(db, { now, sweptBy: "first" }),
        resetDueAccounts(db, { now, sweptBy: "second" }),
      ]);
      resetByRepeats += (await resetDueAccounts(db, { now, sweptBy: "repeat" })).reset;
    }
    expect(resetByRepeats).toBe(0);
    const byAccount = groupByAccount(await resetRecords(db));
    const wrong: string[] = [];
    let total = 0;
    for (const account of accounts) {
      const expected = expectedResets(account, ticks).map((e) => `${e.cycleOn}@${e.resetAt.toISOString()}`);
      const actual = (byAccount.get(account.id) ?? []).map((r) => `${r.cycleOn}@${r.resetAt.toISOString()}`);
      total += actual.length;
      if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push(`${account.anchorOn} ${account.timeZone}`);
    }
    expect(wrong).toEqual([]);
    expect(total).toBeGreaterThan(128 * 107);
  });

  it("two sweeps from two separate pools over 3,000 due accounts in batches of 50 reset each account once, between them", async () => {
    const { db, url } = database;
    const now = new Date("2026-03-10T12:00:00Z");
    // 3,000 accounts due today (anchored a month ago), through the real creation path for one,
    // then copied in SQL for speed.
    await createAccount(db, { name: "template", plan: "pro", anchorOn: "2026-02-10", timeZone: "Europe/Berlin" }, new Date("2026-02-10T12:00:00Z"));
    await db.$executeRaw`
      INSERT INTO quota_accounts (name, plan, pages, questions, questions_gpt4, documents, anchor_on, time_zone, next_reset_on, next_reset_at)
      SELECT 'copy ' || g, plan, 0, 0, 0, 0, anchor_on, time_zone, next_reset_on, next_reset_at
        FROM quota_accounts, generate_series(1, 2999) g`;
    const [a, b] = [createDb(url, { poolSize: 2 }), createDb(url, { poolSize: 2 })];
    try {
      const results = await Promise.all([
        resetDueAccounts(a, { now, sweptBy: "a", batchSize: 50 }),
        resetDueAccounts(b, { now, sweptBy: "b", batchSize: 50 }),
      ]);
      expect(results[0].reset + results[1].reset).toBe(3_000);
    } finally {
      await Promise.all([a.$disconnect(), b.$disconnect()]);
    }
    const [{ accounts, resets, twice }] = await db.$queryRaw<Array<{ accounts: number; resets: number; twice: number }>>`
      SELECT (SELECT count(*)::int FROM quota_accounts WHERE next_reset_on = '2026-04-10' AND pages = 1000) AS accounts,
             (SELECT count(*)::int FROM quota_resets) AS resets,
             (SELECT count(*)::int FROM (SELECT account_id FROM quota_resets GROUP BY account_id HAVING count(*) > 1) x) AS twice`;
    expect({ accounts, resets, twice }).toEqual({ accounts: 3_000, resets: 3_000, twice: 0 });
  });

  it("a sweep in a transaction that rolls back resets nothing and leaves no record", async () => {
    const { db } = database;
    const { id } = await createAccount(db, { name: "rolled back", plan: "free", anchorOn: "2026-02-10", timeZone: "UTC" }, new Date("2026-02-10T12:00:00Z"));
    const now = new Date("2026-03-10T00:00:00Z");
    await expect(
      db.$transaction(async (tx) => {
        expect((await resetDueAccountsInTransaction(tx, { now, sweptBy: "doomed" })).reset).toBe(1);
        throw new Error("the job failed after the sweep");
      }),
    ).rejects.toThrow("the job failed after the sweep");
    expect(await resetRecords(db)).toEqual([]);
    expect((await resetDueAccounts(db, { now, sweptBy: "retry" })).reset).toBe(1);
    expect((await resetRecords(db)).map((r) => [r.accountId, r.sweptBy])).toEqual([[id, "retry"]]);
  });
});
