// A handler that says "not before T" (NotBefore): the engine moves its job to T without spending
// an attempt and records the run as `deferred` with the reason; the attempt's writes roll back
// (its savepoint) while its group's other jobs commit. A deferral that names no later instant, or
// an absurd one, is an ordinary failed attempt, so nothing loops inside a tick; deferrals stop
// being free at the most claims a job may have. A job moved while claimed keeps the later of the
// two instants; a time-travelling tick defers to the business instant, never to its own clock.
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { claim, runClaimed } from "../../helpers/engine.ts";
import { countJob, createEffectTables } from "../../fixtures/test-jobs.ts";
import { createCatalogue, defineJob, findJob, limits, NotBefore, reschedule, runsOfJob, schedule, tick } from "../../../lib/scheduler/index.ts";
import { frozenClock } from "../../../lib/scheduler/internal.ts";

const database = useTestDatabase();
const now = new Date("2031-05-01T12:00:00Z");
const minute = 60_000;
const hour = 60 * minute;
const at = (ms: number) => new Date(now.getTime() + ms);

/**
 * Acts (a row in test_executions) only once its payload's business instant has come; before it,
 * writes the row anyway (to prove it is rolled back) and throws NotBefore. `until` overrides the
 * instant it names ("invalid": an Invalid Date).
 */
const boundJob = defineJob({
  name: "test.business-bound",
  payload: z.object({ instant: z.string(), until: z.string().optional() }),
  retry: { maxAttempts: 3, backoffBaseMs: 60_000, backoffMaxMs: 60_000 },
  handler: async ({ tx, job, payload, now: handlerNow }) => {
    await tx.$executeRaw`INSERT INTO test_executions (job_id, attempt, pid) VALUES (${job.id}, ${job.attempt}, 0)`;
    const instant = new Date(payload.instant);
    if (handlerNow < instant) {
      const until = payload.until === "invalid" ? new Date(NaN) : new Date(payload.until ?? payload.instant);
      throw new NotBefore(until, `the test's instant is ${payload.instant}, not yet ${handlerNow.toISOString()}`);
    }
  },
});
const catalogue = createCatalogue([countJob, boundJob]);

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "test_executions"]);
  await db.$executeRaw`UPDATE test_counter SET value = 0`;
});

async function scheduleBound(runAt: Date, payload: { instant: string; until?: string }): Promise<bigint> {
  return (await database.db.$transaction((tx) => schedule(tx, boundJob, { runAt, payload }))).id;
}

const executions = async (jobId: bigint) =>
  Number((await database.db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM test_executions WHERE job_id = ${jobId}`)[0]!.n);

describe("a deferral", () => {
  it("moves the job to T, spends no attempt, records a deferred run with the reason, and rolls back only its own writes", async () => {
    const { db } = database;
    const instant = at(3 * hour);
    const bound = await scheduleBound(now, { instant: instant.toISOString() });
    const neighbour = (await db.$transaction((tx) => schedule(tx, countJob, { runAt: now, payload: {} }))).id;

    // One lane, one group: the deferred job and its neighbour share a transaction.
    const summary = await tick({ db, catalogue, now, budgetMs: 10_000, concurrency: 1 });
    expect(summary).toMatchObject({ claimed: 2, succeeded: 1, deferred: 1, failed: 0, dead: 0 });

    expect(await findJob(db, bound)).toMatchObject({ status: "pending", runAt: instant, attempts: 1, maxAttempts: 4, lastError: null });
    const row = await db.scheduledJob.findUniqueOrThrow({ where: { id: bound } });
    expect(row).toMatchObject({ leaseExpiresAt: null, lockedBy: null, finishedAt: null });
    const [run] = await runsOfJob(db, bound);
    expect(run).toMatchObject({
      attempt: 1, outcome: "deferred", error: null,
      note: `deferred to ${instant.toISOString()}: the test's instant is ${instant.toISOString()}, not yet ${now.toISOString()}`,
    });
    expect(await executions(bound)).toBe(0); // its insert rolled back with its savepoint
    expect((await findJob(db, neighbour))!.status).toBe("succeeded");
    expect(Number((await db.$queryRaw<Array<{ value: number }>>`SELECT value FROM test_counter WHERE id = 1`)[0]!.value)).toBe(1);

    // Nothing more before T; at T it acts, with the attempts it had left (3 of 3).
    expect((await tick({ db, catalogue, now: at(3 * hour - 1), budgetMs: 10_000 })).claimed).toBe(0);
    expect(await tick({ db, catalogue, now: instant, budgetMs: 10_000 })).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(await findJob(db, bound)).toMatchObject({ status: "succeeded", attempts: 2, maxAttempts: 4 });
    expect((await runsOfJob(db, bound)).map((r) => r.outcome)).toEqual(["deferred", "succeeded"]);
    expect(await executions(bound)).toBe(1);
  });

  it("as often as an operator runs it early: each early run is deferred, none spends an attempt, none kills it", async () => {
    const { db } = database;
    const instant = at(10 * hour);
    const bound = await scheduleBound(instant, { instant: instant.toISOString() });
    for (let i = 1; i <= 12; i++) {
      const early = at(i * minute);
      await db.$transaction((tx) => reschedule(tx, bound, early)); // "run now", twelve times: more than its 3 attempts
      expect(await tick({ db, catalogue, now: early, budgetMs: 10_000 })).toMatchObject({ claimed: 1, deferred: 1, dead: 0 });
    }
    expect(await findJob(db, bound)).toMatchObject({ status: "pending", runAt: instant, attempts: 12, maxAttempts: 15 });
    await tick({ db, catalogue, now: instant, budgetMs: 10_000 });
    expect((await findJob(db, bound))!.status).toBe("succeeded");
  });
});

describe("a deferral that is a handler's bug is a failed attempt", () => {
  it.each([
    ["to the attempt's own clock", () => now.toISOString(), /not after the attempt's clock/],
    ["to the past", () => at(-hour).toISOString(), /not after the attempt's clock/],
    ["to an Invalid Date", () => "invalid", /Invalid Date/],
    ["past the latest run time", () => "+010000-01-01T00:00:00.000Z", /outside the run times a job may have/],
  ])("deferring %s: the attempt is spent with the reason, the job backs off, and the tick does not run it again", async (_what, until, message) => {
    const { db } = database;
    const bound = await scheduleBound(now, { instant: at(hour).toISOString(), until: until() });
    const summary = await tick({ db, catalogue, now, budgetMs: 10_000 });
    expect(summary).toMatchObject({ claimed: 1, failed: 1, deferred: 0 });
    const job = (await findJob(db, bound))!;
    expect(job).toMatchObject({ status: "pending", attempts: 1, maxAttempts: 3, lastError: expect.stringMatching(message) });
    expect(job.runAt.getTime()).toBeGreaterThan(now.getTime()); // backed off: not due again in this tick
    expect((await runsOfJob(db, bound)).map((r) => r.outcome)).toEqual(["failed"]);
  });

  it("a deferral is free only while the job has had fewer than the most claims a job may have", async () => {
    const { db } = database;
    const bound = await scheduleBound(now, { instant: at(hour).toISOString() });
    await db.$executeRaw`UPDATE scheduled_jobs SET attempts = ${limits.maxAttempts - 1}, max_attempts = ${limits.maxAttempts} WHERE id = ${bound}`;
    expect(await tick({ db, catalogue, now, budgetMs: 10_000 })).toMatchObject({ claimed: 1, dead: 1, deferred: 0 });
    expect(await findJob(db, bound)).toMatchObject({
      status: "dead", attempts: limits.maxAttempts, lastError: expect.stringMatching(/deferred to .*; but it has used the 1000 attempts a job may have/),
    });
  });
});

describe("a deferral and what happened while the attempt ran", () => {
  it.each([
    ["later than T: the operator's time wins", 5 * hour, 5 * hour],
    ["earlier than T: it goes to T (it would only defer again)", 30 * minute, 3 * hour],
  ])("moved while claimed, %s", async (_what, movedBy, expectedBy) => {
    const { db } = database;
    const bound = await scheduleBound(now, { instant: at(3 * hour).toISOString() });
    const [claimed] = await claim(db, catalogue, { now, tickId: "t_moved", limit: 1 });
    expect(await db.$transaction((tx) => reschedule(tx, bound, at(movedBy)))).toEqual({ outcome: "when_attempt_ends" });
    expect(await runClaimed(db, catalogue, claimed!, frozenClock(now))).toBe("deferred");
    expect(await findJob(db, bound)).toMatchObject({ status: "pending", runAt: at(expectedBy), attempts: 1, maxAttempts: 4 });
    const [run] = await runsOfJob(db, bound);
    expect(run!.note).toMatch(/^moved to .* while this attempt ran\ndeferred to /);
  });

  it("a time-travelling tick defers to the business instant, attempts the job once, and real ticks then run it at that instant", async () => {
    const { db } = database;
    const [{ real }] = await db.$queryRaw<Array<{ real: Date }>>`SELECT clock_timestamp() AS real`;
    const travelTo = new Date(real.getTime() + 365 * 86_400_000);
    const instant = new Date(travelTo.getTime() + 2 * hour);
    const bound = await scheduleBound(travelTo, { instant: instant.toISOString() });
    const travelled = await tick({ db, catalogue, now: travelTo, travelling: true, budgetMs: 5_000 });
    expect(travelled).toMatchObject({ claimed: 1, deferred: 1, failed: 0 });
    expect(await findJob(db, bound)).toMatchObject({ status: "pending", runAt: instant, attempts: 1, maxAttempts: 4 });
    // Nothing real was moved to the travelled clock, and a real tick leaves it for its instant.
    expect((await tick({ db, catalogue, budgetMs: 2_000 })).claimed).toBe(0);
    expect(await tick({ db, catalogue, now: instant, budgetMs: 5_000 })).toMatchObject({ claimed: 1, succeeded: 1 });
  });
});
