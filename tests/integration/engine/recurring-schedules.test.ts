// Recurring schedules: one job per occurrence however many ticks race; catch-up policies.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { createDb } from "../../../lib/db/client.ts";
import { occurrenceKey, tick, type RecurringDefinition } from "../../../lib/scheduler/index.ts";
import { reconcile, sweep } from "../../helpers/engine.ts";

const database = useTestDatabase();
const t0 = new Date("2027-02-27T23:59:30Z");
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

const everyMinute: RecurringDefinition = { name: "count-every-minute", cron: "* * * * *", timeZone: "UTC", jobType: countJob.name, payload: {} };

async function recurringJobs(name: string): Promise<Array<{ key: string; run_at: Date; status: string }>> {
  return database.db.$queryRaw`
    SELECT key, run_at, status::text AS status FROM scheduled_jobs WHERE recurring_name = ${name} ORDER BY run_at`;
}

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "recurring_schedules", "scheduler_state"]);
});

describe("recurring schedules", () => {
  it("two ticks racing to enqueue the same occurrence create one job", async () => {
    const { db, url } = database;
    const catalogue = testCatalogue([everyMinute]);
    await reconcile(db, catalogue, t0);
    // Eight ticks on eight separate connection pools, all at the same instant.
    const clients = Array.from({ length: 8 }, () => createDb(url, { poolSize: 2 }));
    try {
      const summaries = await Promise.all(clients.map((c) => tick({ db: c, catalogue, now: minutes(1), budgetMs: 5000 })));
      expect(summaries.reduce((sum, s) => sum + s.recurringEnqueued, 0)).toBe(1);
    } finally {
      await Promise.all(clients.map((c) => c.$disconnect()));
    }
    const jobs = await recurringJobs(everyMinute.name);
    expect(jobs).toEqual([{ key: occurrenceKey(everyMinute.name, new Date("2027-02-28T00:00:00Z")), run_at: new Date("2027-02-28T00:00:00Z"), status: "succeeded" }]);
  });

  it("the occurrence key stops a second enqueue even when the schedule row says it is still due", async () => {
    const { db } = database;
    const catalogue = testCatalogue([everyMinute]);
    await reconcile(db, catalogue, t0);
    expect((await sweep(db, catalogue, minutes(1))).enqueued).toBe(1);
    // A tick that read the schedule before the first one advanced it (or a clock running
    // behind) would try the same occurrence again.
    await db.$executeRaw`UPDATE recurring_schedules SET next_run_at = '2027-02-28T00:00:00Z'`;
    expect((await sweep(db, catalogue, minutes(1))).enqueued).toBe(0);
    expect(await recurringJobs(everyMinute.name)).toHaveLength(1);
  });

  it("after downtime runs only the latest missed occurrence by default, all or none by policy", async () => {
    const { db } = database;
    const hourly = (name: string, catchUp?: RecurringDefinition["catchUp"]): RecurringDefinition => ({
      name, cron: "0 * * * *", timeZone: "UTC", jobType: countJob.name, payload: {}, catchUp,
    });
    const catalogue = testCatalogue([hourly("latest"), hourly("all", "all"), hourly("skip", "skip")]);
    await reconcile(db, catalogue, t0); // next runs at 00:00
    const afterDowntime = new Date("2027-02-28T05:30:00Z"); // 00:00 .. 05:00 missed: 6 occurrences
    const result = await sweep(db, catalogue, afterDowntime);
    expect(result).toEqual({ enqueued: 7, complete: true, errors: [] });
    expect((await recurringJobs("latest")).map((j) => j.run_at.toISOString())).toEqual(["2027-02-28T05:00:00.000Z"]);
    expect(await recurringJobs("all")).toHaveLength(6);
    expect(await recurringJobs("skip")).toHaveLength(0);

    const [next] = await db.$queryRaw<Array<{ next_run_at: Date }>>`SELECT next_run_at FROM recurring_schedules WHERE name = 'skip'`;
    expect(next!.next_run_at).toEqual(new Date("2027-02-28T06:00:00Z"));
    expect((await sweep(db, catalogue, new Date("2027-02-28T06:00:01Z"))).enqueued).toBe(3);
  });

  it("follows the schedule's time zone across a daylight-saving change", async () => {
    const { db } = database;
    // 09:00 in Berlin: 08:00 UTC in winter, 07:00 UTC after the clocks go forward on 28 March 2027.
    const morning: RecurringDefinition = { name: "berlin-morning", cron: "0 9 * * *", timeZone: "Europe/Berlin", jobType: countJob.name, payload: {} };
    const catalogue = testCatalogue([morning]);
    await reconcile(db, catalogue, new Date("2027-03-27T00:00:00Z"));
    await sweep(db, catalogue, new Date("2027-03-27T12:00:00Z"));
    await sweep(db, catalogue, new Date("2027-03-28T12:00:00Z"));
    expect((await recurringJobs("berlin-morning")).map((j) => j.run_at.toISOString())).toEqual([
      "2027-03-27T08:00:00.000Z",
      "2027-03-28T07:00:00.000Z",
    ]);
  });

  it("records a schedule whose job type is unknown on its row instead of failing the tick", async () => {
    const { db } = database;
    const catalogue = testCatalogue([everyMinute]);
    await reconcile(db, catalogue, t0);
    // Another version renamed the type this code knows; this code ticks as a script (not a
    // deployment: it sweeps, and repairs nothing).
    await db.$executeRaw`UPDATE recurring_schedules SET job_type = 'gone.away'`;
    const summary = await tick({ db, catalogue: testCatalogue([everyMinute], null), now: minutes(2), budgetMs: 5000 });
    expect(summary).toMatchObject({ status: "ok", recurringEnqueued: 0 });
    const [row] = await db.$queryRaw<Array<{ last_error: string; next_run_at: Date }>>`SELECT last_error, next_run_at FROM recurring_schedules`;
    expect(row!.last_error).toMatch(/job type gone.away is unknown to the code that ticked/);
  });
});
