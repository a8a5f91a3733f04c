// A paused type's backlog costs the other types nothing (issue 13, item 5). Its due jobs are
// never claimed and are not the tick's lag (an incident pause of two hours used to be reported
// as two hours of lag), and the statements that look for work read none of its rows: they used
// to walk the due jobs in run_at order and throw away every paused row older than the work they
// wanted (100,000 paused jobs made each claim 39 ms instead of 1.8 ms).
//
// Cost is checked as the pages of scheduled_jobs and its indexes each statement's scans touch
// (EXPLAIN's buffer counts), not as time: a count that does not depend on how busy the machine is.
import { beforeEach, describe, expect, it } from "vitest";
import pg from "pg";
import { useTestDatabase } from "../../helpers/database.ts";
import { countJob, createEffectTables, testCatalogue, typedJob } from "../../fixtures/test-jobs.ts";
import { pgPoolOf } from "../../../lib/db/client.ts";
import { tick } from "../../../lib/scheduler/index.ts";
import { claimDueJobs, housekeeping, millisecondsUntilNextWork } from "../../../lib/scheduler/internal.ts";

const database = useTestDatabase();
const now = new Date("2027-05-10T12:00:00Z");
const catalogue = testCatalogue();
const minutesBefore = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  // TRUNCATE, not emptyTables: tests here fill 100,000 jobs, which DELETE would remove row by row.
  await db.$executeRaw`TRUNCATE scheduled_jobs, job_runs, job_type_pauses`;
});

/** `count` pending jobs of `jobType`, due from `from` on, one a millisecond. */
async function insertDue(jobType: string, count: number, from: Date, payload: object = {}, version = 1): Promise<void> {
  await database.db.$executeRaw`
    INSERT INTO scheduled_jobs (job_type, run_at, payload, payload_version)
    SELECT ${jobType}, ${from}::timestamptz + g * interval '1 millisecond', ${JSON.stringify(payload)}::jsonb, ${version}
    FROM generate_series(1, ${count}::int) g`;
}

async function pause(jobType: string): Promise<void> {
  await database.db.$executeRaw`INSERT INTO job_type_pauses (job_type, paused_by, reason) VALUES (${jobType}, 'test', 'incident')`;
}

describe("a paused type's due backlog", () => {
  it("is never claimed, and the tick's lag counts only the work it can run", async () => {
    const { db } = database;
    await insertDue(countJob.name, 2_000, minutesBefore(120));
    await insertDue(typedJob.name, 3, minutesBefore(1), { bookingId: 1 }, typedJob.version);
    await pause(countJob.name);

    const summary = await tick({ db, catalogue, now, budgetMs: 30_000, mode: "drain" });
    expect(summary).toMatchObject({ claimed: 3, succeeded: 3, status: "ok" });
    // The oldest runnable job was due a minute (and a millisecond) before the tick's instant.
    expect(summary.lagMs).toBe(60_000 - 1);

    const paused = await db.$queryRaw<Array<{ status: string; attempts: number; n: bigint }>>`
      SELECT status::text, attempts, count(*) AS n FROM scheduled_jobs WHERE job_type = ${countJob.name} GROUP BY 1, 2`;
    expect(paused).toEqual([{ status: "pending", attempts: 0, n: 2_000n }]);
    expect(await db.jobRun.count({ where: { job: { jobType: countJob.name } } })).toBe(0);
  });

  it("with nothing else due, is no lag: the tick reports 0", async () => {
    const { db } = database;
    await insertDue(countJob.name, 500, minutesBefore(120));
    await pause(countJob.name);
    const summary = await tick({ db, catalogue, now, budgetMs: 5_000, mode: "drain" });
    expect(summary).toMatchObject({ claimed: 0, lagMs: 0, status: "ok" });
  });

  it("adds no page to what the claim, the next-work probe and the housekeeping read", async () => {
    // Work the statements do find: due jobs of one type and future jobs of another.
    await insertDue(typedJob.name, 200, minutesBefore(1), { bookingId: 1 }, typedJob.version);
    await insertDue(countJob.name, 5_000, new Date(now.getTime() + 86_400_000));
    const without = await pagesScannedByEachStatement();

    // 20,000 due jobs of a third type, older than everything above, then paused.
    await insertDue(stormType, 20_000, minutesBefore(120));
    await pause(stormType);
    const withBacklog = await pagesScannedByEachStatement();

    for (const name of Object.keys(without) as Array<keyof typeof without>) {
      // The statements used to read the paused backlog (about a hundred pages more). A lookup of a
      // type's range may descend one more index level now that the index holds 20,000 more rows.
      expect(withBacklog[name], `${name}: ${without[name]} pages without the backlog, ${withBacklog[name]} with it`).toBeLessThanOrEqual(without[name] + 10);
    }
  });
});

const stormType = "test.storm";

/** Each statement as the engine sends it, with the paused types left out as the tick does. */
async function pagesScannedByEachStatement(): Promise<{ claim: number; nextWork: number; housekeeping: number }> {
  const pool = pgPoolOf(database.db);
  // No dead row versions left by an earlier measurement (its rolled-back claim) to step over.
  await pool.query("VACUUM ANALYZE scheduled_jobs");
  const { rows } = await pool.query<{ job_type: string }>("SELECT job_type FROM job_type_pauses");
  const paused = new Set(rows.map((r) => r.job_type));
  const types = catalogue.claimableTypes(false).filter((t) => !paused.has(t.jobType));
  const { connection, sent } = recorder();
  await claimDueJobs(connection, { now, leaseFrom: now, tickId: "t", claimer: "t", limit: 8, types });
  await millisecondsUntilNextWork(connection, now, types);
  // (It reads its answer's first row, which the recorder does not have.)
  await housekeeping(connection, {
    now, travelling: false, withLag: true, recoverLimit: 100, knownTypes: catalogue.all().map((d) => d.name), claimable: catalogue.claimableTypes(false),
  }).catch(() => {});
  const [claim, nextWork, housekeepingStatement] = sent;
  return {
    claim: await pagesScanned(pool, claim!),
    nextWork: await pagesScanned(pool, nextWork!),
    housekeeping: await pagesScanned(pool, housekeepingStatement!),
  };
}

/** Records what a statement function sends instead of running it (it answers with no rows). */
function recorder(): { connection: Pick<pg.PoolClient, "query">; sent: Array<{ text: string; values: unknown[] }> } {
  const sent: Array<{ text: string; values: unknown[] }> = [];
  const connection = {
    query: async (config: pg.QueryConfig) => {
      sent.push({ text: config.text, values: config.values ?? [] });
      return { rows: [], rowCount: 0 };
    },
  } as unknown as Pick<pg.PoolClient, "query">;
  return { connection, sent };
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Shared Hit Blocks": number;
  "Shared Read Blocks": number;
  Plans?: PlanNode[];
}

/**
 * Pages of scheduled_jobs and its indexes the statement's scans touched (EXPLAIN (ANALYZE,
 * BUFFERS), in a transaction rolled back), but not the primary key's: the claim's lookups by id
 * of the rows it took cannot read a backlog, and writing those rows is not looking for work.
 */
async function pagesScanned(pool: pg.Pool, { text, values }: { text: string; values: unknown[] }): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values);
    const scans = (node: PlanNode): number =>
      (node["Relation Name"] === "scheduled_jobs" && /Scan/.test(node["Node Type"]) && node["Index Name"] !== "scheduled_jobs_pkey"
        ? node["Shared Hit Blocks"] + node["Shared Read Blocks"]
        : 0) + (node.Plans ?? []).reduce((sum, child) => sum + scans(child), 0);
    return scans(rows[0]!["QUERY PLAN"][0]!.Plan);
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
}
