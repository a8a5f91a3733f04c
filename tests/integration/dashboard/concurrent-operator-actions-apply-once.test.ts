// Races an operator can start from the dashboard, run concurrently on real PostgreSQL:
// two operators acting on one job from the same page view, and a bulk shift while a tick
// claims the same jobs. Counted: changes applied, audit entries, jobs both claimed and moved.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { claim } from "../../helpers/engine.ts";
import { createEffectTables, countJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { schedule } from "../../../lib/scheduler/index.ts";
import { isDulyError } from "../../../lib/errors.ts";
import { cancelJob, rescheduleJob } from "../../../lib/operations/job-actions.ts";
import { jobVersion } from "../../../lib/operations/job-as-seen.ts";
import { continueBulk, previewBulk, startBulk } from "../../../lib/operations/bulk.ts";

const database = useTestDatabase();
const now = new Date("2027-02-10T10:00:00Z");
const alice = { id: "alice", email: "alice@duly.test" };
const bob = { id: "bob", email: "bob@duly.test" };
const catalogue = testCatalogue();

beforeEach(async () => {
  await createEffectTables(database.db);
  await emptyTables(database.db, ["scheduled_jobs", "job_runs", "audit_entries", "bulk_operation_job_chunks", "bulk_operations"]);
});

describe("two operators, one job, one page view", () => {
  it("applies exactly one of a reschedule and a cancel sent at once; the other is refused and leaves no entry", async () => {
    const { db } = database;
    for (let round = 0; round < 5; round++) {
      const job = await schedule(db, countJob, { runAt: new Date(now.getTime() + 3_600_000), payload: {} });
      const seen = (await jobVersion(db, job.id))!;
      const results = await Promise.allSettled([
        rescheduleJob(db, alice, { jobId: job.id, ...seen, when: new Date(now.getTime() + 7_200_000), reason: "alice moves it" }),
        cancelJob(db, bob, { jobId: job.id, ...seen, reason: "bob cancels it" }, now),
      ]);
      const applied = results.filter((r) => r.status === "fulfilled").length;
      const refusals = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
      expect(applied, `round ${round}`).toBe(1);
      expect(refusals.every((e) => isDulyError(e) && e.code === "STALE_RECORD")).toBe(true);
      expect(await db.auditEntry.count({ where: { recordId: job.id.toString() } })).toBe(1);
    }
  });
});

describe("a bulk shift while a tick claims the same jobs", () => {
  it("never both moves and runs a job: every job is either claimed or shifted (with one audit entry), none lost", async () => {
    const { db } = database;
    const ids: bigint[] = [];
    for (let i = 0; i < 60; i++) ids.push((await schedule(db, countJob, { runAt: new Date(now.getTime() - 60_000 + i), payload: {} })).id);
    const preview = await previewBulk(db, alice, { target: { kind: "ids", ids }, change: { kind: "shift", offsetMs: 86_400_000 }, reason: "push a day" }, now);
    const operation = await startBulk(db, alice, preview.id, now);
    const [claimed] = await Promise.all([
      claim(db, catalogue, { now, tickId: "racing-tick", limit: 30 }),
      (async () => {
        let progress = await continueBulk(db, operation, now, 10);
        while (progress.status === "running") progress = await continueBulk(db, operation, now, 10);
        return progress;
      })(),
    ]);
    const claimedIds = new Set(claimed.map((j) => j.id.toString()));
    const audited = new Set((await db.auditEntry.findMany({ where: { batchId: operation } })).map((a) => a.recordId));
    const rows = await db.scheduledJob.findMany({ where: { id: { in: ids } } });
    for (const row of rows) {
      const id = row.id.toString();
      expect(claimedIds.has(id) && audited.has(id), `job ${id} both claimed and shifted`).toBe(false);
      if (audited.has(id)) expect(row.runAt.getTime()).toBeGreaterThan(now.getTime());
      else expect(claimedIds.has(id) || row.status === "pending", `job ${id}`).toBe(true);
    }
    const progress = (await db.bulkOperation.findUniqueOrThrow({ where: { id: operation } }));
    expect(progress.changed).toBe(audited.size);
    expect(progress.changed + claimedIds.size).toBeLessThanOrEqual(60);
  });
});
