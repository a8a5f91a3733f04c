// Retention prunes finished work in batches; the payload check finds pending jobs that the
// current code can no longer run.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob, typedJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { findPayloadsThatNoLongerFit, schedule, tick } from "../../../lib/scheduler/index.ts";
import { catalogue as appCatalogue, pruneFinishedJobsJob } from "../../../jobs/index.ts";
import { createCatalogue } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2027-06-01T03:17:00Z");
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "recurring_schedules"]);
});

async function statusCounts(): Promise<Record<string, number>> {
  const rows = await database.db.$queryRaw<Array<{ status: string; n: bigint }>>`
    SELECT status::text AS status, count(*) AS n FROM scheduled_jobs GROUP BY status`;
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

describe("retention", () => {
  it("prunes old finished jobs and their runs in batches, keeping dead, pending and recent ones", async () => {
    const { db } = database;
    await db.$transaction(async (tx) => {
      for (let i = 0; i < 25; i++) await schedule(tx, countJob, { runAt: days(-60), payload: {} });
      await schedule(tx, countJob, { runAt: days(-1), payload: {}, key: "recent" });
      await schedule(tx, countJob, { runAt: days(10), payload: {}, key: "future" });
    });
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'dead', finished_at = ${days(-59)} WHERE id = (SELECT min(id) FROM scheduled_jobs)`;
    const catalogue = createCatalogue([countJob, pruneFinishedJobsJob]);
    await tick({ db, catalogue, now: days(-59), budgetMs: 10_000 }); // runs the 24 old ones
    await tick({ db, catalogue, now: days(-1), budgetMs: 10_000 }); // runs "recent"
    expect(await statusCounts()).toEqual({ dead: 1, succeeded: 25, pending: 1 });

    await db.$transaction((tx) => schedule(tx, pruneFinishedJobsJob, { runAt: now, payload: { olderThanDays: 30, batchSize: 10 } }));
    await tick({ db, catalogue, now, budgetMs: 10_000 });
    // 24 old succeeded jobs in batches of 10: three runs (10, 10, 4), each follow-up scheduled by the previous.
    const counts = await statusCounts();
    expect(counts).toMatchObject({ dead: 1, pending: 1 });
    const [recent] = await db.$queryRaw<Array<{ key: string }>>`SELECT key FROM scheduled_jobs WHERE job_type = 'test.count' AND status = 'succeeded'`;
    expect(recent!.key).toBe("recent");
    const [prunes] = await db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM scheduled_jobs WHERE job_type = ${pruneFinishedJobsJob.name} AND status = 'succeeded'`;
    expect(prunes!.n).toBe(3n);
    const [orphans] = await db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM job_runs WHERE job_id NOT IN (SELECT id FROM scheduled_jobs)`;
    expect(orphans!.n).toBe(0n);
  });

  it("is scheduled daily by the app's catalogue", () => {
    expect(appCatalogue.recurring).toContainEqual(
      expect.objectContaining({ jobType: pruneFinishedJobsJob.name, cron: "17 3 * * *", payload: { olderThanDays: 30, batchSize: 5000 } }),
    );
  });
});

describe("payload check", () => {
  it("lists pending jobs whose payload no longer fits, and nothing else", async () => {
    const { db } = database;
    const good = await db.$transaction((tx) => schedule(tx, typedJob, { runAt: days(1), payload: { bookingId: 3 } }));
    const bad = await db.$transaction((tx) => schedule(tx, typedJob, { runAt: days(1), payload: { bookingId: 4 } }));
    const newer = await db.$transaction((tx) => schedule(tx, typedJob, { runAt: days(1), payload: { bookingId: 5 } }));
    const orphan = await db.$transaction((tx) => schedule(tx, countJob, { runAt: days(1), payload: {} }));
    await db.$executeRaw`UPDATE scheduled_jobs SET payload = '{"booking":4}' WHERE id = ${bad.id}`;
    await db.$executeRaw`UPDATE scheduled_jobs SET payload_version = 3 WHERE id = ${newer.id}`;
    await db.$executeRaw`UPDATE scheduled_jobs SET job_type = 'retired.type' WHERE id = ${orphan.id}`;

    const misfits = await findPayloadsThatNoLongerFit(db, testCatalogue(), 2);
    expect(misfits.map((m) => m.id)).toEqual([bad.id.toString(), newer.id.toString(), orphan.id.toString()]);
    expect(misfits[0]!.problem).toMatch(/bookingId/);
    expect(misfits[1]!.problem).toBe("payload version 3 is newer than test.typed version 2");
    expect(misfits[2]!.problem).toBe("unknown job type retired.type");
    expect(misfits.map((m) => m.id)).not.toContain(good.id.toString());
  });
});
