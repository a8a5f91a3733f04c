// Hostile: recurring schedules follow the deployed code (decision 0007). The first rule
// ("whenever no fingerprint is stored, and otherwise at most once per process, the first time
// it sees one other than its own") let the table stop following the code, silently, two ways
// (now: the live deployments' schedules together, and any live deployment repairs drift;
// decision 0007, tests/integration/engine/recurring-deployments.test.ts):
// 1. During a rollout, a process of the OLD code that starts after the new code reconciled (a
//    cold start, a lingering instance, a blue/green host) sees a fingerprint other than its own
//    for the first time and reconciles back, retiring the new code's schedules; the new code's
//    processes have already reconciled once and never do again, so the new schedules never run.
// 2. The table loses rows (an operator's DELETE, a partial restore) while scheduler_state keeps
//    the fingerprint: it matches, nothing reconciles, the schedules never come back.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { tick, type RecurringDefinition } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const t0 = new Date("2027-05-03T08:00:30Z");
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

const report: RecurringDefinition = { name: "report", cron: "* * * * *", timeZone: "UTC", jobType: countJob.name, payload: {} };
const reminder: RecurringDefinition = { name: "reminder", cron: "* * * * *", timeZone: "UTC", jobType: countJob.name, payload: {} };

async function occurrences(name: string): Promise<number> {
  const [row] = await database.db.$queryRaw<Array<{ n: bigint }>>`
    SELECT count(*) AS n FROM scheduled_jobs WHERE recurring_name = ${name}`;
  return Number(row!.n);
}

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "recurring_schedules", "scheduler_state"]);
});

describe("a rollout: old code and new code tick the same database", () => {
  it("the new code's added schedule keeps running after a late-starting old process ticks once", async () => {
    const { db } = database;
    // Build times say which code is newer (next.config.js stamps them; decision 0007).
    const oldBuild = new Date("2027-05-01T00:00:00Z");
    const newBuild = new Date("2027-05-02T00:00:00Z");
    const oldProcess = testCatalogue([report], oldBuild);
    await tick({ db, catalogue: oldProcess, now: minutes(0), budgetMs: 5_000 });
    // The new deployment adds "reminder"; its process reconciles.
    const newProcess = testCatalogue([report, reminder], newBuild);
    await tick({ db, catalogue: newProcess, now: minutes(1), budgetMs: 5_000 });
    // An instance of the old deployment starts late (a cold start during the rollout) and ticks once.
    const lateOldProcess = testCatalogue([report], oldBuild);
    await tick({ db, catalogue: lateOldProcess, now: minutes(2), budgetMs: 5_000 });
    // From now on only the new deployment ticks, every minute, for ten minutes.
    const before = await occurrences("reminder");
    for (let m = 3; m <= 12; m++) await tick({ db, catalogue: newProcess, now: minutes(m), budgetMs: 5_000 });
    const [row] = await db.$queryRaw<Array<{ retired_at: Date | null }>>`SELECT retired_at FROM recurring_schedules WHERE name = 'reminder'`;
    expect({ retired: row?.retired_at != null, enqueuedInTenMinutes: (await occurrences("reminder")) - before }).toEqual({
      retired: false,
      enqueuedInTenMinutes: 10,
    });
  });
});

describe("the schedules table loses rows while the stored fingerprint stays", () => {
  it("the next ticks put the code's schedules back and they run", async () => {
    const { db } = database;
    const catalogue = testCatalogue([report]);
    await tick({ db, catalogue, now: minutes(0), budgetMs: 5_000 });
    await db.$executeRaw`DELETE FROM recurring_schedules`;
    // A later process of the same deployment (a fresh catalogue object) ticks for ten minutes.
    const later = testCatalogue([report]);
    for (let m = 1; m <= 10; m++) await tick({ db, catalogue: later, now: minutes(m), budgetMs: 5_000 });
    const [{ n }] = await db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM recurring_schedules`;
    expect({ schedules: Number(n), enqueued: await occurrences("report") > 0 }).toEqual({ schedules: 1, enqueued: true });
  });
});
