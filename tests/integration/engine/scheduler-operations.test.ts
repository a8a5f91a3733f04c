// Scheduling as data: enqueue with the business transaction, by key, move, cancel, retry, query.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob, typedJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import {
  agenda, cancel, cancelForSubject, findJob, jobsByStatus, jobsForSubject, reschedule, retry, runNow, schedule,
  DulyError, scheduleMany, shiftForSubject, tick,
} from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2027-01-15T09:30:00Z");
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await db.$executeRaw`CREATE TABLE IF NOT EXISTS test_bookings (id int PRIMARY KEY, event_on date NOT NULL)`;
  await emptyTables(db, ["scheduled_jobs", "job_runs", "test_bookings"]);
});

describe("schedule", () => {
  it("leaves no job behind when the business write rolls back", async () => {
    const { db } = database;
    await expect(
      db.$transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO test_bookings VALUES (42, '2027-03-01')`;
        await schedule(tx, countJob, { runAt: days(45), payload: {}, subject: { type: "booking", id: 42 } });
        throw new Error("payment declined");
      }),
    ).rejects.toThrow("payment declined");
    const [jobs] = await db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM scheduled_jobs`;
    const [bookings] = await db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM test_bookings`;
    expect([jobs!.n, bookings!.n]).toEqual([0n, 0n]);
  });

  it("commits the job with the business write", async () => {
    const { db } = database;
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO test_bookings VALUES (42, '2027-03-01')`;
      await schedule(tx, countJob, { runAt: days(45), payload: {}, subject: { type: "booking", id: 42 } });
    });
    const jobs = await jobsForSubject(db, { type: "booking", id: 42 });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ jobType: "test.count", status: "pending", subjectType: "booking", subjectId: "42" });
  });

  it("yields one job per key, moving it while it is pending", async () => {
    const { db } = database;
    const first = await db.$transaction((tx) => schedule(tx, countJob, { runAt: days(10), payload: {}, key: "close:booking:7" }));
    const second = await db.$transaction((tx) => schedule(tx, countJob, { runAt: days(12), payload: {}, key: "close:booking:7" }));
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ id: first.id, created: false, status: "pending" });
    expect((await findJob(db, first.id))!.runAt).toEqual(days(12));
    const [count] = await db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM scheduled_jobs`;
    expect(count!.n).toBe(1n);
  });

  it("does not move or revive a finished job with the same key", async () => {
    const { db } = database;
    const first = await db.$transaction((tx) => schedule(tx, countJob, { runAt: now, payload: {}, key: "once" }));
    await tick({ db, catalogue: testCatalogue(), now, budgetMs: 5000 });
    const again = await db.$transaction((tx) => schedule(tx, countJob, { runAt: days(3), payload: {}, key: "once" }));
    expect(again).toMatchObject({ id: first.id, created: false, status: "succeeded", runAt: now });
  });

  it("rejects a payload that does not fit, writing nothing", async () => {
    const { db } = database;
    const attempt = db.$transaction((tx) =>
      schedule(tx, typedJob, { runAt: days(1), payload: { bookingId: "seven" } as unknown as { bookingId: number } }),
    );
    await expect(attempt).rejects.toMatchObject({ code: "INVALID_PAYLOAD" });
    await expect(attempt).rejects.toThrow(/bookingId/);
    expect(await jobsByStatus(db, "pending")).toHaveLength(0);
  });
});

describe("operator operations", () => {
  it("reschedule moves a pending job and refuses a finished one with a clear error", async () => {
    const { db } = database;
    const job = await db.$transaction((tx) => schedule(tx, countJob, { runAt: days(30), payload: {} }));
    await db.$transaction((tx) => reschedule(tx, job.id, days(60)));
    expect((await findJob(db, job.id))!.runAt).toEqual(days(60));

    await db.$transaction((tx) => runNow(tx, job.id, now));
    await tick({ db, catalogue: testCatalogue(), now, budgetMs: 5000 });
    const refused = db.$transaction((tx) => reschedule(tx, job.id, days(90)));
    await expect(refused).rejects.toBeInstanceOf(DulyError);
    await expect(refused).rejects.toMatchObject({ code: "INVALID_JOB_STATE" });
    await expect(db.$transaction((tx) => reschedule(tx, 999_999n, days(1)))).rejects.toMatchObject({ code: "JOB_NOT_FOUND" });
  });

  it("cancel keeps the row with who and why, and the tick never runs it", async () => {
    const { db } = database;
    const job = await db.$transaction((tx) => schedule(tx, countJob, { runAt: days(1), payload: {} }));
    await db.$transaction((tx) => cancel(tx, job.id, { actor: "ops@duly.test", reason: "customer moved to another chef", now }));
    const summary = await tick({ db, catalogue: testCatalogue(), now: days(2), budgetMs: 5000 });
    expect(summary.claimed).toBe(0);
    expect(await findJob(db, job.id)).toMatchObject({
      status: "cancelled", cancelledBy: "ops@duly.test", cancelReason: "customer moved to another chef",
    });
    await expect(db.$transaction((tx) => cancel(tx, job.id, { actor: "x", reason: "again", now }))).rejects.toMatchObject({
      code: "INVALID_JOB_STATE",
    });
  });

  it("cancels and shifts every pending job of a business record", async () => {
    const { db } = database;
    const booking = { type: "booking", id: 9 };
    await db.$transaction(async (tx) => {
      await schedule(tx, countJob, { runAt: days(20), payload: {}, subject: booking });
      await schedule(tx, countJob, { runAt: days(21), payload: {}, subject: booking });
      await schedule(tx, countJob, { runAt: days(20), payload: {}, subject: { type: "booking", id: 10 } });
    });
    expect(await db.$transaction((tx) => shiftForSubject(tx, booking, 7 * 86_400_000))).toEqual({ moved: 2, whenAttemptEnds: [] });
    expect((await jobsForSubject(db, booking)).map((j) => j.runAt)).toEqual([days(28), days(27)]);
    expect(await db.$transaction((tx) => cancelForSubject(tx, booking, { actor: "system:cancel-booking", reason: "booking cancelled", now }))).toEqual({ cancelled: 2, whenAttemptEnds: [] });
    expect((await jobsForSubject(db, booking)).map((j) => j.status)).toEqual(["cancelled", "cancelled"]);
    expect((await jobsForSubject(db, { type: "booking", id: 10 }))[0]!.status).toBe("pending");
  });

  it("agenda lists pending work due in a window, soonest first, and what is overdue apart", async () => {
    const { db } = database;
    await db.$transaction(async (tx) => {
      await schedule(tx, countJob, { runAt: days(3), payload: {}, key: "in-3-days" });
      await schedule(tx, countJob, { runAt: days(1), payload: {}, key: "in-1-day" });
      await schedule(tx, countJob, { runAt: days(8), payload: {}, key: "in-8-days" });
      await schedule(tx, countJob, { runAt: days(-1), payload: {}, key: "yesterday" });
    });
    const week = await agenda(db, { now, to: days(7) });
    expect(week.upcoming.map((j) => j.runAt)).toEqual([days(1), days(3)]);
    expect(week.late.map((j) => j.runAt)).toEqual([days(-1)]);
  });

  it("retry puts a dead job back to pending with one more attempt", async () => {
    const { db } = database;
    const job = await db.$transaction((tx) => schedule(tx, typedJob, { runAt: now, payload: { bookingId: 1 } }));
    // Corrupt the payload as an old deploy might have written it: a permanent failure.
    await db.$executeRaw`UPDATE scheduled_jobs SET payload = '{"bookingId":"one"}' WHERE id = ${job.id}`;
    const first = await tick({ db, catalogue: testCatalogue(), now, budgetMs: 5000 });
    expect(first).toMatchObject({ claimed: 1, dead: 1 });
    const dead = (await findJob(db, job.id))!;
    expect(dead).toMatchObject({ status: "dead", attempts: 1 });
    expect(dead.lastError).toMatch(/PermanentJobError: payload \(version 2\) does not fit test.typed version 2: bookingId/);

    await db.$executeRaw`UPDATE scheduled_jobs SET payload = '{"bookingId":1}' WHERE id = ${job.id}`;
    await db.$transaction((tx) => retry(tx, job.id, days(1)));
    expect(await findJob(db, job.id)).toMatchObject({ status: "pending", maxAttempts: 2, runAt: days(1) });
    const second = await tick({ db, catalogue: testCatalogue(), now: days(1), budgetMs: 5000 });
    expect(second).toMatchObject({ claimed: 1, succeeded: 1 });
    await expect(db.$transaction((tx) => retry(tx, job.id, days(1)))).rejects.toMatchObject({ code: "INVALID_JOB_STATE" });
  });
});

describe("scheduleMany", () => {
  it("enqueues many jobs in one statement, skipping keys that exist, and validates every payload first", async () => {
    const { db } = database;
    await db.$transaction((tx) => schedule(tx, typedJob, { runAt: days(1), payload: { bookingId: 1 }, key: "typed:1" }));
    const created = await db.$transaction((tx) =>
      scheduleMany(tx, typedJob, [1, 2, 3].map((id) => ({ runAt: days(id), payload: { bookingId: id }, key: `typed:${id}`, subject: { type: "booking", id } }))),
    );
    expect(created).toBe(2);
    expect((await jobsForSubject(db, { type: "booking", id: 3 }))[0]).toMatchObject({ runAt: days(3), payload: { bookingId: 3 }, status: "pending" });
    const bad = db.$transaction((tx) =>
      scheduleMany(tx, typedJob, [{ runAt: days(1), payload: { bookingId: 9 } }, { runAt: days(1), payload: { bookingId: "x" as unknown as number } }]),
    );
    await expect(bad).rejects.toMatchObject({ code: "INVALID_PAYLOAD" });
    expect(await jobsByStatus(db, "pending")).toHaveLength(3);
  });
});
