// Hostile: a handler that sends a transaction-control statement through its client (a raw
// ROLLBACK or COMMIT, e.g. from a helper written for autocommit code). The bound client turns
// Prisma's own BEGIN/COMMIT/ROLLBACK into savepoints only on the nested-transaction path
// (lib/db/transaction-bound-client.ts, savepointFor); a raw statement goes straight to the
// group's connection and ends the group's transaction under the engine. With ROLLBACK as the
// group's last job, the engine carries on in autocommit mode: it marks the group's earlier jobs
// succeeded although their writes were rolled back (effects lost), with nothing in the summary.
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables } from "../../fixtures/test-jobs.ts";
import { createCatalogue, defineJob, schedule, tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2027-04-01T09:00:00Z");

const job = defineJob({
  name: "test.txcontrol",
  payload: z.object({ statement: z.enum(["ROLLBACK", "COMMIT"]).nullable() }),
  retry: { maxAttempts: 1, backoffBaseMs: 1000, backoffMaxMs: 1000 },
  handler: async ({ tx, payload, job }) => {
    await tx.$executeRaw`INSERT INTO test_executions (job_id, attempt, pid) VALUES (${job.id}, ${job.attempt}, 0)`;
    if (payload.statement) await tx.$executeRawUnsafe(payload.statement);
  },
});
const catalogue = createCatalogue([job]);

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "test_executions"]);
});

describe("a handler that sends ROLLBACK through its client, last in its group", () => {
  it("no job is marked succeeded without its effect", async () => {
    const { db } = database;
    await db.$transaction(async (tx) => {
      for (let i = 0; i < 4; i++) await schedule(tx, job, { runAt: new Date(now.getTime() + i), payload: { statement: i === 3 ? "ROLLBACK" : null } });
    });
    await tick({ db, catalogue, now: new Date(now.getTime() + 10), budgetMs: 10_000, concurrency: 1, groupWindowMs: 60_000 });
    const rows = await db.$queryRaw<Array<{ id: bigint; status: string; effects: bigint }>>`
      SELECT j.id, j.status::text AS status, (SELECT count(*) FROM test_executions e WHERE e.job_id = j.id) AS effects
      FROM scheduled_jobs j ORDER BY j.id`;
    const succeededWithoutEffect = rows.filter((r) => r.status === "succeeded" && r.effects === 0n).length;
    console.log(JSON.stringify(rows, (_, v) => (typeof v === "bigint" ? Number(v) : v)));
    expect(succeededWithoutEffect).toBe(0);
  });
});
