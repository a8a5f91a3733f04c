// A job type's own concurrency limit (`maxRunning` on its definition, docs/decisions/0026):
// however many ticks, lanes and processes claim at once, no more of its jobs are claimed or
// running than the limit. A claim counts the type's running jobs under a transaction-scoped
// advisory lock of the type, read after the lock is taken, so two claims never both spend the
// same room; a claim that finds the lock taken takes none of that type this time.
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createDb, pgPoolOf } from "../../../lib/db/client.ts";
import { createCatalogue, defineJob, tick } from "../../../lib/scheduler/index.ts";
import { claimDueJobs } from "../../../lib/scheduler/internal.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { claim, runClaimed } from "../../helpers/engine.ts";
import { countJob, createEffectTables } from "../../fixtures/test-jobs.ts";

const database = useTestDatabase();
const now = new Date("2027-07-01T10:00:00Z");
const limit = 2;

/** What the limited type's handlers saw: most of them running at once, in memory and in the table. */
const seen = { running: 0, mostRunning: 0, mostInTable: 0 };

const limitedJob = defineJob({
  name: "test.limited",
  payload: z.object({}),
  leaseMs: 5_000,
  maxRunning: limit,
  handler: async ({ tx }) => {
    seen.running += 1;
    seen.mostRunning = Math.max(seen.mostRunning, seen.running);
    try {
      // Claimed or running, as committed by every claim so far (this statement's snapshot).
      const [row] = await tx.$queryRaw<Array<{ n: number }>>`
        SELECT count(*)::int AS n FROM scheduled_jobs WHERE job_type = 'test.limited' AND status = 'running'`;
      seen.mostInTable = Math.max(seen.mostInTable, row!.n);
      await new Promise((resolve) => setTimeout(resolve, 5)); // let other lanes' handlers overlap
    } finally {
      seen.running -= 1;
    }
  },
});

const catalogue = createCatalogue([countJob, limitedJob], [], { builtAt: null });
const types = catalogue.claimableTypes(false);

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs"]);
  Object.assign(seen, { running: 0, mostRunning: 0, mostInTable: 0 });
});

async function insertDue(jobType: string, count: number): Promise<void> {
  await database.db.$executeRaw`
    INSERT INTO scheduled_jobs (job_type, run_at, payload)
    SELECT ${jobType}, ${now}::timestamptz - interval '1 minute' + g * interval '1 millisecond', '{}'::jsonb
    FROM generate_series(1, ${count}::int) g`;
}

const ofType = (jobs: Array<{ jobType: string }>, jobType: string) => jobs.filter((j) => j.jobType === jobType).length;

describe("a job type with maxRunning", () => {
  it("is claimed only up to what its running jobs leave, other types as usual", async () => {
    await insertDue(limitedJob.name, 10);
    await insertDue(countJob.name, 5);

    const first = await claim(database.db, catalogue, { now, tickId: "limit-1", limit: 10 });
    expect(ofType(first, limitedJob.name)).toBe(limit);
    expect(ofType(first, countJob.name)).toBe(5);
    expect(await claim(database.db, catalogue, { now, tickId: "limit-2", limit: 10 })).toEqual([]);

    // One finishes: room for one more.
    expect(await runClaimed(database.db, catalogue, first.find((j) => j.jobType === limitedJob.name)!)).toBe("succeeded");
    const third = await claim(database.db, catalogue, { now, tickId: "limit-3", limit: 10 });
    expect(third.map((j) => j.jobType)).toEqual([limitedJob.name]);
  });

  it("is not claimed while another claim of it is uncommitted, and after that commits only the room left", async () => {
    await insertDue(limitedJob.name, 10);
    await insertDue(countJob.name, 3);
    const pool = pgPoolOf(database.db);
    const holder = await pool.connect();
    try {
      // A claim inside an open transaction: its lock on the type lasts until COMMIT.
      await holder.query("BEGIN");
      const onlyLimited = types.filter((t) => t.jobType === limitedJob.name);
      const held = await claimDueJobs(holder, { now, leaseFrom: now, tickId: "held", claimer: "held", limit: 1, types: onlyLimited });
      expect(held.map((j) => j.jobType)).toEqual([limitedJob.name]);

      const meanwhile = await claimDueJobs(pool, { now, leaseFrom: now, tickId: "meanwhile", claimer: "meanwhile", limit: 10, types });
      expect(ofType(meanwhile, limitedJob.name)).toBe(0);
      expect(ofType(meanwhile, countJob.name)).toBe(3);

      await holder.query("COMMIT");
    } finally {
      holder.release();
    }
    const after = await claimDueJobs(pool, { now, leaseFrom: now, tickId: "after", claimer: "after", limit: 10, types });
    expect(after.map((j) => j.jobType)).toEqual(Array.from({ length: limit - 1 }, () => limitedJob.name));
  });

  it("never has more than maxRunning claimed or running under two concurrent ticks", async () => {
    await insertDue(limitedJob.name, 40);
    // A second client with a pool of its own, as another process's tick would have.
    const other = createDb(database.url, { poolSize: 6, preparedStatements: database.url === database.directUrl });
    try {
      const run = (db: typeof other) => tick({ db, catalogue, now, budgetMs: 60_000, mode: "drain", concurrency: 4, maxClaim: 8 });
      const summaries = await Promise.all([run(database.db), run(other)]);
      for (const summary of summaries) expect(summary.errors).toEqual([]);
      // A drain tick stops when its claim comes back empty, which a type at its limit can make
      // happen early: a last tick finishes what is left.
      await run(database.db);
    } finally {
      await other.$disconnect();
    }
    const [done] = await database.db.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM scheduled_jobs WHERE job_type = 'test.limited' AND status = 'succeeded'`;
    expect(done!.n).toBe(40);
    expect(seen.mostInTable).toBeGreaterThan(0);
    expect(seen.mostInTable).toBeLessThanOrEqual(limit);
    expect(seen.mostRunning).toBeLessThanOrEqual(limit);
  });
});
