// Hostile: a staying tick that finds a due job it cannot claim (its row is locked by another
// session: an operator's transaction, a business transaction that scheduled it with the same key
// and has not committed, a cancel waiting on something) sleeps only minSleepMs (5 ms) before
// looking again (tick/stay.ts, waitForMoreWork: millisecondsUntilNextWork returns 0 for the locked row).
// It then spins: a claim and a lookup every ~5 ms for as long as the lock is held, on every
// overlapping tick. Expected: an idle tick looks at most about as often as its poll/notification
// allows (here: a handful of times a second), not hundreds of times.
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { createEffectTables, countJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { schedule, tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  // TRUNCATE, not emptyTables: its ACCESS EXCLUSIVE lock waits out any session the last test left holding locks here.
  await db.$executeRaw`TRUNCATE scheduled_jobs, job_runs, recurring_schedules, scheduler_state`;
});

describe("a staying tick facing a due job whose row another session holds", () => {
  it("does not spin: it looks for work a few times a second at most", async () => {
    const { db } = database;
    const [{ now }] = await db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
    const job = await db.$transaction((tx) => schedule(tx, countJob, { runAt: new Date(now.getTime() - 1000), payload: {} }));
    const holder = new pg.Client({ connectionString: database.url, application_name: "holder" });
    await holder.connect();
    let idles = 0;
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT id FROM scheduled_jobs WHERE id = $1 FOR UPDATE", [job.id]);
      await tick({ db, catalogue: testCatalogue(), mode: "stay", budgetMs: 2_000, onIdle: () => (idles += 1) });
    } finally {
      await holder.query("ROLLBACK");
      await holder.end();
    }
    console.log(JSON.stringify({ idles }));
    expect(idles).toBeLessThan(20); // 2 s at the 250 ms poll: 8
  });
});
