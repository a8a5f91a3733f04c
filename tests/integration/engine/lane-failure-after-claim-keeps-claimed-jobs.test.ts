// Hostile, deterministic: the window behind a kill-storm run that ended with one run `lost`
// (engine/kill-storm-loses-no-job: claimed 601, succeeded 600, failed 0, lost 1, nothing run
// twice). A lane claims jobs, and then an error escapes its run phase: here the first job's
// group transaction dies with its connection three times (maxConnectionLosses is 2, so the
// third loss records a failed attempt), and that record, sent outside any transaction
// (group/on-lane.ts), dies with its connection three times too, so onLane gives up and throws.
// (A reconnect that fails for the lane's whole patience throws the same way.) The lane then
// dropped its queue on the floor: the jobs stayed `running` under its name with nobody running
// them, the claim having been answered so nothing looked them up again (decision 0008's
// "found again" covered only an unanswered claim), and each waited out its lease to be closed
// `lost` with an attempt spent. The kills come from the database itself, at the exact
// statement: the handler ends its own backend (its first three runs), a trigger ends the
// backend recording the failure (three times, counted by a sequence, which no rollback undoes).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { createEffectTables } from "../../fixtures/test-jobs.ts";
import { createCatalogue, defineJob, schedule, tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();

/** Runs of the killing job's handler so far (this process runs every tick of the test). */
let killerRuns = 0;

const recordKilled = defineJob({
  name: "test.record-killed",
  payload: z.object({ kill: z.boolean() }),
  leaseMs: 10_000, // longer than the test: a job found again runs at once, not after its lease
  retry: { maxAttempts: 5, backoffBaseMs: 60_000, backoffMaxMs: 60_000 },
  handler: async ({ tx, payload, job }) => {
    await tx.$executeRaw`INSERT INTO test_executions (job_id, attempt, pid) VALUES (${job.id}, ${job.attempt}, 0)`;
    if (payload.kill && ++killerRuns <= 3) {
      // Its own backend: the group transaction dies with its connection (a storm's kill, on cue).
      await tx.$executeRaw`SELECT pg_terminate_backend(pg_backend_pid())`;
      await tx.$executeRaw`SELECT pg_sleep(5)`; // the termination lands here at the latest
    }
  },
});
const catalogue = createCatalogue([recordKilled]);

beforeEach(async () => {
  const { db } = database;
  killerRuns = 0;
  await createEffectTables(db);
  // TRUNCATE, not emptyTables: its ACCESS EXCLUSIVE lock waits out any backend the last test killed or stranded.
  await db.$executeRaw`TRUNCATE scheduled_jobs, job_runs, test_executions`;
  await db.$executeRaw`DROP SEQUENCE IF EXISTS test_record_kills`;
  await db.$executeRaw`CREATE SEQUENCE test_record_kills`;
  // Ends the backend of the first three statements that record a failed attempt of the test
  // type (running -> pending). pg_sleep makes the termination land inside the statement, so it
  // never commits.
  await db.$executeRaw`
    CREATE OR REPLACE FUNCTION test_kill_failure_record() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF nextval('test_record_kills') <= 3 THEN
        PERFORM pg_terminate_backend(pg_backend_pid());
        PERFORM pg_sleep(5);
      END IF;
      RETURN NEW;
    END $$`;
  await db.$executeRaw`
    CREATE OR REPLACE TRIGGER test_kill_failure_record BEFORE UPDATE ON scheduled_jobs FOR EACH ROW
    WHEN (OLD.status = 'running' AND NEW.status = 'pending' AND OLD.job_type = 'test.record-killed')
    EXECUTE FUNCTION test_kill_failure_record()`;
});

afterEach(async () => {
  await database.db.$executeRaw`DROP TRIGGER IF EXISTS test_kill_failure_record ON scheduled_jobs`;
});

describe("an error escaping a lane's run phase after its claim was answered", () => {
  it("leaves no claimed job behind: the lane finds what it still holds and runs it now, no run ends lost", async () => {
    const { db } = database;
    const [{ now }] = await db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
    await db.$transaction(async (tx) => {
      // One claim takes all three; the killer runs first, the other two wait behind it in the queue.
      for (let i = 0; i < 3; i++) await schedule(tx, recordKilled, { runAt: new Date(now.getTime() - 1000 + i), payload: { kill: i === 0 } });
    });

    // A budget of six leases: the first claim (before any job was measured) takes all three.
    const summary = await tick({ db, catalogue, budgetMs: 60_000, concurrency: 1 });

    const [{ kills }] = await db.$queryRaw<Array<{ kills: bigint }>>`SELECT last_value AS kills FROM test_record_kills`;
    expect(killerRuns).toBeGreaterThanOrEqual(3); // the handler's three kills happened...
    expect(kills).toBeGreaterThanOrEqual(3n); // ...and the failure record died three times
    const jobs = await db.$queryRaw<Array<{ status: string; attempts: number }>>`
      SELECT status::text AS status, attempts FROM scheduled_jobs ORDER BY id`;
    const runs = await db.$queryRaw<Array<{ outcome: string; n: bigint }>>`
      SELECT outcome::text AS outcome, count(*) AS n FROM job_runs GROUP BY 1 ORDER BY 1`;
    const [effects] = await db.$queryRaw<Array<{ committed: bigint }>>`
      SELECT count(DISTINCT job_id) AS committed FROM test_executions`;
    // Found again within the same tick, same attempt: nothing left running, nothing lost.
    expect({ jobs, runs, effects }, summary.errors.join("\n")).toEqual({
      jobs: [{ status: "succeeded", attempts: 1 }, { status: "succeeded", attempts: 1 }, { status: "succeeded", attempts: 1 }],
      runs: [{ outcome: "succeeded", n: 3n }],
      effects: { committed: 3n },
    });
    expect(summary.errors.join("\n")).toMatch(/recovered 3 job\(s\)/);
    expect(summary).toMatchObject({ claimed: 3, succeeded: 3, failed: 0 }); // found again, not claimed twice
  });
});
