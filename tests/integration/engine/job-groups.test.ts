// Group transactions: jobs share a commit but not a fate. A failing or overrunning job rolls
// back only its own writes; handlers write through Prisma models inside the job's transaction.
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables } from "../../fixtures/test-jobs.ts";
import { createCatalogue, defineJob, findJob, runsOfJob, schedule, tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2027-08-01T06:00:00Z");

/** Records its label; fails when told to. */
const labelJob = defineJob({
  name: "test.label",
  payload: z.object({ label: z.string(), fail: z.boolean().default(false) }),
  leaseMs: 10_000,
  retry: { maxAttempts: 3, backoffBaseMs: 5_000, backoffMaxMs: 60_000 },
  handler: async ({ tx, payload, job }) => {
    await tx.$executeRaw`INSERT INTO test_executions (job_id, attempt, pid) VALUES (${job.id}, ${job.attempt}, 0)`;
    if (payload.fail) throw new Error(`${payload.label} failed on purpose`);
  },
});

/** Writes, then overruns its 300 ms lease, then tries to write again. */
let lateWriteError: unknown;
const overrunJob = defineJob({
  name: "test.overrun",
  payload: z.object({}),
  leaseMs: 300,
  retry: { maxAttempts: 3, backoffBaseMs: 5_000, backoffMaxMs: 60_000 },
  handler: async ({ tx, job }) => {
    await tx.$executeRaw`INSERT INTO test_executions (job_id, attempt, pid) VALUES (${job.id}, ${job.attempt}, 1)`;
    await new Promise((resolve) => setTimeout(resolve, 800));
    try {
      await tx.$executeRaw`INSERT INTO test_executions (job_id, attempt, pid) VALUES (${job.id}, ${job.attempt}, 2)`;
    } catch (error) {
      lateWriteError = error;
    }
  },
});

/** Writes through Prisma's model API, including a nested create Prisma wraps in a transaction. */
const modelWriterJob = defineJob({
  name: "test.model-writer",
  payload: z.object({ name: z.string(), fail: z.boolean().default(false) }),
  leaseMs: 10_000,
  handler: async ({ tx, payload, now }) => {
    await tx.scheduledJob.create({
      data: {
        jobType: "test.written-by-handler",
        key: `written:${payload.name}`,
        runAt: now,
        runs: { create: [{ attempt: 1, tickId: "handler", startedAt: now, outcome: "succeeded" }] },
      },
    });
    if (payload.fail) throw new Error("model writer failed after writing");
  },
});

/** Leaves a deferred constraint violated when told to: the COMMIT, not the handler, fails. */
const deferredViolationJob = defineJob({
  name: "test.deferred-violation",
  payload: z.object({ violate: z.boolean() }),
  leaseMs: 10_000,
  retry: { maxAttempts: 3, backoffBaseMs: 5_000, backoffMaxMs: 60_000 },
  handler: async ({ tx, payload, job }) => {
    await tx.$executeRaw`INSERT INTO test_children (job_id, parent_id) VALUES (${job.id}, ${payload.violate ? -1 : 1})`;
  },
});

/** Fails before sending any query: its savepoint is never opened, so nothing is rolled back. */
const refuseJob = defineJob({
  name: "test.refuse",
  payload: z.object({}),
  leaseMs: 10_000,
  handler: async () => {
    throw new Error("refused without asking the database");
  },
});

const catalogue = createCatalogue([labelJob, overrunJob, modelWriterJob, deferredViolationJob, refuseJob]);

async function executions(): Promise<Array<{ job_id: bigint; pid: number }>> {
  return database.db.$queryRaw`SELECT job_id, pid FROM test_executions ORDER BY job_id, pid`;
}

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await db.$executeRaw`CREATE TABLE IF NOT EXISTS test_parents (id int PRIMARY KEY)`;
  await db.$executeRaw`INSERT INTO test_parents VALUES (1) ON CONFLICT DO NOTHING`;
  await db.$executeRaw`CREATE TABLE IF NOT EXISTS test_children (
    job_id bigint NOT NULL, parent_id int NOT NULL REFERENCES test_parents (id) DEFERRABLE INITIALLY DEFERRED)`;
  await emptyTables(db, ["scheduled_jobs", "job_runs", "test_executions", "test_children"]);
  lateWriteError = undefined;
});

describe("a group transaction", () => {
  it("commits the jobs that succeeded and rolls back only the one that failed", async () => {
    const { db } = database;
    const ids = await db.$transaction(async (tx) => {
      const made: bigint[] = [];
      for (const [i, fail] of [false, false, true, false, false].entries()) {
        made.push((await schedule(tx, labelJob, { runAt: new Date(now.getTime() - 5 - i), payload: { label: `job${i}`, fail } })).id);
      }
      return made;
    });
    // One lane: all five share one transaction.
    const summary = await tick({ db, catalogue, now, budgetMs: 60_000, concurrency: 1 });
    expect(summary).toMatchObject({ claimed: 5, succeeded: 4, failed: 1 });
    const failedId = ids[2]!;
    expect((await executions()).map((e) => e.job_id)).toEqual(ids.filter((id) => id !== failedId).sort());
    const failedJob = (await findJob(db, failedId))!;
    expect(failedJob).toMatchObject({ status: "pending", attempts: 1, lastError: "Error: job2 failed on purpose" });
    expect(failedJob.runAt.getTime() - now.getTime()).toBeGreaterThanOrEqual(2_500);
    for (const id of ids.filter((id) => id !== failedId)) expect((await findJob(db, id))!.status).toBe("succeeded");
  });

  it("keeps its neighbours' writes when a job fails before sending any query", async () => {
    const { db } = database;
    const first = await db.$transaction((tx) => schedule(tx, labelJob, { runAt: new Date(now.getTime() - 2), payload: { label: "first" } }));
    const refused = await db.$transaction((tx) => schedule(tx, refuseJob, { runAt: new Date(now.getTime() - 1), payload: {} }));
    const last = await db.$transaction((tx) => schedule(tx, labelJob, { runAt: now, payload: { label: "last" } }));
    const summary = await tick({ db, catalogue, now, budgetMs: 60_000, concurrency: 1 });
    expect(summary).toMatchObject({ claimed: 3, succeeded: 2, failed: 1 });
    expect((await executions()).map((e) => e.job_id)).toEqual([first.id, last.id]);
    expect((await findJob(db, refused.id))!.lastError).toBe("Error: refused without asking the database");
  });

  it("with a zero window runs one job per transaction", async () => {
    const { db } = database;
    await db.$transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await schedule(tx, labelJob, { runAt: now, payload: { label: `solo${i}` } });
    });
    const summary = await tick({ db, catalogue, now, budgetMs: 60_000, concurrency: 1, groupWindowMs: 0 });
    expect(summary).toMatchObject({ claimed: 3, succeeded: 3 });
    // Each job committed on its own: their transactions have distinct ids.
    const [row] = await db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(DISTINCT xmin::text) AS n FROM scheduled_jobs WHERE status = 'succeeded'`;
    expect(row!.n).toBe(3n);
  });

  it("abandons a handler that overruns its lease, fails only that job, and commits its neighbours", async () => {
    const { db } = database;
    const before = await db.$transaction((tx) => schedule(tx, labelJob, { runAt: new Date(now.getTime() - 2), payload: { label: "before" } }));
    const overrun = await db.$transaction((tx) => schedule(tx, overrunJob, { runAt: new Date(now.getTime() - 1), payload: {} }));
    const after = await db.$transaction((tx) => schedule(tx, labelJob, { runAt: now, payload: { label: "after" } }));

    const summary = await tick({ db, catalogue, now, budgetMs: 60_000, concurrency: 1, groupWindowMs: 5_000 });
    expect(summary).toMatchObject({ claimed: 3, succeeded: 2, failed: 1 });
    expect(await findJob(db, overrun.id)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await findJob(db, overrun.id))!.lastError).toMatch(/LeaseTimeoutError: test.overrun ran longer than its 300 ms lease/);
    expect((await runsOfJob(db, overrun.id)).map((r) => r.outcome)).toEqual(["failed"]);
    for (const job of [before, after]) expect(await findJob(db, job.id)).toMatchObject({ status: "succeeded", attempts: 1 });

    // Wait for the abandoned handler to try its late write: it must be refused, not autocommitted.
    for (let i = 0; i < 100 && !lateWriteError; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(String(lateWriteError)).toMatch(/transaction has ended/);
    expect(await executions()).toEqual([
      { job_id: before.id, pid: 0 },
      { job_id: after.id, pid: 0 },
    ]);
  });

  it("lets handlers write through Prisma models, nested writes included, all in the job's transaction", async () => {
    const { db } = database;
    await db.$transaction(async (tx) => {
      await schedule(tx, modelWriterJob, { runAt: now, payload: { name: "kept" } });
      await schedule(tx, modelWriterJob, { runAt: now, payload: { name: "dropped", fail: true } });
    });
    const summary = await tick({ db, catalogue, now, budgetMs: 60_000, concurrency: 1 });
    expect(summary).toMatchObject({ claimed: 2, succeeded: 1, failed: 1 });
    const written = await db.scheduledJob.findMany({ where: { jobType: "test.written-by-handler" }, include: { runs: true } });
    expect(written.map((j) => [j.key, j.runs.length])).toEqual([["written:kept", 1]]);
  });

  it("records a refused COMMIT as a failed attempt of every job in the group, none of whose writes land", async () => {
    const { db } = database;
    const ids = await db.$transaction(async (tx) => {
      const made: bigint[] = [];
      for (const violate of [false, true, false]) made.push((await schedule(tx, deferredViolationJob, { runAt: now, payload: { violate } })).id);
      return made;
    });
    const grouped = await tick({ db, catalogue, now, budgetMs: 60_000, concurrency: 1, groupWindowMs: 5_000 }); // one group whatever the machine's load
    expect(grouped).toMatchObject({ claimed: 3, succeeded: 0, failed: 3 });
    for (const id of ids) {
      const job = (await findJob(db, id))!;
      expect(job).toMatchObject({ status: "pending", attempts: 1 });
      expect(job.lastError).toMatch(/test_children_parent_id_fkey/);
    }
    const [children] = await db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM test_children`;
    expect(children!.n).toBe(0n);

    // One job per transaction isolates the culprit: the other two succeed.
    const later = new Date(now.getTime() + 60_000);
    const alone = await tick({ db, catalogue, now: later, budgetMs: 60_000, concurrency: 1, groupWindowMs: 0 });
    expect(alone).toMatchObject({ claimed: 3, succeeded: 2, failed: 1 });
    expect((await findJob(db, ids[1]!))!.status).toBe("pending");
  });
});
