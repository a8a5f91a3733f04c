// The dashboard's history reads (lib/scheduler/admin/history.ts): attempts per local minute and
// hour and job type from the run tallies, with how late they started, against what the runs
// themselves say; local hours in a zone 45 minutes off UTC; and the tick history recordTick
// keeps (lag, jobs left due) beside the overwritten last-tick row; a fall-back night's two passes
// of a local minute or hour come back as rows of their own.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { countJob, createEffectTables, flakyJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { lastTick, recordTick, schedule, tick } from "../../../lib/scheduler/index.ts";
import { runHistory, tickHistory } from "../../../lib/scheduler/admin/index.ts";

const database = useTestDatabase();
const catalogue = testCatalogue();
const t0 = new Date("2031-02-03T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const minute = 60_000;

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "job_run_tallies", "tick_history", "scheduler_state", "recurring_schedules", "job_type_pauses"]);
  await db.$executeRaw`UPDATE test_switch SET failing = true WHERE id = 1`;
});

async function due(job: typeof countJob, runAt: Date, count: number): Promise<void> {
  await database.db.$transaction(async (tx) => {
    for (let i = 0; i < count; i++) await schedule(tx, job, { runAt, payload: {} });
  });
}

describe("run history", () => {
  it("counts started, succeeded and failed attempts per local minute and type, with how late they started", async () => {
    await due(countJob, t0, 3);
    await due(flakyJob as unknown as typeof countJob, at(30_000), 2);
    // Ticks at 10:02:00 (2 minutes late for the count jobs, 90 s for the flaky ones) and 10:07:00.
    await tick({ db: database.db, catalogue, now: at(2 * minute), budgetMs: 20_000, concurrency: 1, mode: "drain" });
    await tick({ db: database.db, catalogue, now: at(7 * minute), budgetMs: 20_000, concurrency: 1, mode: "drain" });
    const history = await runHistory(database.db, { from: t0, to: at(10 * minute), step: "minute", zone: "UTC" });
    expect(history).toEqual([
      { at: at(2 * minute), jobType: "test.count", started: 3, succeeded: 3, failed: 0, meanDelayMs: 120_000, maxDelayMs: 120_000 },
      { at: at(2 * minute), jobType: "test.flaky", started: 2, succeeded: 0, failed: 2, meanDelayMs: 90_000, maxDelayMs: 90_000 },
      // The retries were due about a second after the first failure: 5 minutes late at 10:07.
      { at: at(7 * minute), jobType: "test.flaky", started: 2, succeeded: 0, failed: 2, meanDelayMs: expect.any(Number), maxDelayMs: expect.any(Number) },
    ]);
    const retry = history[2]!;
    expect(retry.maxDelayMs!).toBeGreaterThan(4 * minute);
    expect(retry.maxDelayMs!).toBeLessThanOrEqual(5 * minute);

    // Per local hour in Asia/Kathmandu (+05:45): 10:02 and 10:07 UTC are 15:47 and 15:52, one
    // hour, 15:00, named by its earliest minute.
    const hours = await runHistory(database.db, { from: t0, to: at(10 * minute), step: "hour", zone: "Asia/Kathmandu" });
    expect(hours.map((h) => [h.at, h.jobType, h.started, h.succeeded, h.failed])).toEqual([
      [at(2 * minute), "test.count", 3, 3, 0],
      [at(2 * minute), "test.flaky", 4, 0, 4],
    ]);
    // The window is [from, to): from 10:05 on, only the second tick's attempts.
    const later = await runHistory(database.db, { from: at(5 * minute), to: at(10 * minute), step: "hour", zone: "UTC" });
    expect(later.map((h) => [h.jobType, h.started])).toEqual([["test.flaky", 2]]);
  });
});

describe("history across a fall-back night", () => {
  // Europe/Berlin's 02:30 happens at 00:30Z (summer time) and again at 01:30Z (winter time).
  const first = new Date("2026-10-25T00:30:00Z");
  const second = new Date("2026-10-25T01:30:00Z");
  const window = { from: new Date("2026-10-24T12:00:00Z"), to: new Date("2026-10-25T12:00:00Z"), zone: "Europe/Berlin" };

  it("keeps the two passes of a repeated minute or hour apart, each named by an instant of its own", async () => {
    const { db } = database;
    await db.$executeRaw`INSERT INTO job_run_tallies (minute, job_type, outcome, n) VALUES (${first}, 'a', 'failed', 2), (${second}, 'a', 'succeeded', 1)`;
    await db.$executeRaw`INSERT INTO tick_history (at, tick_id, status, lag_ms, due_after, claimed, failed, duration_ms)
      VALUES (${new Date(first.getTime() + 20_000)}, 't1', 'ok', 10, 3, 0, 0, 5), (${new Date(second.getTime() + 20_000)}, 't2', 'ok', 20, 4, 0, 0, 5)`;
    for (const step of ["minute", "hour"] as const) {
      const runs = await runHistory(db, { ...window, step });
      expect(runs.map((r) => [r.at, r.succeeded, r.failed]), step).toEqual([[first, 0, 2], [second, 1, 0]]);
      const ticks = await tickHistory(db, { ...window, step });
      expect(ticks.map((t) => [t.at, t.maxDue]), step).toEqual([[first, 3], [second, 4]]);
    }
  });
});

describe("tick history", () => {
  it("keeps a row per recorded tick with its lag and the jobs left due, while the last-tick row is overwritten", async () => {
    await due(countJob, t0, 2);
    const first = await tick({ db: database.db, catalogue, now: at(3 * minute), budgetMs: 20_000, concurrency: 1, mode: "drain" });
    await recordTick(database.db, first);
    // Five more due, none run (the tick is recorded as it was: nothing claimed, five due after it).
    await due(countJob, at(3 * minute), 5);
    await recordTick(database.db, { ...first, tickId: "t_second", now: at(4 * minute).toISOString(), claimed: 0, succeeded: 0, lagMs: 60_000, durationMs: 10 });
    expect((await lastTick(database.db))!.summary.tickId).toBe("t_second");

    const perMinute = await tickHistory(database.db, { from: t0, to: at(10 * minute), step: "minute", zone: "UTC" });
    expect(perMinute).toEqual([
      { at: at(3 * minute), ticks: 1, maxLagMs: 3 * minute, maxDue: 0, troubled: 0 },
      { at: at(4 * minute), ticks: 1, maxLagMs: 60_000, maxDue: 5, troubled: 0 },
    ]);
  });

  it("records a tick that could not start (no clock, counts missing) with zeros, never failing the route", async () => {
    await recordTick(database.db, { tickId: "t_down", mode: "drain", status: "unavailable", now: "", errors: ["no database"] } as never);
    const rows = await database.db.$queryRaw<Array<{ status: string; lag_ms: bigint; claimed: number }>>`SELECT status, lag_ms, claimed FROM tick_history`;
    expect(rows).toEqual([{ status: "unavailable", lag_ms: 0n, claimed: 0 }]);
  });
});
