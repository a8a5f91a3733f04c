// Found by the quiet bench after the dashboard's pause switch landed: the claim, the housekeeping
// and the next-work probe each read job_type_pauses in a sub-select
// ("job_type <> ALL (ARRAY(SELECT job_type FROM job_type_pauses))"). The planner then expected
// almost no matching rows and, at 1M future jobs, planned the next-work probe as a parallel
// sequential scan and a sort: 0.5 s per call, which a staying tick makes every time it goes idle.
// Now the tick reads the pauses in its housekeeping and leaves paused types out of what it asks
// for. Each statement is captured as the engine sends it and EXPLAINed: none may scan the table.
import { describe, expect, it } from "vitest";
import pg from "pg";
import { useTestDatabase } from "../../helpers/database.ts";
import { testCatalogue } from "../../fixtures/test-jobs.ts";
import { pgPoolOf } from "../../../lib/db/client.ts";
import { claimDueJobs, housekeeping, millisecondsUntilNextWork } from "../../../lib/scheduler/internal.ts";

const database = useTestDatabase();

/** Records what a statement function sends instead of running it. */
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

async function plan(pool: pg.Pool, { text, values }: { text: string; values: unknown[] }): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${text}`, values);
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
}

describe("with 200,000 future jobs and a paused type", () => {
  it("the next-work probe, the claim and the housekeeping read the due index, never the whole table", async () => {
    const { db } = database;
    const catalogue = testCatalogue();
    const types = catalogue.claimableTypes(false);
    await db.$executeRaw`
      INSERT INTO scheduled_jobs (job_type, payload, run_at, max_attempts)
      SELECT ${types[0]!.jobType}, '{}'::jsonb, now() + interval '30 days' + g * interval '1 second', 3
      FROM generate_series(1, 200000) g`;
    await db.$executeRaw`INSERT INTO job_type_pauses (job_type, paused_by, reason) VALUES (${types[1]!.jobType}, 'test', 'incident')`;
    await db.$executeRaw`ANALYZE scheduled_jobs`;
    await db.$executeRaw`ANALYZE job_type_pauses`;

    const { connection, sent } = recorder();
    await millisecondsUntilNextWork(connection, new Date(), types).catch(() => {});
    await claimDueJobs(connection, { now: new Date(), leaseFrom: new Date(), tickId: "t", claimer: "t", limit: 8, types }).catch(() => {});
    await housekeeping(connection, { now: null, travelling: false, withLag: true, recoverLimit: 100, knownTypes: types.map((t) => t.jobType) }).catch(() => {});
    expect(sent).toHaveLength(3);
    for (const statement of sent) {
      const explained = await plan(pgPoolOf(db), statement);
      expect(explained, `${statement.text}\n---\n${explained}`).not.toMatch(/Seq Scan on scheduled_jobs/);
    }
  });
});
