// cancelForSubjects: the pending and dead jobs of many records cancelled in one statement, without
// waiting for a job another transaction holds (a caller removing its records while holding their
// locks must not wait for a running attempt that may wait for those locks): that job is left and
// named, and other records' jobs are untouched.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob } from "../../fixtures/test-jobs.ts";
import { cancelForSubjects, jobsForSubject, schedule } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2027-01-15T09:30:00Z");
const later = new Date("2027-01-20T09:30:00Z");
const by = { actor: "system:webhook-endpoint-delete", reason: "the endpoint was deleted", now };

beforeEach(async () => {
  await createEffectTables(database.db);
  await emptyTables(database.db, ["scheduled_jobs", "job_runs"]);
});

describe("cancelForSubjects", () => {
  it("cancels the records' pending and dead jobs, leaves others' and finished ones, and an empty list does nothing", async () => {
    const { db } = database;
    const endpoint = { type: "webhook-endpoint", id: "7" };
    const delivery = { type: "webhook-delivery", id: "41" };
    const other = { type: "webhook-endpoint", id: "8" };
    await db.$transaction(async (tx) => {
      for (const subject of [endpoint, endpoint, delivery, other]) await schedule(tx, countJob, { runAt: later, payload: {}, subject });
    });
    const [dead] = await jobsForSubject(db, delivery);
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'dead' WHERE id = ${BigInt(dead!.id)}`;
    expect(await db.$transaction((tx) => cancelForSubjects(tx, [], by))).toEqual({ cancelled: 0, held: [] });
    expect(await db.$transaction((tx) => cancelForSubjects(tx, [endpoint, delivery], by))).toEqual({ cancelled: 3, held: [] });
    expect((await jobsForSubject(db, endpoint)).map((j) => j.status)).toEqual(["cancelled", "cancelled"]);
    expect((await jobsForSubject(db, delivery)).map((j) => j.status)).toEqual(["cancelled"]);
    expect((await jobsForSubject(db, other)).map((j) => j.status)).toEqual(["pending"]);
    // Once cancelled, again: nothing (finished jobs are not counted or changed).
    expect(await db.$transaction((tx) => cancelForSubjects(tx, [endpoint, delivery], by))).toEqual({ cancelled: 0, held: [] });
  });

  it("does not wait for a job another transaction holds: it is left as it is and named in held", async () => {
    const { db } = database;
    const endpoint = { type: "webhook-endpoint", id: "7" };
    const { id: heldId } = await db.$transaction((tx) => schedule(tx, countJob, { runAt: later, payload: {}, subject: endpoint }));
    const { id: freeId } = await db.$transaction((tx) => schedule(tx, countJob, { runAt: later, payload: {}, subject: endpoint }));
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM scheduled_jobs WHERE id = ${heldId} FOR UPDATE`;
      locked();
      await held;
    }, { timeout: 20_000 });
    await isLocked;
    try {
      // A wait would never end here: the holder is released only after this returns.
      const result = await db.$transaction((tx) => cancelForSubjects(tx, [endpoint], by), { timeout: 10_000 });
      expect(result).toEqual({ cancelled: 1, held: [heldId] });
    } finally {
      release();
      await holder;
    }
    const statuses = Object.fromEntries((await jobsForSubject(db, endpoint)).map((j) => [j.id.toString(), j.status]));
    expect(statuses).toEqual({ [heldId.toString()]: "pending", [freeId.toString()]: "cancelled" });
  });
});
