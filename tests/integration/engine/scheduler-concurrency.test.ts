// Never two at once, nothing lost: 8 tick processes race over 2,000 due jobs, all of which
// update one hot row (the worst case for lock waits).
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { createEffectTables, countJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { startTickProcess } from "../../fixtures/processes.ts";
import { scheduleMany, tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2027-03-01T12:00:00Z");

describe("concurrent ticks", () => {
  it("run each of 2,000 due jobs exactly once across 8 processes", async () => {
    const { db, url } = database;
    await createEffectTables(db);
    // One statement, not 2,000 round trips in a transaction (the same rows: the race is the ticks'
    // over them, not how they were written).
    await db.$transaction((tx) =>
      scheduleMany(tx, countJob, Array.from({ length: 2000 }, (_, i) => ({ runAt: new Date(now.getTime() - (i % 600) * 1000), payload: {} }))),
    );

    const ticks = Array.from({ length: 8 }, () => startTickProcess(url, now));
    const results = await Promise.all(ticks.map((t) => t.done));
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    console.log(results.map((r) => `${r.summary!.claimed}/${r.summary!.durationMs}ms`).join(" "));

    const claimedPerProcess = results.map((r) => r.summary!.claimed);
    // More than one process actually took part, or this test proves nothing about races.
    expect(claimedPerProcess.filter((c) => c > 0).length).toBeGreaterThan(1);
    // On a loaded machine a job may wait for the hot row longer than its lease allows
    // (PostgreSQL's lock_timeout is what is left of the lease): it fails, backs off and runs
    // again; and 8 processes on a machine busy with other work may use up their budgets before
    // the 2,000 are done. A later tick finishes what is left; what matters is that every job
    // ran exactly once in effect, and that the later tick finds nothing broken.
    const retried = results.reduce((sum, r) => sum + r.summary!.failed, 0);
    const claimed = claimedPerProcess.reduce((a, b) => a + b, 0);
    if (retried > 0 || claimed < 2000) {
      const later = await tick({ db, catalogue: testCatalogue(), now: new Date(now.getTime() + 3_600_000), budgetMs: 120_000 });
      expect(later.failed).toBe(0);
      expect(claimed + later.claimed).toBeGreaterThanOrEqual(2000);
    }

    const [counter] = await db.$queryRaw<Array<{ value: number }>>`SELECT value FROM test_counter WHERE id = 1`;
    expect(counter!.value).toBe(2000);
    const [executions] = await db.$queryRaw<Array<{ total: bigint; distinct_jobs: bigint }>>`
      SELECT count(*) AS total, count(DISTINCT job_id) AS distinct_jobs FROM test_executions`;
    expect(executions!.total).toBe(2000n);
    expect(executions!.distinct_jobs).toBe(2000n);
    const statuses = await db.$queryRaw<Array<{ status: string; n: bigint }>>`
      SELECT status::text AS status, count(*) AS n FROM scheduled_jobs GROUP BY status`;
    expect(statuses).toEqual([{ status: "succeeded", n: 2000n }]);
    const [runs] = await db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM job_runs WHERE outcome = 'succeeded'`;
    expect(runs!.n).toBe(2000n);
    // The only failures a hot row may cause are waits cut at the lease (PostgreSQL's lock or
    // statement timeout, whichever the remaining lease hit first), never anything else.
    const failures = await db.$queryRaw<Array<{ error: string }>>`SELECT error FROM job_runs WHERE outcome <> 'succeeded'`;
    for (const { error } of failures) expect(error).toMatch(/lock timeout|statement timeout|lease/);
  }, 180_000); // eight processes start and contend for one counter row on two cores
});
