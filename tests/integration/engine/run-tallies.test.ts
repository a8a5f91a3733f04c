// The run tallies (decision 0033): every attempt that ends is counted once per minute, job type
// and outcome, in the transaction that ends it, whoever ends it (a group's successes, a failure,
// lease recovery, a worker that comes back after losing its job); the housekeeping folds a
// minute's rows into one without changing any sum, also with two housekeepings at once; the
// retention sweep drops old ones; and the overview's failure count reads them. Each check
// compares the tallies with job_runs, the record they summarize.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { claim, recover, runClaimed } from "../../helpers/engine.ts";
import { countJob, createEffectTables, flakyJob, testCatalogue, testLeaseMs } from "../../fixtures/test-jobs.ts";
import { pgPoolOf } from "../../../lib/db/client.ts";
import { pruneFinishedJobs, schedule, tick } from "../../../lib/scheduler/index.ts";
import { failedAttempts24h } from "../../../lib/scheduler/admin/index.ts";
import { housekeeping, Lane } from "../../../lib/scheduler/internal.ts";

const database = useTestDatabase();
const catalogue = testCatalogue();
const t0 = new Date("2031-02-03T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "job_run_tallies", "scheduler_state", "recurring_schedules", "job_type_pauses"]);
  await db.$executeRaw`UPDATE test_switch SET failing = true WHERE id = 1`;
});

type Counts = Record<string, number>;

/** job_runs per "type outcome": the record the tallies must agree with. */
async function runsByOutcome(): Promise<Counts> {
  const rows = await database.db.$queryRaw<Array<{ k: string; n: number }>>`
    SELECT j.job_type || ' ' || r.outcome AS k, count(*)::int AS n
    FROM job_runs r JOIN scheduled_jobs j ON j.id = r.job_id WHERE r.outcome <> 'running' GROUP BY 1`;
  return Object.fromEntries(rows.map((r) => [r.k, r.n]));
}

/** The tallies of ended attempts (outcome 'running' counts attempts started: startedByType). */
async function talliesByOutcome(): Promise<Counts> {
  const rows = await database.db.$queryRaw<Array<{ k: string; n: number }>>`
    SELECT job_type || ' ' || outcome AS k, sum(n)::int AS n FROM job_run_tallies WHERE outcome <> 'running' GROUP BY 1`;
  return Object.fromEntries(rows.map((r) => [r.k, r.n]));
}

async function startedByType(): Promise<Counts> {
  const rows = await database.db.$queryRaw<Array<{ k: string; n: number }>>`
    SELECT job_type AS k, sum(n)::int AS n FROM job_run_tallies WHERE outcome = 'running' GROUP BY 1`;
  return Object.fromEntries(rows.map((r) => [r.k, r.n]));
}

async function looseRows(): Promise<number> {
  const [row] = await database.db.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM job_run_tallies WHERE NOT compacted`;
  return row!.n;
}

async function due(job: typeof countJob, runAt: Date, count: number): Promise<void> {
  await database.db.$transaction(async (tx) => {
    for (let i = 0; i < count; i++) await schedule(tx, job, { runAt, payload: {} });
  });
}

function housekeepAt(now: Date) {
  return (async () => {
    const lane = await Lane.open(pgPoolOf(database.db));
    try {
      return await housekeeping(lane.connection, { now, travelling: false, withLag: false, recoverLimit: 100, knownTypes: catalogue.all().map((d) => d.name) });
    } finally {
      lane.close();
    }
  })();
}

describe("run tallies", () => {
  it("count every ended attempt of real ticks once, per type and outcome, and the overview's failures agree with job_runs", async () => {
    await due(countJob, t0, 12);
    await due(flakyJob as unknown as typeof countJob, t0, 5);
    // Every flaky attempt fails until the last (4 attempts): a minute apart, so the backoff is over.
    for (let minute = 0; minute < 6; minute++) {
      await tick({ db: database.db, catalogue, now: at(minute * 3_600_000 + 1000), budgetMs: 20_000, concurrency: 2, mode: "drain" });
    }
    const runs = await runsByOutcome();
    expect(runs).toEqual({ "test.count succeeded": 12, "test.flaky failed": 15, "test.flaky dead": 5 });
    expect(await talliesByOutcome()).toEqual(runs);
    // And every attempt started was counted when its claim wrote it: one per run.
    expect(await startedByType()).toEqual({ "test.count": 12, "test.flaky": 20 });

    // The failures of the 24 hours before a later instant: all 20 attempts ended within them.
    expect(await failedAttempts24h(database.db, at(6 * 3_600_000))).toBe(20);
    // A day after the first hour's failures, the 5 of that hour are out of the window.
    expect(await failedAttempts24h(database.db, at(24 * 3_600_000 + 60_000 + 1000))).toBe(15);
  });

  it("count a job whose worker died once, as lost, also when the worker comes back and finds its job taken", async () => {
    await due(countJob, t0, 1);
    const [claimed] = await claim(database.db, catalogue, { now: at(1000), tickId: "t_dies" });
    // Its lease passes: housekeeping closes the run as lost and the job goes back to pending.
    expect(await recover(database.db, at(1000 + testLeaseMs + 1000), catalogue)).toHaveLength(1);
    expect(await talliesByOutcome()).toEqual({ "test.count lost": 1 });
    // The old worker comes back and runs: its job is no longer its own (lease_lost), not counted again.
    expect(await runClaimed(database.db, catalogue, claimed!)).toBe("lease_lost");
    expect(await runsByOutcome()).toEqual({ "test.count lease_lost": 1 });
    expect(await talliesByOutcome()).toEqual({ "test.count lost": 1 });
    expect(await failedAttempts24h(database.db, at(60_000 + testLeaseMs))).toBe(1);
  });

  it("are folded into one row per minute, type and outcome by the housekeeping, sums unchanged, by two housekeepings at once", async () => {
    // Many statements, each adding its own rows: one INSERT of ended runs per job, over 30 minutes.
    const [job] = await database.db.$queryRaw<Array<{ id: bigint }>>`INSERT INTO scheduled_jobs (job_type, run_at) VALUES ('test.count', ${t0}) RETURNING id`;
    for (let i = 0; i < 300; i++) {
      const outcome = i % 3 === 0 ? "failed" : "succeeded";
      await database.db.$executeRaw`
        INSERT INTO job_runs (job_id, attempt, tick_id, started_at, finished_at, outcome)
        VALUES (${job!.id}, ${i + 1}, 't', ${at(i * 6000)}, ${at(i * 6000 + 10)}, ${outcome}::run_outcome)`;
    }
    const before = await talliesByOutcome();
    expect(before).toEqual({ "test.count failed": 100, "test.count succeeded": 200 });
    expect(await looseRows()).toBe(300);

    // Two ticks' housekeepings at once, at the 20th minute: each folds what the other does not hold.
    await Promise.all([housekeepAt(at(20 * 60_000 + 5)), housekeepAt(at(20 * 60_000 + 5))]);
    expect(await talliesByOutcome()).toEqual(before);
    // The minutes the clock has left are folded: 20 minutes x 2 outcomes at most 2 rows each (two folds).
    const [folded] = await database.db.$queryRaw<Array<{ n: number; keys: number }>>`
      SELECT count(*)::int AS n, count(DISTINCT (minute, outcome))::int AS keys FROM job_run_tallies WHERE minute < ${at(20 * 60_000)}`;
    expect(folded!.keys).toBe(40);
    expect(folded!.n).toBeLessThanOrEqual(80);
    // The 20th minute on are still loose (the clock has not left them), 10 runs a minute.
    expect(await looseRows()).toBe(100);

    await housekeepAt(at(31 * 60_000));
    expect(await looseRows()).toBe(0);
    expect(await talliesByOutcome()).toEqual(before);
    expect(await failedAttempts24h(database.db, at(60 * 60_000))).toBe(100);
  });

  it("older than the retention age are deleted by the retention sweep", async () => {
    const [job] = await database.db.$queryRaw<Array<{ id: bigint }>>`INSERT INTO scheduled_jobs (job_type, run_at, status, attempts) VALUES ('test.count', ${t0}, 'dead', 2) RETURNING id`;
    await database.db.$executeRaw`
      INSERT INTO job_runs (job_id, attempt, tick_id, started_at, finished_at, outcome)
      VALUES (${job!.id}, 1, 't', ${t0}, ${t0}, 'failed'), (${job!.id}, 2, 't', ${at(40 * 86_400_000)}, ${at(40 * 86_400_000)}, 'dead')`;
    await database.db.$transaction((tx) => pruneFinishedJobs(tx, { now: at(45 * 86_400_000), olderThanDays: 30, batchSize: 100 }));
    // The dead job and its runs stay (an operator's to retry); its 40-day-old tally goes.
    expect(await runsByOutcome()).toEqual({ "test.count failed": 1, "test.count dead": 1 });
    expect(await talliesByOutcome()).toEqual({ "test.count dead": 1 });
  });
});
