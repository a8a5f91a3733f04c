// Hostile: schedule() validates a payload with the job type's schema and stores the PARSED
// value as JSON (schedule-job.ts: payloadJson(parsed.data)); the claim parses the stored JSON
// with the same schema again (run-job-group.ts). Any schema whose output does not parse as its
// own input after a JSON round trip is accepted at schedule time and refused at run time, as a
// permanent failure: the job ends dead, its handler never called. Two ordinary schemas:
// z.date() (a Date becomes an ISO string) and a transform (a string stored as the array it
// became).
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables } from "../../fixtures/test-jobs.ts";
import { createCatalogue, defineJob, isDulyError, schedule, tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2027-04-01T09:00:00Z");

const record = async (tx: Parameters<Parameters<typeof defineJob>[0]["handler"]>[0]["tx"], id: bigint) => {
  await tx.$executeRaw`INSERT INTO test_executions (job_id, attempt, pid) VALUES (${id}, 1, 0)`;
};
const dated = defineJob({
  name: "test.dated",
  payload: z.object({ eventStartsAt: z.date() }),
  handler: async ({ tx, job }) => record(tx, job.id),
});
const transformed = defineJob({
  name: "test.transformed",
  payload: z.object({ emails: z.string().transform((s) => s.split(",")) }),
  handler: async ({ tx, job }) => record(tx, job.id),
});
const catalogue = createCatalogue([dated, transformed]);

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "test_executions"]);
});

describe("a payload schema whose parsed value does not survive JSON", () => {
  for (const [label, definition, payload] of [
    ["z.date()", dated, { eventStartsAt: new Date("2027-05-01T18:00:00Z") }],
    ["a transform", transformed, { emails: "a@x.test,b@x.test" }],
  ] as const) {
    it(`${label}: either refused when scheduled, or run when due`, async () => {
      const { db } = database;
      let refused = false;
      let id: bigint | undefined;
      try {
        id = (await db.$transaction((tx) => schedule(tx, definition as typeof dated, { runAt: now, payload: payload as never }))).id;
      } catch (error) {
        refused = isDulyError(error);
      }
      if (refused) return; // a clear refusal up front is fine
      await tick({ db, catalogue, now, budgetMs: 5_000 });
      const [row] = await db.$queryRaw<Array<{ status: string; last_error: string | null }>>`
        SELECT status::text AS status, last_error FROM scheduled_jobs WHERE id = ${id}`;
      expect(row).toEqual({ status: "succeeded", last_error: null });
    });
  }
});
