// `npm run jobs:check`: before deploying a change to a job's payload schema, list the pending
// (and dead) jobs already in the database that the new code could not run. Exit code 1 if
// any; 0 when every payload fits. Uses DATABASE_URL, else the running `npm start`'s embedded
// database (script-database.ts).
import { createDb } from "../lib/db/client.ts";
import { parseSettings } from "../lib/settings.ts";
import { findPayloadsThatNoLongerFit } from "../lib/scheduler/index.ts";
import { countJobsInStatuses } from "../lib/scheduler/admin/index.ts";
import { catalogue } from "../jobs/index.ts";
import { runScript } from "./lib/run-script.ts";
import { scriptDatabase } from "./lib/script-database.ts";

await runScript("jobs:check", async () => {
  const database = scriptDatabase();
  parseSettings(database.env);
  const db = createDb(database.url, { poolSize: 2 });
  try {
    const misfits = await findPayloadsThatNoLongerFit(db, catalogue);
    const count = await countJobsInStatuses(db, ["pending", "dead"]);
    if (misfits.length === 0) {
      console.log(`jobs:check: all ${count} pending or dead job payloads fit the current job types.`);
    } else {
      console.log(`jobs:check: ${misfits.length} of ${count} pending or dead jobs no longer fit:`);
      for (const m of misfits) console.log(`  job ${m.id}  ${m.jobType} (payload v${m.payloadVersion}): ${m.problem}`);
      process.exitCode = 1;
    }
  } finally {
    await db.$disconnect();
  }
});
