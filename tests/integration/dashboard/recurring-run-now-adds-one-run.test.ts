// "Run now" on a recurring schedule, clicked by two operators at once (or twice by one): the
// page promises one extra occurrence, so the second click must not add a second run (an effect
// doubled). It is refused while the first is still waiting or running, with no audit entry;
// once that one has run, run now works again.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { reconcile } from "../../helpers/engine.ts";
import { createEffectTables, countJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import type { RecurringDefinition } from "../../../lib/scheduler/index.ts";
import { isDulyError } from "../../../lib/errors.ts";
import { runRecurringNow } from "../../../lib/operations/recurring.ts";

const database = useTestDatabase();
const t0 = new Date("2027-05-10T08:00:10Z");
const daily: RecurringDefinition = { name: "count-daily", cron: "0 3 * * *", timeZone: "UTC", jobType: countJob.name, payload: {} };
const catalogue = testCatalogue([daily]);
const alice = { id: "alice", email: "alice@duly.test" };
const bob = { id: "bob", email: "bob@duly.test" };

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "recurring_schedules", "scheduler_state", "audit_entries"]);
  await reconcile(db, catalogue, t0);
});

describe("run now on a recurring schedule", () => {
  it("adds one run when two operators click at once; the other is refused and leaves no entry", async () => {
    const { db } = database;
    const results = await Promise.allSettled([
      runRecurringNow(db, alice, catalogue, { name: daily.name, now: t0 }),
      runRecurringNow(db, bob, catalogue, { name: daily.name, now: new Date(t0.getTime() + 7) }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refusal = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(isDulyError(refusal.reason) && refusal.reason.message).toContain("already waiting");
    expect(await db.scheduledJob.count({ where: { recurringName: daily.name, key: { contains: ":run-now:" } } })).toBe(1);
    expect(await db.auditEntry.count({ where: { action: "recurring.run_now" } })).toBe(1);
  });

  it("works again once the extra run has finished", async () => {
    const { db } = database;
    const first = await runRecurringNow(db, alice, catalogue, { name: daily.name, now: t0 });
    await db.scheduledJob.update({ where: { id: first }, data: { status: "succeeded", finishedAt: t0 } });
    const second = await runRecurringNow(db, alice, catalogue, { name: daily.name, now: new Date(t0.getTime() + 60_000) });
    expect(second).not.toBe(first);
  });
});
