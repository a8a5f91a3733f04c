// Operations mean what they say (issue 5, item 11): cancelling or moving a job whose attempt is
// running takes effect when that attempt ends, the caller is told which jobs were running, and
// the job's history shows it.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob, flakyJob, testCatalogue, testLeaseMs } from "../../fixtures/test-jobs.ts";
import { z } from "zod";
import { createDb } from "../../../lib/db/client.ts";
import {
  cancel, cancelForSubject, createCatalogue, defineJob, findJob, reschedule, runsOfJob, schedule, shiftForSubject, tick,
} from "../../../lib/scheduler/index.ts";
import { claim, recover, runClaimed } from "../../helpers/engine.ts";

const database = useTestDatabase();
const now = new Date("2027-09-01T08:00:00Z");
const booking = { type: "booking", id: 17 };
const weekMs = 7 * 86_400_000;
const catalogue = testCatalogue();

async function setSwitch(failing: boolean): Promise<void> {
  await database.db.$executeRaw`UPDATE test_switch SET failing = ${failing} WHERE id = 1`;
}

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "test_executions"]);
  await db.$executeRaw`UPDATE test_counter SET value = 0`;
});

describe("cancelling a running job", () => {
  it("cancelled between claim and start (by a business change): ends cancelled, never retried", async () => {
    const { db } = database;
    await setSwitch(true);
    const job = await db.$transaction((tx) => schedule(tx, flakyJob, { runAt: now, payload: {}, subject: booking }));
    const [claimed] = await claim(db, catalogue, { now, tickId: "t_running" });

    const result = await db.$transaction((tx) =>
      cancelForSubject(tx, booking, { actor: "system:cancel-booking", reason: "customer cancelled", now }),
    );
    expect(result).toEqual({ cancelled: 0, whenAttemptEnds: [job.id] });
    expect(await findJob(db, job.id)).toMatchObject({ status: "running", cancelledBy: "system:cancel-booking" });

    expect(await runClaimed(db, catalogue, claimed!)).toBe("cancelled");
    const after = await findJob(db, job.id);
    expect(after).toMatchObject({ status: "cancelled", cancelReason: "customer cancelled" });
    const runs = await runsOfJob(db, job.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: "cancelled", note: expect.stringMatching(/cancel requested .* by system:cancel-booking: customer cancelled/) });
    // Nothing runs it again.
    expect((await tick({ db, catalogue, now: new Date(now.getTime() + weekMs), budgetMs: 5_000 })).claimed).toBe(0);
  });

  it("claimed but not started yet: the handler never runs", async () => {
    const { db } = database;
    const job = await db.$transaction((tx) => schedule(tx, countJob, { runAt: now, payload: {} }));
    const [claimed] = await claim(db, catalogue, { now, tickId: "t_running" });
    expect(await db.$transaction((tx) => cancel(tx, job.id, { actor: "ops@duly.test", reason: "not needed", now }))).toEqual({
      outcome: "when_attempt_ends",
    });
    expect(await runClaimed(db, catalogue, claimed!)).toBe("cancelled");
    expect(await findJob(db, job.id)).toMatchObject({ status: "cancelled" });
    const [run] = await runsOfJob(db, job.id);
    expect(run).toMatchObject({ outcome: "cancelled", error: "cancelled before its handler started", note: expect.stringMatching(/cancel requested/) });
    const [counted] = await db.$queryRaw<Array<{ value: number }>>`SELECT value FROM test_counter WHERE id = 1`;
    expect(counted!.value).toBe(0);
  });

  it("while its handler runs: the cancel waits for the attempt, then says it already succeeded", async () => {
    const { db, url } = database;
    let started: () => void = () => {};
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const slow = defineJob({
      name: "test.slow-intent",
      payload: z.object({}),
      handler: async ({ tx }) => {
        await tx.$executeRaw`UPDATE test_counter SET value = value + 1 WHERE id = 1`;
        started();
        await new Promise((resolve) => setTimeout(resolve, 300));
      },
    });
    const job = await db.$transaction((tx) => schedule(tx, slow, { runAt: now, payload: {} }));
    const worker = createDb(url, { poolSize: 2 });
    try {
      const ticking = tick({ db: worker, catalogue: createCatalogue([slow]), now, budgetMs: 10_000 });
      await handlerStarted;
      const cancelling = db.$transaction((tx) => cancel(tx, job.id, { actor: "ops", reason: "too late?", now }));
      await expect(cancelling).rejects.toMatchObject({ code: "INVALID_JOB_STATE" });
      await expect(cancelling).rejects.toThrow(/it is succeeded/);
      expect(await ticking).toMatchObject({ succeeded: 1 });
    } finally {
      await worker.$disconnect();
    }
  });

  it("ends it cancelled when its worker died (lease expired)", async () => {
    const { db } = database;
    const job = await db.$transaction((tx) => schedule(tx, countJob, { runAt: now, payload: {}, subject: booking }));
    await claim(db, catalogue, { now, tickId: "t_died" });
    await db.$transaction((tx) => cancelForSubject(tx, booking, { actor: "ops", reason: "no longer needed", now }));
    expect(await recover(db, new Date(now.getTime() + testLeaseMs + 1), catalogue)).toEqual([{ id: job.id, status: "cancelled" }]);
    expect(await findJob(db, job.id)).toMatchObject({ status: "cancelled" });
    expect((await runsOfJob(db, job.id)).map((r) => r.outcome)).toEqual(["lost"]);
  });

  it("waits for a group that holds the job, then applies to how the attempt ended", async () => {
    const { db, url } = database;
    await setSwitch(true);
    const job = await db.$transaction((tx) => schedule(tx, flakyJob, { runAt: now, payload: {} }));
    // Hold the job's row the way a group transaction does while its handler runs.
    const { createDb } = await import("../../../lib/db/client.ts");
    const worker = createDb(url, { poolSize: 1 });
    try {
      const [claimed] = await claim(worker, catalogue, { now, tickId: "t_group" });
      const holder = (await import("../../../lib/db/client.ts")).pgPoolOf(worker);
      const connection = await holder.connect();
      await connection.query("BEGIN");
      await connection.query("SELECT id FROM scheduled_jobs WHERE id = $1 FOR NO KEY UPDATE", [job.id]);
      const cancelling = db.$transaction((tx) => cancel(tx, job.id, { actor: "ops", reason: "stop it", now }));
      // The attempt fails and the group commits: the job would retry, but the cancel arrives.
      await connection.query(
        `UPDATE scheduled_jobs SET status = 'pending', lease_expires_at = NULL, attempts = attempts WHERE id = $1`,
        [job.id],
      );
      await connection.query("COMMIT");
      connection.release();
      expect(await cancelling).toEqual({ outcome: "cancelled" });
      expect(claimed!.id).toBe(job.id);
    } finally {
      await worker.$disconnect();
    }
    expect(await findJob(db, job.id)).toMatchObject({ status: "cancelled" });
  });
});

describe("moving a running job", () => {
  it("retries a failed attempt at the new time, not after the backoff", async () => {
    const { db } = database;
    await setSwitch(true);
    const job = await db.$transaction((tx) => schedule(tx, flakyJob, { runAt: now, payload: {}, subject: booking }));
    const [claimed] = await claim(db, catalogue, { now, tickId: "t_running" });
    expect(await db.$transaction((tx) => shiftForSubject(tx, booking, weekMs))).toEqual({ moved: 0, whenAttemptEnds: [job.id] });

    expect(await runClaimed(db, catalogue, claimed!)).toBe("failed");
    expect(await findJob(db, job.id)).toMatchObject({ status: "pending", runAt: new Date(now.getTime() + weekMs) });
    expect((await runsOfJob(db, job.id))[0]!.note).toMatch(/moved by 604800000 ms while this attempt ran/);

    // Not before the new time, then once.
    await setSwitch(false);
    expect((await tick({ db, catalogue, now: new Date(now.getTime() + weekMs - 1000), budgetMs: 5_000 })).claimed).toBe(0);
    expect(await tick({ db, catalogue, now: new Date(now.getTime() + weekMs), budgetMs: 5_000 })).toMatchObject({ claimed: 1, succeeded: 1 });
  });

  it("reschedule of a running job says so", async () => {
    const { db } = database;
    const job = await db.$transaction((tx) => schedule(tx, countJob, { runAt: now, payload: {} }));
    await claim(db, catalogue, { now, tickId: "t_running" });
    const target = new Date(now.getTime() + weekMs);
    expect(await db.$transaction((tx) => reschedule(tx, job.id, target))).toEqual({ outcome: "when_attempt_ends" });
    expect(await findJob(db, job.id)).toMatchObject({ status: "running", runAt: target });
  });
});
