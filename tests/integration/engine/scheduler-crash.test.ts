// Nothing lost, one commit, fencing: workers killed with SIGKILL, and a stale worker that
// comes back after its lease was taken.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob, killSelfJob, testCatalogue, testLeaseMs } from "../../fixtures/test-jobs.ts";
import { startTickProcess } from "../../fixtures/processes.ts";
import { runsOfJob, schedule, tick } from "../../../lib/scheduler/index.ts";
import { clockStartingAt } from "../../../lib/scheduler/internal.ts";
import { claim, recover, runClaimed } from "../../helpers/engine.ts";

const database = useTestDatabase();
const t0 = new Date("2027-05-10T08:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

async function counter(): Promise<number> {
  const [row] = await database.db.$queryRaw<Array<{ value: number }>>`SELECT value FROM test_counter WHERE id = 1`;
  return row!.value;
}

async function jobRow(id: bigint) {
  const [row] = await database.db.$queryRaw<Array<{ status: string; attempts: number; lease_expires_at: Date | null }>>`
    SELECT status::text AS status, attempts, lease_expires_at FROM scheduled_jobs WHERE id = ${id}`;
  return row!;
}

/**
 * A killed worker's backend notices the closed socket a moment later and only then rolls back
 * and releases its row locks. Wait for that condition (not for a fixed time).
 */
async function waitForKilledWorkersToDisconnect(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await database.db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM pg_stat_activity
      WHERE datname = current_database() AND state LIKE 'idle in transaction%'`;
    if (row!.n === 0n) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("a killed worker's transaction is still open after 5 s");
}

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "test_executions"]);
  await db.$executeRaw`UPDATE test_counter SET value = 0`;
});

describe("a worker killed mid-job", () => {
  it("rolls back its effects, keeps the job until the lease ends, then runs it once", async () => {
    const { db, url } = database;
    const job = await db.$transaction((tx) => schedule(tx, countJob, { runAt: t0, payload: {} }));

    const worker = startTickProcess(url, t0, { DULY_TEST_HANG: "1" });
    await worker.waitFor("IN_HANDLER"); // its counter update is written, not committed
    worker.child.kill("SIGKILL");
    const exit = await worker.done;
    expect(exit.signal).toBe("SIGKILL");
    await waitForKilledWorkersToDisconnect();

    expect(await counter()).toBe(0);
    expect(await jobRow(job.id)).toMatchObject({ status: "running", attempts: 1 });

    const catalogue = testCatalogue();
    const early = await tick({ db, catalogue, now: at(testLeaseMs - 1000), budgetMs: 10_000 });
    expect(early).toMatchObject({ recovered: 0, claimed: 0 });
    expect(await jobRow(job.id)).toMatchObject({ status: "running", attempts: 1 });

    const late = await tick({ db, catalogue, now: at(testLeaseMs + 1000), budgetMs: 10_000 });
    expect(late).toMatchObject({ recovered: 1, claimed: 1, succeeded: 1 });
    expect(await counter()).toBe(1);
    expect(await jobRow(job.id)).toMatchObject({ status: "succeeded", attempts: 2 });
    const runs = await runsOfJob(db, job.id);
    expect(runs.map((r) => r.outcome)).toEqual(["lost", "succeeded"]);

    const again = await tick({ db, catalogue, now: at(testLeaseMs * 5), budgetMs: 10_000 });
    expect(again.claimed).toBe(0);
    expect(await counter()).toBe(1);
  });
});

describe("a job that kills its worker every time", () => {
  it("ends dead after max_attempts, with one lost run per attempt", async () => {
    const { db, url } = database;
    const job = await db.$transaction((tx) => schedule(tx, killSelfJob, { runAt: t0, payload: {} }));
    const maxAttempts = killSelfJob.retry.maxAttempts;

    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      // Each tick starts after the previous attempt's lease, recovers the job and claims it.
      const worker = startTickProcess(url, at((attempt - 1) * (testLeaseMs + 1000)));
      const exit = await worker.done;
      expect(exit.signal, `code ${exit.code}: ${exit.stderr}`).toBe("SIGKILL");
      await waitForKilledWorkersToDisconnect();
      expect(await jobRow(job.id)).toMatchObject({ status: "running", attempts: attempt });
    }

    const final = await tick({ db, catalogue: testCatalogue(), now: at(maxAttempts * (testLeaseMs + 1000)), budgetMs: 10_000 });
    expect(final).toMatchObject({ recovered: 1, dead: 1, claimed: 0 });
    expect(await jobRow(job.id)).toMatchObject({ status: "dead", attempts: maxAttempts });
    expect(await counter()).toBe(0);
    const runs = await runsOfJob(db, job.id);
    expect(runs.map((r) => [r.attempt, r.outcome])).toEqual([[1, "lost"], [2, "lost"], [3, "lost"]]);
    expect(runs.every((r) => r.error?.includes("lease expired"))).toBe(true);

    const later = await tick({ db, catalogue: testCatalogue(), now: at(100 * testLeaseMs), budgetMs: 10_000 });
    expect(later.claimed).toBe(0);
  });
});

describe("a stale worker", () => {
  it("whose lease expired and was re-claimed cannot mark the job done", async () => {
    const { db } = database;
    const catalogue = testCatalogue();
    const job = await db.$transaction((tx) => schedule(tx, countJob, { runAt: t0, payload: {} }));

    const [stale] = await claim(db, catalogue, { now: t0, tickId: "t_stale" });
    expect(stale!.attempt).toBe(1);
    // The stale worker stalls past its lease; another tick recovers the job and claims it.
    const later = at(testLeaseMs + 1);
    expect(await recover(db, later, catalogue)).toEqual([{ id: job.id, status: "pending" }]);
    const [fresh] = await claim(db, catalogue, { now: later, tickId: "t_fresh" });
    expect(fresh!.attempt).toBe(2);

    expect(await runClaimed(db, catalogue, stale!, clockStartingAt(later))).toBe("lease_lost");
    expect(await counter()).toBe(0);
    expect(await jobRow(job.id)).toMatchObject({ status: "running", attempts: 2 });

    expect(await runClaimed(db, catalogue, fresh!, clockStartingAt(later))).toBe("succeeded");
    expect(await counter()).toBe(1);
    const runs = await runsOfJob(db, job.id);
    expect(runs.map((r) => [r.attempt, r.tickId, r.outcome])).toEqual([
      [1, "t_stale", "lease_lost"],
      [2, "t_fresh", "succeeded"],
    ]);
  });

  it("cannot finish with an old token even after the new attempt completed", async () => {
    const { db } = database;
    const catalogue = testCatalogue();
    await db.$transaction((tx) => schedule(tx, countJob, { runAt: t0, payload: {} }));
    const [stale] = await claim(db, catalogue, { now: t0, tickId: "t_stale" });
    const later = at(testLeaseMs + 1);
    await recover(db, later, catalogue);
    const [fresh] = await claim(db, catalogue, { now: later, tickId: "t_fresh" });
    expect(await runClaimed(db, catalogue, fresh!, clockStartingAt(later))).toBe("succeeded");
    expect(await runClaimed(db, catalogue, stale!, clockStartingAt(later))).toBe("lease_lost");
    expect(await counter()).toBe(1);
  });
});
