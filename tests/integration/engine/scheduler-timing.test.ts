// Far-future work lives only in rows; failures back off exponentially; the clock is passed in.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob, flakyJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { findJob, retry, runsOfJob, schedule, tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2026-12-30T22:00:00Z");
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

async function counter(): Promise<number> {
  const [row] = await database.db.$queryRaw<Array<{ value: number }>>`SELECT value FROM test_counter WHERE id = 1`;
  return row!.value;
}

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs"]);
  await db.$executeRaw`UPDATE test_counter SET value = 0`;
  await db.$executeRaw`UPDATE test_switch SET failing = true`;
});

describe("a job due in 90 days", () => {
  it("is untouched by every tick before then and runs on the first tick after", async () => {
    const { db } = database;
    const catalogue = testCatalogue();
    const job = await db.$transaction((tx) => schedule(tx, countJob, { runAt: days(90), payload: {} }));

    for (const when of [now, days(1), days(30), days(89), new Date(days(90).getTime() - 1000)]) {
      const summary = await tick({ db, catalogue, now: when, budgetMs: 5000 });
      expect(summary.claimed).toBe(0);
    }
    expect(await findJob(db, job.id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await counter()).toBe(0);

    const due = await tick({ db, catalogue, now: new Date(days(90).getTime() + 1000), budgetMs: 5000 });
    expect(due).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(due.lagMs).toBeGreaterThanOrEqual(1000);
    expect(due.lagMs).toBeLessThan(1500);
    expect(await findJob(db, job.id)).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(await counter()).toBe(1);
  });
});

describe("failures", () => {
  it("back off exponentially with jitter, end dead after the last attempt, and retry runs again", async () => {
    const { db } = database;
    const catalogue = testCatalogue();
    const job = await db.$transaction((tx) => schedule(tx, flakyJob, { runAt: now, payload: {} }));
    const { backoffBaseMs, maxAttempts } = flakyJob.retry;

    let tickAt = now;
    const delays: number[] = [];
    for (let attempt = 1; attempt < maxAttempts; attempt++) {
      const summary = await tick({ db, catalogue, now: tickAt, budgetMs: 5000 });
      expect(summary).toMatchObject({ claimed: 1, failed: 1 });
      const after = (await findJob(db, job.id))!;
      expect(after).toMatchObject({ status: "pending", attempts: attempt, lastError: "Error: the switch says fail" });
      const delay = after.runAt.getTime() - tickAt.getTime();
      // Equal jitter: between half and all of base * 2^(attempt-1).
      const full = backoffBaseMs * 2 ** (attempt - 1);
      expect(delay).toBeGreaterThanOrEqual(full / 2 - 5); // the tick's clock moves a few ms
      expect(delay).toBeLessThanOrEqual(full + 50);
      delays.push(delay);
      // A tick just before the backoff ends leaves it alone.
      expect((await tick({ db, catalogue, now: new Date(after.runAt.getTime() - 100), budgetMs: 5000 })).claimed).toBe(0);
      tickAt = after.runAt;
    }
    expect(delays[1]!).toBeGreaterThan(delays[0]!);
    expect(delays[2]!).toBeGreaterThan(delays[1]!);

    const last = await tick({ db, catalogue, now: tickAt, budgetMs: 5000 });
    expect(last).toMatchObject({ claimed: 1, dead: 1 });
    expect(await findJob(db, job.id)).toMatchObject({ status: "dead", attempts: maxAttempts });
    expect(await counter()).toBe(0); // every failed attempt's writes were rolled back
    const runs = await runsOfJob(db, job.id);
    expect(runs.map((r) => r.outcome)).toEqual(["failed", "failed", "failed", "dead"]);

    await db.$executeRaw`UPDATE test_switch SET failing = false`;
    const retryAt = days(2);
    await db.$transaction((tx) => retry(tx, job.id, retryAt));
    const retried = await tick({ db, catalogue, now: retryAt, budgetMs: 5000 });
    expect(retried).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(await findJob(db, job.id)).toMatchObject({ status: "succeeded", attempts: maxAttempts + 1 });
    expect(await counter()).toBe(1);
  });
});
