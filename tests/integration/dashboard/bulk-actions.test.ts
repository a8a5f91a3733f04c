// Bulk actions: a preview that changes no job and says how many change and where they land;
// batches that report changed versus skipped per job (a running job is skipped, never waited
// for); an audit entry per changed job with the operation's id; and an operation that stops
// half way (browser closed) resumes from its cursor without doing anything twice.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { claim } from "../../helpers/engine.ts";
import { createEffectTables, countJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { schedule } from "../../../lib/scheduler/index.ts";
import { continueBulk, previewBulk as previewWith, startBulk, type BulkChange, type BulkTarget } from "../../../lib/operations/bulk.ts";

const database = useTestDatabase();
const now = new Date("2027-01-15T09:30:00Z");
const hour = 3_600_000;
const actor = { id: "test-operator", email: "ops@duly.test" };
const catalogue = testCatalogue();

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "audit_entries", "bulk_operation_job_chunks", "bulk_operations"]);
});

/** A preview by `actor` (recorded, so it can be confirmed). */
const previewBulk = (db: typeof database.db, target: BulkTarget, change: BulkChange, reason = "bulk test") => previewWith(db, actor, { target, change, reason }, now);

async function jobsAt(offsetsInHours: number[], subjectId = 1): Promise<bigint[]> {
  return database.db.$transaction(async (tx) => {
    const ids: bigint[] = [];
    for (const h of offsetsInHours) {
      ids.push((await schedule(tx, countJob, { runAt: new Date(now.getTime() + h * hour), payload: {}, subject: { type: "booking", id: subjectId } })).id);
    }
    return ids;
  });
}

describe("bulk shift", () => {
  it("previews the count and a per-hour histogram of where jobs land, changing no job", async () => {
    const ids = await jobsAt([1, 1.5, 2, 30 * 24]);
    const preview = await previewBulk(database.db, { kind: "ids", ids: ids.slice(0, 3) }, { kind: "shift", offsetMs: 2 * hour });
    expect(preview).toMatchObject({ changing: 3, running: 0, notApplicable: 0, unit: "hour" });
    expect(preview.histogram).toEqual([
      { bucket: new Date("2027-01-15T12:00:00Z"), count: 1 }, // 10:30 + 2 h
      { bucket: new Date("2027-01-15T13:00:00Z"), count: 2 }, // 11:00 and 11:30 + 2 h
    ]);
    expect((await database.db.scheduledJob.findUniqueOrThrow({ where: { id: ids[0]! } })).runAt).toEqual(new Date(now.getTime() + hour));
    expect(await database.db.auditEntry.count()).toBe(0);
  });

  it("previews a span longer than 48 hours per UTC day, counting running and finished jobs apart, in one pass", async () => {
    const { db } = database;
    // 08:30 (due: claimed below, so running), then 10:30, 11:00, 11:30 on the 15th, 00:30 and
    // 23:30 on the 16th, and 12:30 on the 18th (UTC); the one at 11:00 has already succeeded.
    const ids = await jobsAt([-1, 1, 1.5, 2, 15, 38, 3 * 24 + 3], 8);
    await claim(db, catalogue, { now, tickId: "bulk-preview-running", limit: 1 });
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'succeeded', finished_at = ${now} WHERE id = ${ids[2]!}`;
    const selected = await previewBulk(db, { kind: "ids", ids: [...ids, 999_999_999n] }, { kind: "shift", offsetMs: hour });
    // Five change; the running one is skipped; the finished one and an id with no job do not apply.
    expect(selected).toMatchObject({ changing: 5, running: 1, notApplicable: 2, unit: "day" });
    expect(selected.histogram).toEqual([
      { bucket: new Date("2027-01-15T00:00:00Z"), count: 2 }, // 11:30 and 12:30
      { bucket: new Date("2027-01-16T00:00:00Z"), count: 1 }, // 01:30
      { bucket: new Date("2027-01-17T00:00:00Z"), count: 1 }, // 23:30 + 1 h is the next day
      { bucket: new Date("2027-01-18T00:00:00Z"), count: 1 }, // 13:30
    ]);
    const filtered = await previewBulk(db, { kind: "filter", filter: { subject: { type: "booking", id: "8" } } }, { kind: "cancel" });
    expect(filtered).toMatchObject({ changing: 5, running: 1, notApplicable: 0, unit: "day" });
    expect(await db.auditEntry.count()).toBe(0);
  });

  it("shifts every matching job in batches, skipping a running one, with an audit entry per change", async () => {
    const { db } = database;
    const ids = await jobsAt([-1, 2, 3, 4, 5], 7);
    await claim(db, catalogue, { now, tickId: "bulk-running", limit: 1 }); // the job due an hour ago is now running
    const target = { kind: "filter" as const, filter: { subject: { type: "booking", id: "7" } } };
    const preview = await previewBulk(db, target, { kind: "shift", offsetMs: 24 * hour }, "event moved a day");
    expect(preview).toMatchObject({ changing: 4, running: 1 });

    const id = await startBulk(db, actor, preview.id, now);
    const first = await continueBulk(db, id, now, 2);
    expect(first).toMatchObject({ status: "running", changed: 1, skipped: 1 });
    expect(first.skippedJobs).toEqual([{ id: ids[0]!.toString(), why: "running: its attempt is under way" }]);
    let progress = first;
    while (progress.status === "running") progress = await continueBulk(db, id, now, 2);
    expect(progress).toMatchObject({ status: "done", changed: 4, skipped: 1, previewed: 5, skippedBy: { running: 1, finished: 0, unmatched: 0 } });

    const rows = await db.scheduledJob.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => (r.runAt.getTime() - now.getTime()) / hour)).toEqual([-1, 26, 27, 28, 29]);
    const audits = await db.auditEntry.findMany({ where: { batchId: id }, orderBy: { id: "asc" } });
    expect(audits.map((a) => [a.action, a.recordId, a.reason])).toEqual(ids.slice(1).map((jobId) => ["bulk.shift", jobId.toString(), "event moved a day"]));
  });

  it("resumes after stopping half way without changing any job twice", async () => {
    const { db } = database;
    const ids = await jobsAt([1, 2, 3, 4, 5, 6, 7], 8);
    const target = { kind: "ids" as const, ids };
    const id = await startBulk(db, actor, (await previewBulk(db, target, { kind: "shift", offsetMs: hour }, "resume test")).id, now);
    await continueBulk(db, id, now, 3); // the browser closes here
    // Later, maybe in another window: two continue at once; one does the batch, the other waits its turn.
    await Promise.all([continueBulk(db, id, now, 3), continueBulk(db, id, now, 3)]);
    let progress = await continueBulk(db, id, now, 3);
    while (progress.status === "running") progress = await continueBulk(db, id, now, 3);
    expect(progress).toMatchObject({ changed: 7, skipped: 0 });
    const rows = await db.scheduledJob.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => (r.runAt.getTime() - now.getTime()) / hour)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(await db.auditEntry.count({ where: { batchId: id } })).toBe(7);
  });
});

describe("bulk retry", () => {
  it("gives every dead job matching the filter one more attempt, due now, skipping one retried meanwhile, with an audit entry each", async () => {
    const { db } = database;
    const ids = await jobsAt([-48, -30, -20, 5], 11);
    // Three went dead after their last attempt (3 of 3); the fourth is still pending.
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'dead', attempts = 3, max_attempts = 3, finished_at = ${now}, last_error = 'gave up' WHERE id = ANY(${ids.slice(0, 3)}::bigint[])`;
    const target = { kind: "filter" as const, filter: { status: "dead" as const, subject: { type: "booking", id: "11" } } };
    const preview = await previewBulk(db, target, { kind: "retry" }, "the payment provider is back");
    expect(preview).toMatchObject({ changing: 3, running: 0, notApplicable: 0 });
    // Nothing changed by the preview.
    expect(await db.scheduledJob.count({ where: { id: { in: ids }, status: "dead" } })).toBe(3);

    // An operator retries one of them on its own page before the bulk action runs.
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'pending', max_attempts = 4, finished_at = NULL, run_at = ${now} WHERE id = ${ids[0]}`;
    const id = await startBulk(db, actor, preview.id, now);
    const progress = await continueBulk(db, id, now);
    expect(progress).toMatchObject({ status: "done", previewed: 3, changed: 2, skipped: 1 });
    expect(progress.skippedJobs).toEqual([{ id: ids[0]!.toString(), why: "it is pending" }]);

    const after = await db.scheduledJob.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(after.map((j) => [j.status, j.attempts, j.maxAttempts, j.runAt.toISOString(), j.finishedAt])).toEqual([
      ["pending", 3, 4, now.toISOString(), null],
      ["pending", 3, 4, now.toISOString(), null],
      ["pending", 3, 4, now.toISOString(), null],
      ["pending", 0, 3, new Date(now.getTime() + 5 * hour).toISOString(), null],
    ]);
    const audits = await db.auditEntry.findMany({ where: { action: "bulk.retry" }, orderBy: { recordId: "asc" } });
    expect(audits.map((a) => [a.recordId, a.reason, a.batchId])).toEqual([
      [ids[1]!.toString(), "the payment provider is back", id],
      [ids[2]!.toString(), "the payment provider is back", id],
    ]);
    expect(audits[0]!.fromValue).toEqual({ status: "dead" });
    expect(audits[0]!.toValue).toEqual({ status: "pending" });
  });
});

describe("bulk cancel and move", () => {
  it("cancels pending and dead jobs, skipping finished ones named in the selection", async () => {
    const { db } = database;
    const ids = await jobsAt([1, 2, 3], 9);
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'dead', finished_at = now() WHERE id = ${ids[1]}`;
    await db.$executeRaw`UPDATE scheduled_jobs SET status = 'succeeded', finished_at = now() WHERE id = ${ids[2]}`;
    const preview = await previewBulk(db, { kind: "ids", ids }, { kind: "cancel" }, "booking cancelled");
    expect(preview).toMatchObject({ changing: 2, notApplicable: 1 });
    const id = await startBulk(db, actor, preview.id, now);
    const progress = await continueBulk(db, id, now);
    expect(progress).toMatchObject({ status: "done", previewed: 3, changed: 2, skipped: 1, skippedBy: { finished: 1 } });
    expect(progress.skippedJobs).toEqual([{ id: ids[2]!.toString(), why: "it is succeeded" }]);
    expect((await db.scheduledJob.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } })).map((r) => r.status)).toEqual(["cancelled", "cancelled", "succeeded"]);
  });

  it("moves jobs to one time; the preview shows them all in one hour", async () => {
    const { db } = database;
    const ids = await jobsAt([5, 50, 500], 10);
    const to = new Date("2027-02-01T10:15:00Z");
    const preview = await previewBulk(db, { kind: "ids", ids }, { kind: "move", to }, "all on the first");
    expect(preview.histogram).toEqual([{ bucket: new Date("2027-02-01T10:00:00Z"), count: 3 }]);
    const id = await startBulk(db, actor, preview.id, now);
    expect(await continueBulk(db, id, now)).toMatchObject({ changed: 3 });
    expect((await db.scheduledJob.findMany({ where: { id: { in: ids } } })).every((r) => r.runAt.getTime() === to.getTime())).toBe(true);
  });
});
