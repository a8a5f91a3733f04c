// "Everything matching the filter" means the jobs the preview counted, no other: jobs created
// after the preview (or after Confirm) are left alone, and every previewed job is accounted for
// in the result: changed, skipped because running, finished meanwhile, or no longer matching.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { claim } from "../../helpers/engine.ts";
import { createEffectTables, countJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { schedule } from "../../../lib/scheduler/index.ts";
import { isDulyError } from "../../../lib/errors.ts";
import { continueBulk, previewBulk, previewLifetimeMs, startBulk, type BulkProgress } from "../../../lib/operations/bulk.ts";

const database = useTestDatabase();
const now = new Date("2027-01-15T09:30:00Z");
const hour = 3_600_000;
const actor = { id: "test-operator", email: "ops@duly.test" };
const catalogue = testCatalogue();

beforeEach(async () => {
  await createEffectTables(database.db);
  await emptyTables(database.db, ["scheduled_jobs", "job_runs", "audit_entries", "bulk_operation_job_chunks", "bulk_operations"]);
});

async function jobsAt(offsetsInHours: number[], subjectId: number): Promise<bigint[]> {
  return database.db.$transaction(async (tx) => {
    const ids: bigint[] = [];
    for (const h of offsetsInHours) {
      ids.push((await schedule(tx, countJob, { runAt: new Date(now.getTime() + h * hour), payload: {}, subject: { type: "booking", id: subjectId } })).id);
    }
    return ids;
  });
}

async function runToEnd(id: string, batchSize: number, between: () => Promise<void> = async () => {}): Promise<BulkProgress> {
  let progress = await continueBulk(database.db, id, now, batchSize);
  await between();
  while (progress.status === "running") progress = await continueBulk(database.db, id, now, batchSize);
  return progress;
}

const hoursFromNow = (runAt: Date) => (runAt.getTime() - now.getTime()) / hour;

describe("bulk action on everything matching a filter", () => {
  it("changes only the jobs the preview counted, and accounts for each of them", async () => {
    const { db } = database;
    // Twelve jobs for booking 5: one due an hour ago (a tick will claim it), eleven later.
    const previewedIds = await jobsAt([-1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 5);
    const target = { kind: "filter" as const, filter: { subject: { type: "booking", id: "5" } } };
    const preview = await previewBulk(db, actor, { target, change: { kind: "shift", offsetMs: 24 * hour }, reason: "event moved a day" }, now);
    expect(preview).toMatchObject({ changing: 12, running: 0, notApplicable: 0 });
    const previewedTotal = preview.changing + preview.running + preview.notApplicable;

    // Between the preview and Confirm: a new matching job, a tick claims the due one (running),
    // and another previewed job finishes (as if run by another operator's "run now").
    const [createdAfterPreview] = await jobsAt([12], 5);
    await claim(db, catalogue, { now, tickId: "snapshot-running", limit: 1 });
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'succeeded', finished_at = ${now} WHERE id = ${previewedIds[5]!}`;

    const id = await startBulk(db, actor, preview.id, now);
    // After Confirm, after the first batch: one more new matching job, one more previewed job
    // cancelled elsewhere.
    let createdAfterConfirm = 0n;
    const progress = await runToEnd(id, 4, async () => {
      [createdAfterConfirm] = await jobsAt([13], 5);
      await db.$executeRaw`UPDATE scheduled_jobs SET status = 'cancelled', cancelled_at = ${now}, cancelled_by = 'someone', cancel_reason = 'gone' WHERE id = ${previewedIds[9]!}`;
    });

    // The jobs created after the preview are untouched: no change, no audit entry.
    const late = await db.scheduledJob.findMany({ where: { id: { in: [createdAfterPreview!, createdAfterConfirm] } }, orderBy: { id: "asc" } });
    expect(late.map((job) => hoursFromNow(job.runAt))).toEqual([12, 13]);
    expect(await db.auditEntry.count({ where: { batchId: id, recordId: { in: [String(createdAfterPreview), String(createdAfterConfirm)] } } })).toBe(0);

    // Every previewed job is accounted for: 9 changed, 1 running, 2 finished meanwhile.
    expect(progress).toMatchObject({ status: "done", previewed: previewedTotal, changed: 9, skipped: 3, skippedBy: { running: 1, finished: 2, unmatched: 0 } });
    expect(progress.changed + progress.skipped).toBe(previewedTotal);
    expect(Object.fromEntries(progress.skippedJobs.map((job) => [job.id, job.why]))).toEqual({
      [String(previewedIds[0])]: "running: its attempt is under way",
      [String(previewedIds[5])]: "it is succeeded",
      [String(previewedIds[9])]: "it is cancelled",
    });
    expect(await db.auditEntry.count({ where: { batchId: id } })).toBe(9);
  });

  it("skips a previewed job that no longer matches the filter, and one pruned meanwhile, and says so", async () => {
    const { db } = database;
    const ids = await jobsAt([1, 2, 3, 4], 6);
    // Jobs of booking 6 due in the next 5 hours.
    const filter = { subject: { type: "booking", id: "6" }, from: now, to: new Date(now.getTime() + 5 * hour) };
    const preview = await previewBulk(db, actor, { target: { kind: "filter", filter }, change: { kind: "cancel" }, reason: "booking called off" }, now);
    expect(preview.changing).toBe(4);
    // Meanwhile another operator moves one out of the window, and one is pruned (finished and deleted).
    await db.$executeRaw`UPDATE scheduled_jobs SET run_at = ${new Date(now.getTime() + 48 * hour)} WHERE id = ${ids[1]!}`;
    await db.$executeRaw`DELETE FROM scheduled_jobs WHERE id = ${ids[3]!}`;
    const progress = await runToEnd(await startBulk(db, actor, preview.id, now), 200);
    expect(progress).toMatchObject({ previewed: 4, changed: 2, skipped: 2, skippedBy: { running: 0, finished: 1, unmatched: 1 } });
    expect((await db.scheduledJob.findUniqueOrThrow({ where: { id: ids[1]! } })).status).toBe("pending");
    expect(progress.skippedJobs.map((job) => job.why).sort()).toEqual([
      "it no longer matches the filter (it was changed after the preview)",
      "there is no such job (it finished and was pruned, or never existed)",
    ]);
  });

  it("counts a selection's every id, one with no job included, and reports each", async () => {
    const { db } = database;
    const ids = await jobsAt([1, 2], 7);
    const preview = await previewBulk(db, actor, { target: { kind: "ids", ids: [...ids, 999_999_999n] }, change: { kind: "shift", offsetMs: hour }, reason: "selection" }, now);
    expect(preview).toMatchObject({ changing: 2, running: 0, notApplicable: 1 });
    const progress = await runToEnd(await startBulk(db, actor, preview.id, now), 200);
    expect(progress).toMatchObject({ previewed: 3, changed: 2, skipped: 1, skippedBy: { finished: 1 } });
  });
});

describe("a large preview", () => {
  it("runs each of 2,500 previewed jobs exactly once, in batches that cross the stored chunks' edges", async () => {
    const { db } = database;
    await db.$executeRaw`
      INSERT INTO scheduled_jobs (job_type, run_at, payload, subject_type, subject_id)
      SELECT 'test.count', ${now}::timestamptz + g * interval '1 minute', '{}', 'booking', '11' FROM generate_series(1, 2500) g`;
    const target = { kind: "filter" as const, filter: { subject: { type: "booking", id: "11" } } };
    const preview = await previewBulk(db, actor, { target, change: { kind: "cancel" }, reason: "large" }, now);
    expect(preview.changing).toBe(2500);
    expect(await db.bulkOperationJobChunk.count({ where: { operationId: preview.id } })).toBe(3);
    await jobsAt([3], 11); // created after the preview
    const progress = await runToEnd(await startBulk(db, actor, preview.id, now), 700);
    expect(progress).toMatchObject({ previewed: 2500, changed: 2500, skipped: 0 });
    expect(await db.auditEntry.count({ where: { batchId: preview.id } })).toBe(2500);
    expect(await db.scheduledJob.groupBy({ by: ["status"], where: { subjectId: "11" }, _count: true, orderBy: { status: "asc" } })).toEqual([
      { status: "pending", _count: 1 },
      { status: "cancelled", _count: 2500 },
    ]);
  });
});

describe("confirming a preview", () => {
  async function refusalOf(run: () => Promise<unknown>): Promise<string> {
    const error = await run().then(() => null, (thrown: unknown) => thrown);
    expect(isDulyError(error), String(error)).toBe(true);
    return (error as Error).message;
  }

  it("is refused for another operator's preview, a second time, or after an hour, and nothing runs", async () => {
    const { db } = database;
    const ids = await jobsAt([1, 2], 8);
    const target = { kind: "ids" as const, ids };
    const preview = await previewBulk(db, actor, { target, change: { kind: "cancel" }, reason: "first" }, now);
    expect(await refusalOf(() => startBulk(db, { id: "other", email: "other@duly.test" }, preview.id, now))).toContain("ops@duly.test's");
    await startBulk(db, actor, preview.id, now);
    expect(await refusalOf(() => startBulk(db, actor, preview.id, now))).toContain("already confirmed");

    const old = await previewBulk(db, actor, { target, change: { kind: "cancel" }, reason: "old" }, now);
    const later = new Date(now.getTime() + previewLifetimeMs + 1);
    expect(await refusalOf(() => startBulk(db, actor, old.id, later))).toContain("more than an hour old");
    // The next preview deletes it (and its recorded jobs).
    await previewBulk(db, actor, { target, change: { kind: "cancel" }, reason: "new" }, later);
    expect(await db.bulkOperation.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await db.bulkOperationJobChunk.count({ where: { operationId: old.id } })).toBe(0);
    expect(await refusalOf(() => startBulk(db, actor, old.id, later))).toContain("no such preview");
  });

  it("never runs an unconfirmed preview", async () => {
    const { db } = database;
    const preview = await previewBulk(db, actor, { target: { kind: "ids", ids: await jobsAt([1], 9) }, change: { kind: "cancel" }, reason: "not confirmed" }, now);
    expect(await refusalOf(() => continueBulk(db, preview.id, now))).toContain("not confirmed");
    expect(await db.scheduledJob.count({ where: { status: "cancelled" } })).toBe(0);
  });
});
