// One type's backlog no longer delays the others (issue 13, item 6). A claim used to take due
// jobs oldest first across all types, so a job due now waited behind every older job of an
// unrelated type (a quota sweep's catch-up, an import). Now a claim shares its batch round robin
// between the types that have due work (docs/decisions/0026): each type's first due job comes
// before any type's second, and the types take turns leading when the batch is smaller than
// the number of types.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { claim } from "../../helpers/engine.ts";
import { countJob, createEffectTables, flakyJob, testCatalogue, typedJob } from "../../fixtures/test-jobs.ts";
import { tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2027-06-01T08:00:00Z");
const catalogue = testCatalogue();

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "job_type_pauses"]);
});

/** `count` pending jobs of `jobType`, due from `secondsBefore` seconds before `now`, one a millisecond later each. */
async function insertDue(jobType: string, count: number, secondsBefore: number, payload: object = {}, version = 1): Promise<bigint[]> {
  const rows = await database.db.$queryRaw<Array<{ id: bigint }>>`
    INSERT INTO scheduled_jobs (job_type, run_at, payload, payload_version)
    SELECT ${jobType}, ${now}::timestamptz - ${secondsBefore} * interval '1 second' + g * interval '1 millisecond',
           ${JSON.stringify(payload)}::jsonb, ${version}
    FROM generate_series(1, ${count}::int) g
    RETURNING id`;
  return rows.map((r) => r.id);
}

const byType = (jobs: Array<{ jobType: string }>) =>
  Object.fromEntries([...new Set(jobs.map((j) => j.jobType))].sort().map((t) => [t, jobs.filter((j) => j.jobType === t).length]));

describe("a claim with one type's backlog", () => {
  it("takes another type's due job in the same claim, and puts it ahead of the backlog's second job", async () => {
    await insertDue(countJob.name, 500, 3_600);
    const [urgent] = await insertDue(typedJob.name, 1, 1, { bookingId: 1 }, typedJob.version);

    const claimed = await claim(database.db, catalogue, { now, tickId: "fair-1", limit: 8 });
    expect(claimed).toHaveLength(8);
    expect(claimed.map((j) => j.id)).toContain(urgent);
    // Each type's first job, then the rest: the urgent job is not run after seven others.
    expect(claimed.findIndex((j) => j.id === urgent)).toBeLessThan(2);
    expect(byType(claimed)).toEqual({ [countJob.name]: 7, [typedJob.name]: 1 });
  });

  it("starts the other type's job in a tick's first claim", async () => {
    const { db } = database;
    await insertDue(countJob.name, 300, 3_600);
    const [urgent] = await insertDue(typedJob.name, 1, 1, { bookingId: 1 }, typedJob.version);

    const summary = await tick({ db, catalogue, now, budgetMs: 60_000, mode: "drain", concurrency: 1, maxClaim: 4 });
    expect(summary).toMatchObject({ claimed: 301, succeeded: 301, status: "ok" });
    // Runs are recorded by the claim, in one statement per claim: the first claim's are the four
    // lowest ids.
    const runs = await db.jobRun.findMany({ orderBy: { id: "asc" }, select: { jobId: true } });
    expect(runs.slice(0, 4).map((r) => r.jobId)).toContain(urgent);
  });

  it("shares the batch round robin between the types with due work", async () => {
    await insertDue(countJob.name, 100, 600);
    await insertDue(flakyJob.name, 100, 500);
    await insertDue(typedJob.name, 2, 1, { bookingId: 1 }, typedJob.version);

    const claimed = await claim(database.db, catalogue, { now, tickId: "fair-2", limit: 10 });
    expect(byType(claimed)).toEqual({ [countJob.name]: 4, [flakyJob.name]: 4, [typedJob.name]: 2 });
    // Within a type, oldest first.
    const counted = claimed.filter((j) => j.jobType === countJob.name).map((j) => j.runAt.getTime());
    expect(counted).toEqual([...counted].sort((a, b) => a - b));
  });

  it("lets the types take turns when the batch is smaller than the number of types", async () => {
    await insertDue(countJob.name, 50, 3_600);
    const [urgent] = await insertDue(typedJob.name, 1, 1, { bookingId: 1 }, typedJob.version);

    const first = await claim(database.db, catalogue, { now, tickId: "fair-3a", limit: 1 });
    const second = await claim(database.db, catalogue, { now, tickId: "fair-3b", limit: 1 });
    expect([...first, ...second].map((j) => j.id)).toContain(urgent);
  });
});
