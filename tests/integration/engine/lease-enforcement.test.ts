// A handler stuck inside PostgreSQL is cut off at its lease by the database too (issue 5, item
// 4): the job's statement_timeout and lock_timeout are what is left of its lease, and when the
// engine's timer fires it ends the backend, so the group's row locks never outlive the lease.
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { createEffectTables } from "../../fixtures/test-jobs.ts";
import { createCatalogue, defineJob, findJob, runsOfJob, schedule, tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2027-06-01T10:00:00Z");
const leaseMs = 1500;
const retry = { maxAttempts: 3, backoffBaseMs: 60_000, backoffMaxMs: 60_000 };

/** Sleeps 8 s inside PostgreSQL: far past its 1.5 s lease. */
const slowStatement = defineJob({
  name: "test.slow-statement",
  payload: z.object({}),
  leaseMs,
  retry,
  handler: async ({ tx, job }) => {
    await tx.$executeRaw`INSERT INTO test_executions (job_id, attempt, pid) VALUES (${job.id}, ${job.attempt}, 1)`;
    await tx.$queryRaw`SELECT pg_sleep(8)`;
  },
});

/** Turns the timeouts off for itself first: only ending its backend can stop it. */
const stubbornStatement = defineJob({
  name: "test.stubborn-statement",
  payload: z.object({}),
  leaseMs,
  retry,
  handler: async ({ tx }) => {
    await tx.$executeRaw`SET LOCAL statement_timeout = 0`;
    await tx.$executeRaw`SET LOCAL lock_timeout = 0`;
    await tx.$queryRaw`SELECT pg_sleep(30)`;
  },
});

/** Waits for a row another session holds. */
const lockWaiter = defineJob({
  name: "test.lock-waiter",
  payload: z.object({}),
  leaseMs,
  retry,
  handler: async ({ tx }) => {
    await tx.$executeRaw`UPDATE test_counter SET value = value + 1 WHERE id = 1`;
  },
});

const catalogue = createCatalogue([slowStatement, stubbornStatement, lockWaiter]);

/** Backends of this database still running pg_sleep (a stuck handler's statement). */
async function sleepingBackends(): Promise<number> {
  const [row] = await database.db.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM pg_stat_activity
    WHERE datname = current_database() AND query LIKE '%pg_sleep(%' AND query NOT LIKE '%pg_stat_activity%' AND state = 'active' AND pid <> pg_backend_pid()`;
  return Number(row!.n);
}

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  // TRUNCATE, not emptyTables: its ACCESS EXCLUSIVE lock waits out any session the last test left holding locks here.
  await db.$executeRaw`TRUNCATE scheduled_jobs, job_runs, test_executions`;
  await db.$executeRaw`UPDATE test_counter SET value = 0`;
});

describe("a handler stuck inside PostgreSQL", () => {
  for (const [label, definition] of [["a slow statement", slowStatement], ["a statement that turned its timeouts off", stubbornStatement]] as const) {
    it(`${label}: ended at its lease, its locks released, its failure recorded at once`, async () => {
      const { db } = database;
      const job = await db.$transaction((tx) => schedule(tx, definition, { runAt: now, payload: {} }));
      const summary = await tick({ db, catalogue, now, budgetMs: 20_000 });
      expect(summary).toMatchObject({ claimed: 1, failed: 1 });
      // Had the backend been left running it would hold the job's row lock until its sleep
      // ended (8 or 30 s), and recording the failure would have waited for it.
      expect(summary.durationMs).toBeLessThan(7_000);
      expect(await sleepingBackends()).toBe(0);
      const row = await findJob(db, job.id);
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row!.lastError).toMatch(/statement timeout|lease/);
      expect((await runsOfJob(db, job.id)).map((r) => r.outcome)).toEqual(["failed"]);
      const [executions] = await db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM test_executions`;
      expect(executions!.n).toBe(0n); // its write was rolled back
    });
  }

  it("a lock wait: ended by lock_timeout at its lease while the other session keeps its lock", async () => {
    const { db, url } = database;
    const job = await db.$transaction((tx) => schedule(tx, lockWaiter, { runAt: now, payload: {} }));
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("SELECT * FROM test_counter WHERE id = 1 FOR UPDATE");
      const summary = await tick({ db, catalogue, now, budgetMs: 20_000 });
      expect(summary).toMatchObject({ claimed: 1, failed: 1 });
      const row = await findJob(db, job.id);
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row!.lastError).toMatch(/lock timeout|lease/);
    } finally {
      await blocker.query("ROLLBACK");
      await blocker.end();
    }
  });
});
