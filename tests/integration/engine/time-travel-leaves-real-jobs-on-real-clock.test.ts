// Hostile: a time-travelling tick (?now= in demos, e2e) must not move real work past real time
// (issue 5, item 15; README "Time travel": leases follow the real clock, real ticks carry on in
// real time). Two ways it still does, by writing the travelled instant into a real job's run_at:
// - lease recovery: a job whose worker died is put back to pending at greatest(run_at, now) with
//   `now` the travelled instant (sql/housekeeping.ts), so a job type that must follow the real
//   clock (inTimeTravel: "skip") waits a year for real ticks;
// - a failed attempt run by the travelled tick backs off from the travelled instant.
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables } from "../../fixtures/test-jobs.ts";
import { createCatalogue, defineJob, schedule, tick } from "../../../lib/scheduler/index.ts";
import { claim } from "../../helpers/engine.ts";

const database = useTestDatabase();

/** Must follow the real clock (like retention); counts its runs in a table without a unique key. */
const realClockJob = defineJob({
  name: "test.real-clock",
  payload: z.object({}),
  inTimeTravel: "skip",
  leaseMs: 1000,
  handler: async ({ tx, job }) => {
    await tx.$executeRaw`INSERT INTO test_executions (job_id, attempt, pid) VALUES (${job.id}, ${job.attempt}, 0)`;
  },
});

/** Fails while test_switch says so (an unreachable upstream), then counts. */
const flaky = defineJob({
  name: "test.travel-flaky",
  payload: z.object({}),
  retry: { maxAttempts: 5, backoffBaseMs: 1000, backoffMaxMs: 1000 },
  handler: async ({ tx, job }) => {
    const [row] = await tx.$queryRaw<Array<{ failing: boolean }>>`SELECT failing FROM test_switch WHERE id = 1`;
    if (row!.failing) throw new Error("upstream unavailable");
    await tx.$executeRaw`INSERT INTO test_executions (job_id, attempt, pid) VALUES (${job.id}, ${job.attempt}, 1)`;
  },
});
const catalogue = createCatalogue([realClockJob, flaky]);

async function realNow(): Promise<Date> {
  const [row] = await database.db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
  return row!.now;
}

async function jobRow(id: bigint) {
  const [row] = await database.db.$queryRaw<Array<{ status: string; run_at: Date }>>`
    SELECT status::text AS status, run_at FROM scheduled_jobs WHERE id = ${id}`;
  return row!;
}

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "test_executions"]);
  await db.$executeRaw`UPDATE test_switch SET failing = true`;
});

describe("a time-travelling tick a year ahead", () => {
  it("recovers a real job whose worker died without moving it a year into the future", async () => {
    const { db } = database;
    const start = await realNow();
    const { id } = await db.$transaction((tx) => schedule(tx, realClockJob, { runAt: new Date(start.getTime() - 60_000), payload: {} }));
    // A worker claimed it a minute ago (lease 1 s) and died: the lease has expired in real time.
    const [claimed] = await claim(db, catalogue, { now: start, tickId: "dead-worker", leaseFrom: new Date(start.getTime() - 60_000) });
    expect(claimed!.id).toBe(id);

    const yearAhead = new Date(start.getTime() + 365 * 86_400_000);
    const travelled = await tick({ db, catalogue, now: yearAhead, travelling: true, budgetMs: 5_000 });
    expect(travelled.recovered).toBe(1);

    const after = await jobRow(id);
    // Back to pending, due in real time (it was due a minute ago), not at the travelled instant.
    expect(after.status).toBe("pending");
    expect(after.run_at.getTime()).toBeLessThanOrEqual((await realNow()).getTime());
    // And the next real tick runs it.
    await tick({ db, catalogue, budgetMs: 5_000 });
    expect((await jobRow(id)).status).toBe("succeeded");
  });

  it("runs a real job due now, and when that attempt fails, its retry follows the real clock", async () => {
    const { db } = database;
    const start = await realNow();
    const { id } = await db.$transaction((tx) => schedule(tx, flaky, { runAt: start, payload: {} }));
    const yearAhead = new Date(start.getTime() + 365 * 86_400_000);
    const travelled = await tick({ db, catalogue, now: yearAhead, travelling: true, budgetMs: 5_000 });
    expect(travelled.failed).toBe(1);

    const after = await jobRow(id);
    expect(after.status).toBe("pending");
    // backoffMaxMs is 1 s: the retry is due within seconds of real time, not a year from now.
    expect(after.run_at.getTime()).toBeLessThan((await realNow()).getTime() + 60_000);
  });
});
