// Recurring schedules follow the deployments that serve production (decision 0007): which code
// ticks decides which schedules exist, but only a deployment's own ticks (its cron route) ever
// change the table, and never by taking away what another deployment still ticking declares.
// - A tick with another catalogue (a script, a test harness: code that is not a deployment)
//   retires nothing; it once retired every other schedule, the quota sweep included, for good.
// - A rollback (an older deployment ticking after a newer one) restores its schedules at its
//   first tick.
// - Two deployments ticking alternately for hours (a rolling deploy) enqueue each occurrence of
//   each schedule exactly once, with no schedule retired, restored or re-timed back and forth.
// Every tick passes its own `now`: the deployments' liveness is judged by the tick's clock.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob, flakyJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { createCatalogue, tick, type Catalogue, type RecurringDefinition } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const t0 = new Date("2027-05-03T08:00:30Z");
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

const minutely = (name: string, cron = "* * * * *"): RecurringDefinition => ({ name, cron, timeZone: "UTC", jobType: countJob.name, payload: {} });

interface ScheduleRow { name: string; cron: string; retired: boolean }

async function schedules(): Promise<ScheduleRow[]> {
  return database.db.$queryRaw`SELECT name, cron, retired_at IS NOT NULL AS retired FROM recurring_schedules ORDER BY name`;
}

async function active(): Promise<string[]> {
  return (await schedules()).filter((s) => !s.retired).map((s) => s.name);
}

/** The instants a schedule's occurrences were enqueued for, and how many jobs each has. */
async function occurrences(name: string): Promise<Array<{ at: string; jobs: number }>> {
  const rows = await database.db.$queryRaw<Array<{ run_at: Date; n: number }>>`
    SELECT run_at, count(*)::int AS n FROM scheduled_jobs WHERE recurring_name = ${name} GROUP BY run_at ORDER BY run_at`;
  return rows.map((r) => ({ at: r.run_at.toISOString(), jobs: r.n }));
}

const run = (catalogue: Catalogue, now: Date) => tick({ db: database.db, catalogue, now, budgetMs: 10_000 });

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "recurring_schedules", "scheduler_state"]);
});

describe("a tick with another catalogue", () => {
  it("a script or test harness ticking with a subset of the catalogue retires nothing", async () => {
    // The deployment declares three schedules; it was built before the script runs (a script
    // counts as built when its process started).
    const deployment = testCatalogue([minutely("report"), minutely("digest"), minutely("sweep", "*/15 * * * *")], new Date("2020-01-01T00:00:00Z"));
    await run(deployment, minutes(0));
    expect(await active()).toEqual(["digest", "report", "sweep"]);

    // A script (not a deployment: code run outside the built app) ticks with one schedule, and
    // a test harness with none.
    await run(createCatalogue([countJob], [minutely("report")]), minutes(1));
    await run(createCatalogue([countJob, flakyJob]), minutes(2));
    const afterScripts = await active();

    // The deployment ticks on, every minute, for a quarter of an hour.
    for (let m = 3; m <= 17; m++) await run(deployment, minutes(m));
    expect({ afterScripts, afterDeployment: await active(), digestOccurrences: (await occurrences("digest")).length, sweepOccurrences: (await occurrences("sweep")).length }).toEqual({
      afterScripts: ["digest", "report", "sweep"],
      afterDeployment: ["digest", "report", "sweep"],
      digestOccurrences: 17, // 08:01 ... 08:17, one each
      sweepOccurrences: 1, // 08:15
    });
  });
});

describe("a rollback", () => {
  it("the older deployment's schedules are back after its first tick, and the newer one's retire once it stops ticking", async () => {
    const v1 = testCatalogue([minutely("kept"), minutely("dropped-in-v2")], new Date("2027-04-01T00:00:00Z"));
    const v2 = testCatalogue([minutely("kept"), minutely("added-in-v2")], new Date("2027-04-20T00:00:00Z"));
    await run(v1, minutes(0));
    // v2 is deployed: both tick for a few minutes, then v2 alone for a quarter of an hour.
    for (let m = 1; m <= 3; m++) {
      await run(v1, minutes(m));
      await run(v2, minutes(m));
    }
    for (let m = 4; m <= 19; m++) await run(v2, minutes(m));
    const onV2 = await active();

    // Rolled back: v1 serves again. One tick later its schedule is back.
    await run(v1, minutes(20));
    const afterOneTick = await active();
    for (let m = 21; m <= 35; m++) await run(v1, minutes(m));
    const dropped = (await occurrences("dropped-in-v2")).map((o) => o.at);

    expect({ onV2, afterOneTick, afterRollback: await active() }).toEqual({
      onV2: ["added-in-v2", "kept"],
      afterOneTick: expect.arrayContaining(["dropped-in-v2", "kept"]),
      afterRollback: ["dropped-in-v2", "kept"],
    });
    // Back at v1's first tick after the rollback (08:20:30): from its next occurrence, every minute.
    for (let m = 21; m <= 35; m++) expect(dropped).toContain(new Date(Date.UTC(2027, 4, 3, 8, m)).toISOString());
  });
});

describe("two deployments overlapping", () => {
  it("ticking alternately for an hour, each occurrence is enqueued exactly once and no schedule flaps", async () => {
    const v1 = testCatalogue([minutely("shared"), minutely("only-v1"), minutely("retimed", "*/2 * * * *")], new Date("2027-04-01T00:00:00Z"));
    const v2 = testCatalogue([minutely("shared"), minutely("only-v2"), minutely("retimed", "*/3 * * * *")], new Date("2027-04-20T00:00:00Z"));
    await run(v1, minutes(0));
    await run(v2, minutes(0.5));
    const states = new Set<string>();
    // 08:01 to 09:00: v1 at the minute, v2 half a minute later, like two replicas' cron calls.
    for (let m = 1; m <= 60; m++) {
      await run(v1, minutes(m));
      await run(v2, minutes(m + 0.5));
      states.add(JSON.stringify(await schedules()));
    }
    // 08:01 (the first after v1's first tick) to 09:01 (v2's last tick), one job each.
    const everyMinute = Array.from({ length: 61 }, (_, m) => ({ at: new Date(Date.UTC(2027, 4, 3, 8, m + 1)).toISOString(), jobs: 1 }));
    const retimed = await occurrences("retimed");
    expect({
      distinctStates: states.size,
      state: await schedules(),
      shared: await occurrences("shared"),
      onlyV1: await occurrences("only-v1"),
      onlyV2: (await occurrences("only-v2")).length,
      retimedOnce: retimed.every((o) => o.jobs === 1),
      // Once v2 ticked, on v2's timing only (the newer build's, as long as both tick).
      retimedAfterV2: retimed.filter((o) => o.at > minutes(0.5).toISOString()).every((o) => new Date(o.at).getUTCMinutes() % 3 === 0),
      retimedCount: retimed.filter((o) => o.at > minutes(0.5).toISOString()).length,
    }).toEqual({
      distinctStates: 1,
      state: [
        { name: "only-v1", cron: "* * * * *", retired: false },
        { name: "only-v2", cron: "* * * * *", retired: false },
        { name: "retimed", cron: "*/3 * * * *", retired: false },
        { name: "shared", cron: "* * * * *", retired: false },
      ],
      shared: everyMinute,
      onlyV1: everyMinute,
      onlyV2: 60, // 08:02 (the first after v2's first tick, at 08:01:00) to 09:01
      retimedOnce: true,
      retimedAfterV2: true,
      retimedCount: 20, // 08:03, 08:06, ... 09:00
    });
  }, 240_000);
});
