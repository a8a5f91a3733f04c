// Hostile: a connection dies mid-group and, for a moment, no new one can be had (a server at
// max_connections, a restart or failover refusing logins for a second). The lane's queue of
// claimed jobs is then abandoned: run-job-group.ts calls lane.replace() after the dead
// transaction, which throws when pool.connect() fails; the error escapes runClaimedJobs, the
// lane (tick/lane-loop.ts) gives up after three failures in ~300 ms although its budget runs for
// seconds more, and the claimed jobs stay `running` until their lease expires: each loses an
// attempt although no handler of theirs ever committed (maxAttempts 1: dead, never run).
import pg from "pg";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { createLimitedRole, type LimitedRole } from "../../helpers/limited-role.ts";
import { createEffectTables } from "../../fixtures/test-jobs.ts";
import { createDb } from "../../../lib/db/client.ts";
import { createCatalogue, defineJob, schedule, tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();

let paused: () => void = () => {};
let resume: Promise<void> = Promise.resolve();
/** Records its run (no unique key); the first job pauses after its first write until the test says go. */
const job = defineJob({
  name: "test.outage",
  payload: z.object({ pause: z.boolean() }),
  leaseMs: 10_000,
  retry: { maxAttempts: 3, backoffBaseMs: 1000, backoffMaxMs: 1000 },
  handler: async ({ tx, payload, job }) => {
    await tx.$executeRaw`INSERT INTO test_executions (job_id, attempt, pid) VALUES (${job.id}, ${job.attempt}, 0)`;
    if (payload.pause && job.attempt === 1) {
      paused();
      await resume;
      await tx.$executeRaw`SELECT 1`; // on the connection the test killed
    }
  },
});
const catalogue = createCatalogue([job]);

let role: LimitedRole | undefined;
afterAll(async () => {
  await role?.drop();
});

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  // TRUNCATE, not emptyTables: its ACCESS EXCLUSIVE lock waits out any backend the last test killed or stranded.
  await db.$executeRaw`TRUNCATE scheduled_jobs, job_runs, test_executions`;
});

describe("a connection killed mid-group while no new connection can be had for a second", () => {
  it("the tick finishes its claimed jobs when connections come back within its budget; none is left running", async () => {
    const { db } = database;
    // The server at max_connections, for this role: one connection, which the tick holds.
    role = await createLimitedRole(database.directUrl, 1);
    const [{ now }] = await db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
    await db.$transaction(async (tx) => {
      for (let i = 0; i < 5; i++) await schedule(tx, job, { runAt: new Date(now.getTime() - 1000 + i), payload: { pause: i === 0 } });
    });
    const limited = createDb(role.url, { poolSize: 1, connectionTimeoutMs: 2_000 });
    const admin = new pg.Client({ connectionString: database.directUrl, application_name: "attacker" });
    await admin.connect();
    let held: pg.Client[] = [];
    try {
      let resumeHandler: () => void = () => {};
      resume = new Promise((resolve) => (resumeHandler = resolve));
      const inHandler = new Promise<void>((resolve) => (paused = resolve));
      const ticking = tick({ db: limited, catalogue, budgetMs: 10_000, concurrency: 1 });
      await inHandler;
      // Kill the tick's connection (waiting until it is gone), and take the freed slot.
      await admin.query("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE usename = $1", [new URL(role.url).username]);
      held = await role.hold(1);
      resumeHandler();
      // A 1.5 s outage, well within the tick's 10 s budget.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await Promise.all(held.map((c) => c.end()));
      held = [];
      const summary = await ticking;

      const [state] = await db.$queryRaw<Array<{ running: bigint; succeeded: bigint; attempts: bigint }>>`
        SELECT count(*) FILTER (WHERE status = 'running') AS running, count(*) FILTER (WHERE status = 'succeeded') AS succeeded,
               sum(attempts) AS attempts FROM scheduled_jobs`;
      const [effects] = await db.$queryRaw<Array<{ total: bigint; jobs: bigint }>>`
        SELECT count(*) AS total, count(DISTINCT job_id) AS jobs FROM test_executions`;
      expect({ ...state, effects, durationMs: summary.durationMs > 1_500 }).toEqual({
        running: 0n, succeeded: 5n, attempts: 5n, effects: { total: 5n, jobs: 5n }, durationMs: true,
      });
    } finally {
      await Promise.all(held.map((c) => c.end()));
      await admin.end();
      await limited.$disconnect();
    }
  }, 180_000);
});
