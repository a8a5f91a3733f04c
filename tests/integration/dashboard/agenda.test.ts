// The agenda query (lib/scheduler/queries.ts `agenda`) against real PostgreSQL: late work
// (overdue pending and running jobs) is listed apart and first, the window holds only what is
// still ahead, finished work appears in neither, and no payload is read.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { countJob } from "../../fixtures/test-jobs.ts";
import { agenda, schedule } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2027-03-10T12:00:00Z");
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe("agenda", () => {
  it("lists overdue pending and running jobs as late, most overdue first, then the window; finished jobs in neither", async () => {
    const { db } = database;
    const ids = await db.$transaction(async (tx) => {
      const at = async (runAt: Date, key: string) => (await schedule(tx, countJob, { runAt, payload: {}, key })).id;
      return {
        overdueLong: await at(minutes(-90), "overdue-90"),
        overdueShort: await at(minutes(-5), "overdue-5"),
        running: await at(minutes(-1), "running"),
        succeeded: await at(minutes(-30), "succeeded"),
        dead: await at(minutes(-20), "dead"),
        cancelled: await at(minutes(-10), "cancelled"),
        soon: await at(minutes(30), "soon"),
        later: await at(minutes(600), "later"),
        outside: await at(minutes(60 * 24 * 8), "outside"),
      };
    });
    // States a tick or an operator would leave, set directly: this is about reading them.
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'running', attempts = 1, lease_expires_at = ${minutes(1)} WHERE id = ${ids.running}`;
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'succeeded', attempts = 1, finished_at = ${minutes(-29)} WHERE id = ${ids.succeeded}`;
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'dead', attempts = 3, finished_at = ${minutes(-19)} WHERE id = ${ids.dead}`;
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'cancelled', cancelled_at = ${minutes(-9)} WHERE id = ${ids.cancelled}`;

    const result = await agenda(db, { now, to: minutes(60 * 24 * 7) });

    expect(result.late.map((job) => [job.id, job.status])).toEqual([
      [String(ids.overdueLong), "pending"],
      [String(ids.overdueShort), "pending"],
      [String(ids.running), "running"],
    ]);
    expect(result.upcoming.map((job) => job.id)).toEqual([String(ids.soon), String(ids.later)]);
  });

  it("reads only the columns the page shows, never the payload", async () => {
    const { db } = database;
    await db.$transaction((tx) => schedule(tx, countJob, { runAt: minutes(-1), payload: {}, key: "late-one" }));
    await db.$transaction((tx) => schedule(tx, countJob, { runAt: minutes(1), payload: {}, key: "soon-one" }));

    const { late, upcoming } = await agenda(db, { now, to: minutes(60) });
    for (const item of [...late, ...upcoming]) {
      expect(Object.keys(item).sort()).toEqual(
        ["attempts", "id", "jobType", "lastError", "maxAttempts", "runAt", "status", "subjectId", "subjectType"].sort(),
      );
    }
  });

  it("caps each list at the limit", async () => {
    const { db } = database;
    await db.$transaction(async (tx) => {
      for (let i = 1; i <= 3; i++) await schedule(tx, countJob, { runAt: minutes(-i), payload: {}, key: `capped-late-${i}` });
      for (let i = 1; i <= 3; i++) await schedule(tx, countJob, { runAt: minutes(i), payload: {}, key: `capped-soon-${i}` });
    });
    const { late, upcoming } = await agenda(db, { now, to: minutes(60), limit: 2 });
    expect(late).toHaveLength(2);
    expect(upcoming).toHaveLength(2);
  });
});
