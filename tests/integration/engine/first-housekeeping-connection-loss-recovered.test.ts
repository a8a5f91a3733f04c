// Hostile: a tick whose connection dies during its FIRST housekeeping (a killed backend, a
// pooler or server restart at the wrong moment) returns "unavailable" at once, claiming
// nothing, however much of its budget is left (tick/housekeeping.ts: the first housekeeping is
// tried once, on the first lane, and any failure ends the tick). A staying cron call of 70 s then does no
// work for its whole minute although the database was back a millisecond later; the route
// answers 503. Later housekeeping failures are retried by the lane; the first is not.
//
// The moment is made deterministic: the tick must reconcile (no fingerprint stored), its
// reconciliation waits for the advisory lock another session holds, and that wait is killed.
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { createEffectTables, countJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { schedule, tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const reconcileLockKey = 0x4455_4c59; // lib/scheduler/recurring/reconcile.ts

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  // TRUNCATE, not emptyTables: its ACCESS EXCLUSIVE lock waits out any backend the last test killed or stranded.
  await db.$executeRaw`TRUNCATE scheduled_jobs, job_runs, recurring_schedules, scheduler_state`;
});

describe("a connection killed during the tick's first housekeeping", () => {
  it("the tick carries on with a fresh connection and runs the due job within its budget", async () => {
    const { db } = database;
    const [{ now }] = await db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
    await db.$transaction((tx) => schedule(tx, countJob, { runAt: now, payload: {} }));
    // Direct: a session advisory lock and a specific backend to kill.
    const attacker = new pg.Client({ connectionString: database.directUrl, application_name: "attacker" });
    await attacker.connect();
    try {
      await attacker.query("SELECT pg_advisory_lock($1)", [reconcileLockKey]);
      const ticking = tick({ db, catalogue: testCatalogue(), mode: "stay", budgetMs: 5_000 });
      // Wait until the tick's reconciliation queues for the lock, then kill that backend.
      let killed = 0;
      for (let i = 0; i < 200 && killed === 0; i++) {
        const { rows } = await attacker.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(l.pid))::int AS n FROM pg_locks l
           WHERE l.locktype = 'advisory' AND NOT l.granted AND l.objid = $1`,
          [reconcileLockKey],
        );
        killed = rows[0]!.n;
        if (killed === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(killed).toBe(1);
      await attacker.query("SELECT pg_advisory_unlock($1)", [reconcileLockKey]);
      const summary = await ticking;
      expect({ status: summary.status, succeeded: summary.succeeded }).toEqual({ status: "degraded", succeeded: 1 });
    } finally {
      await attacker.end();
    }
  });
});
