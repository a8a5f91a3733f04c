// Operators' controls on recurring schedules: a paused schedule enqueues nothing however many
// occurrences pass (and reconciling with the code does not turn it back on), resuming enqueues
// again, run now adds one occurrence due now; each audited, a repeat refused.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { reconcile, sweep } from "../../helpers/engine.ts";
import { createEffectTables, countJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import type { RecurringDefinition } from "../../../lib/scheduler/index.ts";
import { runRecurringNow, setRecurringEnabled } from "../../../lib/operations/recurring.ts";
import { listRecurring } from "../../../lib/scheduler/admin/index.ts";

const database = useTestDatabase();
const t0 = new Date("2027-02-27T23:59:30Z");
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
const everyMinute: RecurringDefinition = { name: "count-every-minute", cron: "* * * * *", timeZone: "UTC", jobType: countJob.name, payload: {} };
const catalogue = testCatalogue([everyMinute]);
const actor = { id: "test-operator", email: "ops@duly.test" };

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "recurring_schedules", "scheduler_state", "audit_entries"]);
});

describe("recurring controls", () => {
  it("a paused schedule enqueues nothing, survives reconciling, and enqueues again once resumed", async () => {
    const { db } = database;
    await reconcile(db, catalogue, t0);
    await setRecurringEnabled(db, actor, { name: everyMinute.name, enabled: false, reason: "provider outage" });
    expect((await sweep(db, catalogue, minutes(3))).enqueued).toBe(0);
    await reconcile(db, catalogue, minutes(3));
    expect((await listRecurring(db))[0]).toMatchObject({ enabled: false });
    await expect(setRecurringEnabled(db, actor, { name: everyMinute.name, enabled: false })).rejects.toMatchObject({ code: "STALE_RECORD" });
    await setRecurringEnabled(db, actor, { name: everyMinute.name, enabled: true });
    expect((await sweep(db, catalogue, minutes(4))).enqueued).toBeGreaterThan(0);
    expect((await db.auditEntry.findMany({ orderBy: { id: "asc" } })).map((e) => e.action)).toEqual(["recurring.pause", "recurring.resume"]);
  });

  it("run now adds one occurrence due now, with the schedule's name, and lists the next occurrences", async () => {
    const { db } = database;
    await reconcile(db, catalogue, t0);
    const id = await runRecurringNow(db, actor, catalogue, { name: everyMinute.name, now: minutes(0.25) });
    expect(await db.scheduledJob.findUniqueOrThrow({ where: { id } })).toMatchObject({ jobType: countJob.name, recurringName: everyMinute.name, runAt: minutes(0.25) });
    const [view] = await listRecurring(db);
    expect(view!.upcoming.map((d) => d.toISOString())).toEqual(["2027-02-28T00:00:00.000Z", "2027-02-28T00:01:00.000Z", "2027-02-28T00:02:00.000Z", "2027-02-28T00:03:00.000Z", "2027-02-28T00:04:00.000Z"]);
  });
});
