// The deployments' own rows (scheduler_state `deployment:<id>`, decision 0007) when they are not
// what a deployment's tick writes: a start stamped by a clock that was ahead (a database clock
// stepped back, a host restored with a wrong clock), a row no version of Duly wrote (not JSON,
// another shape), and a row declaring a schedule this code cannot write (a cron or time zone its
// runtime does not know, a name with NUL). None of them may keep a stopped deployment's schedules
// in force, make every housekeeping reconcile, or stop a live deployment from putting its own
// schedules in the table, nor make this code pause a schedule another live deployment declares
// and can run. Every tick passes its own `now`: liveness is judged by the tick's clock.
import { beforeEach, describe, expect, it } from "vitest";
import pg from "pg";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { tick, type Catalogue, type RecurringDefinition } from "../../../lib/scheduler/index.ts";
import { housekeeping, liveWindowMs, shouldReconcile } from "../../../lib/scheduler/internal.ts";

const database = useTestDatabase();
const t0 = new Date("2027-05-03T08:00:30Z");
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
const year = 365 * 24 * 60;

const minutely = (name: string, cron = "* * * * *", timeZone = "UTC"): RecurringDefinition => ({ name, cron, timeZone, jobType: countJob.name, payload: {} });

async function active(): Promise<string[]> {
  const rows = await database.db.$queryRaw<Array<{ name: string }>>`SELECT name FROM recurring_schedules WHERE retired_at IS NULL ORDER BY name`;
  return rows.map((r) => r.name);
}

const run = (catalogue: Catalogue, now: Date) => tick({ db: database.db, catalogue, now, budgetMs: 10_000 });

/** A deployment row written by something other than this code's ticks, started at `at`. */
async function foreignRow(id: string, value: string, at: Date): Promise<void> {
  await database.db.$executeRaw`INSERT INTO scheduler_state (key, value, updated_at) VALUES (${`deployment:${id}`}, ${value}, ${at})`;
}

const record = (recurring: unknown[], builtAt = Date.parse("2027-04-10T00:00:00Z")) => JSON.stringify({ builtAt, fingerprint: "foreign", recurring });

beforeEach(async () => {
  await createEffectTables(database.db);
  await emptyTables(database.db, ["scheduled_jobs", "job_runs", "recurring_schedules", "scheduler_state"]);
});

describe("a start stamped by a clock that was ahead", () => {
  it("does not keep a deployment live once it stops ticking (one tick a year ahead kept its schedule in force for that year)", async () => {
    const v1 = testCatalogue([minutely("kept"), minutely("only-v1")], new Date("2027-04-01T00:00:00Z"));
    const v2 = testCatalogue([minutely("kept"), minutely("only-v2")], new Date("2027-04-20T00:00:00Z"));
    await run(v1, minutes(0));
    await run(v1, minutes(year)); // the clock a year ahead for one tick, then right again
    for (let m = 1; m <= 3; m++) await run(v1, minutes(m));
    const whileV1Ticks = await active();
    // v1 stops; v2 alone, for the live window and two minutes more.
    const v2Minutes = Math.ceil(liveWindowMs / 60_000) + 2;
    for (let m = 4; m <= 4 + v2Minutes; m++) await run(v2, minutes(m));
    expect({ whileV1Ticks, afterV1Stopped: await active() }).toEqual({
      whileV1Ticks: ["kept", "only-v1"],
      afterV1Stopped: ["kept", "only-v2"],
    });
  });

  it("a clock stepped back an hour: the deployment that stopped before the step is not live for that hour", async () => {
    const v1 = testCatalogue([minutely("kept"), minutely("only-v1")], new Date("2027-04-01T00:00:00Z"));
    const v2 = testCatalogue([minutely("kept"), minutely("only-v2")], new Date("2027-04-20T00:00:00Z"));
    for (let m = 60; m <= 62; m++) {
      await run(v1, minutes(m));
      await run(v2, minutes(m + 0.5));
    }
    // The clock steps back an hour; v1 had stopped, v2 goes on from 08:03.
    for (let m = 3; m <= 3 + Math.ceil(liveWindowMs / 60_000) + 2; m++) await run(v2, minutes(m));
    expect(await active()).toEqual(["kept", "only-v2"]);
    // v2 is still live after the step (its own start replaced the one from the clock ahead).
    await run(v2, minutes(12));
    expect(await active()).toEqual(["kept", "only-v2"]);
  });
});

describe("a row this code did not write", () => {
  for (const [label, value] of [
    ["not JSON", "{oops"],
    ["another shape", JSON.stringify({ hello: "world" })],
  ] as const) {
    it(`(${label}) live: once reconciled, housekeeping sees nothing to reconcile (it reconciled again at every housekeeping, about once a second per tick)`, async () => {
      const v1 = testCatalogue([minutely("kept")], new Date("2027-04-01T00:00:00Z"));
      await foreignRow("unreadable", value, minutes(0));
      const first = await run(v1, minutes(0.2));
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const view = await housekeeping(client as unknown as pg.PoolClient, { now: minutes(0.5), travelling: false, withLag: false, recoverLimit: 10, knownTypes: [] });
        expect({
          errors: first.errors,
          active: await active(),
          live: view.liveDeployments.length,
          reconcilesAgain: shouldReconcile(v1, { reconciled: view.recurringReconciled, liveDeployments: view.liveDeployments, tableDigest: view.recurringTableDigest }),
        }).toEqual({ errors: [], active: ["kept"], live: 2, reconcilesAgain: false });
      } finally {
        await client.end();
      }
    });
  }

  for (const [label, definition] of [
    ["a cron this code cannot read", minutely("foreign", "every full moon")],
    ["a time zone this runtime does not know", minutely("foreign", "* * * * *", "Mars/Olympus")],
    ["a name with NUL", minutely("fore\u0000ign")],
  ] as const) {
    it(`declaring ${label}: the live deployment still puts its own schedules in the table, leaves that one as it stands, and says so (the table stayed empty)`, async () => {
      const v1 = testCatalogue([minutely("kept"), minutely("also-kept", "*/5 * * * *")], new Date("2027-04-01T00:00:00Z"));
      // The foreign deployment's own row, as it wrote it when it could (for the NUL name: none).
      if (!definition.name.includes("\u0000")) {
        await database.db.$executeRaw`
          INSERT INTO recurring_schedules (name, cron, time_zone, job_type, payload, next_run_at)
          VALUES (${definition.name}, '*/10 * * * *', 'UTC', ${countJob.name}, '{}'::jsonb, ${minutes(10)})`;
      }
      await foreignRow("foreign", record([definition]), minutes(0));
      const summary = await run(v1, minutes(0.2));
      const expected = definition.name.includes("\u0000") ? ["also-kept", "kept"] : ["also-kept", "foreign", "kept"];
      expect({ active: await active(), mentioned: summary.errors.some((e) => e.includes("cannot write")) }).toEqual({ active: expected, mentioned: true });
      // Once the foreign deployment stops ticking, its schedule is retired as any other.
      for (let m = 1; m <= Math.ceil(liveWindowMs / 60_000) + 1; m++) await run(v1, minutes(m));
      expect(await active()).toEqual(["also-kept", "kept"]);
    });
  }
});

describe("a due schedule whose cron this code cannot compute", () => {
  async function scheduleRow(name: string) {
    const [row] = await database.db.$queryRaw<Array<{ enabled: boolean; retired: boolean }>>`
      SELECT enabled, retired_at IS NOT NULL AS retired FROM recurring_schedules WHERE name = ${name}`;
    return row;
  }

  it("is left for the live deployment that declares it, never paused by this code (it stayed paused for good); healthy ones are not held up", async () => {
    const v1 = testCatalogue([minutely("kept")], new Date("2027-04-01T00:00:00Z"));
    const foreign = Array.from({ length: 25 }, (_, i) => minutely(`newer-syntax-${String(i).padStart(2, "0")}`, "every full moon"));
    // The deployment that declares them wrote them (its runtime reads the cron), due now.
    for (const definition of foreign) {
      await database.db.$executeRaw`
        INSERT INTO recurring_schedules (name, cron, time_zone, job_type, payload, next_run_at)
        VALUES (${definition.name}, ${definition.cron}, 'UTC', ${countJob.name}, '{}'::jsonb, ${minutes(-1)})`;
    }
    await foreignRow("newer", record(foreign), minutes(0));
    await run(v1, minutes(0.2));
    for (let m = 1; m <= 3; m++) await run(v1, minutes(m));
    const keptJobs = await database.db.scheduledJob.count({ where: { recurringName: "kept" } });
    const whileDeclared = await scheduleRow("newer-syntax-00");
    const paused = await database.db.recurringSchedule.count({ where: { enabled: false } });
    // Once the declaring deployment stops ticking, its schedules retire (not pause) as any other.
    for (let m = 4; m <= 4 + Math.ceil(liveWindowMs / 60_000) + 1; m++) await run(v1, minutes(m));
    expect({ keptJobs, whileDeclared, paused, afterItStopped: await scheduleRow("newer-syntax-00") }).toEqual({
      keptJobs: 3, // 08:01, 08:02, 08:03
      whileDeclared: { enabled: true, retired: false },
      paused: 0,
      afterItStopped: { enabled: true, retired: true },
    });
  });
});
