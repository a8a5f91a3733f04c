// A forged pause of a job type that does not exist ("demo.pnig", or any name a client posts) is
// refused and writes nothing: no pause row (listed as "paused" on the job types page), no
// audit entry. A type the deployment defines can be paused before it has any jobs.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob } from "../../fixtures/test-jobs.ts";
import { isDulyError } from "../../../lib/errors.ts";
import { pauseJobType } from "../../../lib/operations/job-types.ts";

const database = useTestDatabase();
const actor = { id: "hostile-operator", email: "hostile@duly.test" };

beforeEach(async () => {
  await createEffectTables(database.db);
  await emptyTables(database.db, ["scheduled_jobs", "job_runs", "job_type_pauses", "audit_entries"]);
});

describe("pausing a job type", () => {
  it("refuses a type that neither the deployment defines nor any job has, writing nothing", async () => {
    const error = await pauseJobType(database.db, actor, { jobType: "demo.pnig", reason: "typo in a forged post" }, [countJob.name]).catch((e: unknown) => e);
    expect(isDulyError(error) && error.message).toContain("no job type named demo.pnig");
    expect(await database.db.jobTypePause.count()).toBe(0);
    expect(await database.db.auditEntry.count()).toBe(0);
  });

  it("pauses a defined type even before it has jobs", async () => {
    await pauseJobType(database.db, actor, { jobType: countJob.name, reason: "incident" }, [countJob.name]);
    expect(await database.db.jobTypePause.count()).toBe(1);
    expect(await database.db.auditEntry.count()).toBe(1);
  });
});
