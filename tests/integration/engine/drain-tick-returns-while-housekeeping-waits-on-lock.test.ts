// Hostile (d02f54e, the draining tick that waits for a running housekeeping): a housekeeping
// that never ends. The housekeeping statement (sql/housekeeping.ts) reads recurring_schedules
// and runs with no statement or lock timeout, unlike the sweep (5 s / 2 s) and the
// reconciliation (10 s / 5 s). Someone holds an ACCESS EXCLUSIVE lock on that table (a
// migration's ALTER TABLE, a VACUUM FULL, a LOCK TABLE by hand) while the housekeeper's
// housekeeping runs: the statement waits for the lock, the lanes finish and leave, and tick()
// then waits for the housekeeper (tick.ts: `await housekeeper.stop()`) for as long as the lock is
// held: a cron call that never answers, its budget long spent. The tick must come back (its
// summary saying the housekeeping failed) while the lock is still held.
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { createCatalogue, defineJob, schedule, tick, type TickSummary } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();

let started: () => void = () => {};
let release: () => void = () => {};
/** Holds its lane until the test has the table locked and a housekeeping waiting on it. */
const holdJob = defineJob({
  name: "test.hold-for-lock",
  payload: z.object({}),
  leaseMs: 60_000,
  handler: async () => {
    started();
    await new Promise<void>((resolve) => (release = resolve));
  },
});
const catalogue = createCatalogue([holdJob]);

let attacker: pg.Client | undefined;
beforeEach(async () => {
  // TRUNCATE, not emptyTables: its ACCESS EXCLUSIVE lock waits out any session the last test left holding locks here.
  await database.db.$executeRaw`TRUNCATE scheduled_jobs, job_runs`;
});
afterEach(async () => {
  await attacker?.end();
  attacker = undefined;
});

/** Waits (polling pg_locks, not the clock) until some backend waits for a lock on recurring_schedules. */
async function untilWaitingOnRecurringSchedules(client: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'recurring_schedules'::regclass`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a draining tick whose housekeeping waits on a table lock", () => {
  it("comes back while the lock is still held, with the failed housekeeping in its summary", async () => {
    const { db } = database;
    const [{ now }] = await db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
    await db.$transaction((tx) => schedule(tx, holdJob, { runAt: new Date(now.getTime() - 1000), payload: {} }));
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const budgetMs = 3_000;
    let summary: TickSummary | undefined;
    const ticking = tick({ db, catalogue, budgetMs, mode: "drain", housekeepingEveryMs: 50 }).then((s) => (summary = s));
    await handlerStarted;

    attacker = new pg.Client({ connectionString: database.directUrl, application_name: "attacker" }); // a session: it holds the lock
    await attacker.connect();
    await attacker.query("BEGIN; LOCK TABLE recurring_schedules IN ACCESS EXCLUSIVE MODE");
    const watcher = new pg.Client({ connectionString: database.directUrl, application_name: "attacker" });
    await watcher.connect();
    try {
      await untilWaitingOnRecurringSchedules(watcher); // the housekeeper's housekeeping (every lane is busy)
      release();
      // A hang detector, far past the budget: the lock is held until the tick comes back or this ends.
      const hangDetectorMs = 30_000;
      const outcome = await Promise.race([ticking.then(() => "returned" as const), new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), hangDetectorMs))]);
      expect(outcome).toBe("returned");
      expect(summary!.errors.some((e) => /housekeeping/.test(e))).toBe(true);
    } finally {
      await attacker.query("ROLLBACK");
      await ticking;
      await watcher.end();
    }
  }, 120_000);
});
