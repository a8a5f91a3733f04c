// Hostile: what a handler throws must stay that handler's problem. A handler that throws a value
// the engine cannot describe or store (undefined, null, an object without a prototype, an Error
// whose message holds a NUL byte) must fail alone; its group neighbours, whose handlers
// succeeded, must succeed, and no job may be left `running` after the tick.
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables } from "../../fixtures/test-jobs.ts";
import { createCatalogue, defineJob, schedule, tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2027-04-01T09:00:00Z");

const throwers: Record<string, () => unknown> = {
  undefined: () => undefined,
  null: () => null,
  "a prototype-less object": () => Object.create(null),
  "an Error whose message holds a NUL byte": () => new Error("upstream answered \u0000\u0001 garbage"),
};

/** Inserts a row (no unique constraint: a double run shows), then throws what its payload says. */
const job = defineJob({
  name: "test.thrower",
  payload: z.object({ throwKind: z.string().nullable() }),
  retry: { maxAttempts: 1, backoffBaseMs: 1000, backoffMaxMs: 1000 },
  handler: async ({ tx, payload, job }) => {
    await tx.$executeRaw`INSERT INTO test_executions (job_id, attempt, pid) VALUES (${job.id}, ${job.attempt}, 0)`;
    if (payload.throwKind !== null) throw throwers[payload.throwKind]!();
  },
});
const catalogue = createCatalogue([job]);

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "test_executions"]);
});

describe("a handler that throws a value the engine cannot describe or store", () => {
  for (const kind of Object.keys(throwers)) {
    it(`throwing ${kind} fails only that job; its 5 neighbours succeed and nothing stays running`, async () => {
      const { db } = database;
      const ids: bigint[] = [];
      await db.$transaction(async (tx) => {
        for (let i = 0; i < 6; i++) {
          ids.push((await schedule(tx, job, { runAt: now, payload: { throwKind: i === 2 ? kind : null } })).id);
        }
      });
      // One group for all six (a long window), so the outcome does not depend on how fast handlers are.
      const summary = await tick({ db, catalogue, now, budgetMs: 10_000, concurrency: 1, groupWindowMs: 60_000 });
      const rows = await db.$queryRaw<Array<{ id: bigint; status: string }>>`
        SELECT id, status::text AS status FROM scheduled_jobs ORDER BY id`;
      const byStatus = (s: string) => rows.filter((r) => r.status === s).map((r) => r.id);
      // Expected: the thrower dead (maxAttempts 1), the other five succeeded, nothing running.
      expect({ succeeded: byStatus("succeeded"), dead: byStatus("dead"), running: byStatus("running"), errors: summary.errors }).toEqual({
        succeeded: ids.filter((_, i) => i !== 2),
        dead: [ids[2]],
        running: [],
        errors: [],
      });
    });
  }
});
