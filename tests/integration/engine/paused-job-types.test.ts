// The incident switch: a paused job type is skipped by every tick (its due jobs stay pending with
// their run times, other types run), a staying tick does not spin on them, and resuming lets
// the next tick run them. The engine reads job_type_pauses in its claim.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { claim } from "../../helpers/engine.ts";
import { createEffectTables, countJob, typedJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { schedule, tick } from "../../../lib/scheduler/index.ts";
import { pauseJobType, resumeJobType } from "../../../lib/operations/job-types.ts";

const database = useTestDatabase();
const now = new Date("2027-01-15T09:30:00Z");
const catalogue = testCatalogue();
const actor = { id: "test-operator", email: "ops@duly.test" };

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "job_type_pauses", "audit_entries"]);
});

async function due(job: typeof countJob | typeof typedJob, payload: object) {
  return database.db.$transaction((tx) => schedule(tx, job as typeof countJob, { runAt: new Date(now.getTime() - 60_000), payload: payload as Record<string, never> }));
}

describe("a paused job type", () => {
  it("is skipped by the claim while others run, and runs again once resumed", async () => {
    const { db } = database;
    const counted = await due(countJob, {});
    const typed = await due(typedJob, { bookingId: 7 });
    await pauseJobType(db, actor, { jobType: countJob.name, reason: "payment provider incident" });

    const claimed = await claim(db, catalogue, { now, tickId: "paused-1" });
    expect(claimed.map((j) => j.id)).toEqual([typed.id]);
    expect(await db.scheduledJob.findUniqueOrThrow({ where: { id: counted.id } })).toMatchObject({ status: "pending", attempts: 0, runAt: new Date(now.getTime() - 60_000) });

    await resumeJobType(db, actor, { jobType: countJob.name });
    expect((await claim(db, catalogue, { now, tickId: "paused-2" })).map((j) => j.id)).toEqual([counted.id]);
    expect((await db.auditEntry.findMany({ orderBy: { id: "asc" } })).map((e) => [e.action, e.recordId, e.reason])).toEqual([
      ["job_type.pause", countJob.name, "payment provider incident"],
      ["job_type.resume", countJob.name, null],
    ]);
  });

  it("is skipped by a whole tick, which reports nothing claimed and does not spin while staying", async () => {
    const { db } = database;
    const counted = await due(countJob, {});
    await pauseJobType(db, actor, { jobType: countJob.name, reason: "incident" });
    const drained = await tick({ db, catalogue, now, budgetMs: 2_000, mode: "drain" });
    expect(drained).toMatchObject({ claimed: 0, status: "ok" });
    const stayed = await tick({ db, catalogue, budgetMs: 1_500, mode: "stay", pollMs: 250 });
    expect(stayed).toMatchObject({ claimed: 0, status: "ok" });
    expect(await db.jobRun.count({ where: { jobId: counted.id } })).toBe(0);
    await resumeJobType(db, actor, { jobType: countJob.name });
    expect(await tick({ db, catalogue, now, budgetMs: 2_000, mode: "drain" })).toMatchObject({ claimed: 1, succeeded: 1 });
  });

  it("refuses a second pause and a resume of a running type, changing nothing", async () => {
    const { db } = database;
    const defined = [countJob.name, typedJob.name];
    await pauseJobType(db, actor, { jobType: countJob.name, reason: "first" }, defined);
    await expect(pauseJobType(db, actor, { jobType: countJob.name, reason: "second" }, defined)).rejects.toMatchObject({ code: "STALE_RECORD" });
    await expect(resumeJobType(db, actor, { jobType: typedJob.name })).rejects.toMatchObject({ code: "STALE_RECORD" });
    expect(await db.auditEntry.count()).toBe(1);
    expect((await db.jobTypePause.findUniqueOrThrow({ where: { jobType: countJob.name } })).reason).toBe("first");
  });
});
