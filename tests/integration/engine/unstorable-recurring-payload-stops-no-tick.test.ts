// Hostile: issue 5 item 2 ("one bad schedule starves the others ... healthy schedules always
// run"). createCatalogue checks a recurring schedule's payload against its job's schema and its
// cron, but not that PostgreSQL can store it (the limits schedule() enforces: no NUL). Reconciliation, which runs
// inside the tick's FIRST housekeeping, then fails on every tick (raw 22P05), and a failed first
// housekeeping makes the tick return "unavailable" before claiming anything (tick/housekeeping.ts). One bad
// schedule declared in code stops every job of every type, and the route answers 503.
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob } from "../../fixtures/test-jobs.ts";
import { createCatalogue, defineJob, schedule, tick, type RecurringDefinition } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const now = new Date("2027-04-01T09:00:30Z");

const note = defineJob({ name: "test.note", payload: z.object({ text: z.string() }), handler: async () => {} });

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "recurring_schedules", "scheduler_state", "test_executions"]);
});

describe("a recurring schedule in code whose payload PostgreSQL cannot store", () => {
  const bad: Array<[string, RecurringDefinition]> = [
    ["a NUL character", { name: "bad-nul", cron: "* * * * *", timeZone: "UTC", jobType: note.name, payload: { text: "a\u0000b" } }],
  ];
  for (const [label, schedule_] of bad) {
    it(`(${label}) is refused when the catalogue is built, or fails alone: other work still runs`, async () => {
      const { db } = database;
      let catalogue;
      try {
        catalogue = createCatalogue([countJob, note], [schedule_]);
      } catch {
        return; // refused up front, with the code that declares it: fine
      }
      await db.$transaction((tx) => schedule(tx, countJob, { runAt: now, payload: {} }));
      const summary = await tick({ db, catalogue, now, budgetMs: 5_000 });
      console.log(JSON.stringify({ status: summary.status, claimed: summary.claimed, errors: summary.errors }));
      expect({ status: summary.status === "unavailable" ? "unavailable" : "ran", succeeded: summary.succeeded }).toEqual({ status: "ran", succeeded: 1 });
    });
  }
});
