// `npm run apikey:create|apikey:revoke|apikey:list`: manage /api/v1 keys in DATABASE_URL's
// database (docs/api.md). Exit 2 on bad usage, 1 when the database refuses (unknown prefix,
// unknown party), 0 otherwise.
import { createDb } from "../lib/db/client.ts";
import { isDulyError } from "../lib/errors.ts";
import { settings } from "../lib/settings.ts";
import { CliUsageError, runApiKeyCli, USAGE } from "./lib/apikey-cli.ts";

const [command, ...args] = process.argv.slice(2);
const db = createDb(settings().DATABASE_URL, { poolSize: 1 });
try {
  await runApiKeyCli(command, args, db, { out: (line) => console.log(line), info: (line) => console.error(line) }, new Date());
} catch (error) {
  if (error instanceof CliUsageError) {
    console.error(`apikey: ${error.message}\n${USAGE}`);
    process.exitCode = 2;
  } else if (isDulyError(error)) {
    console.error(`apikey: ${error.message}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await db.$disconnect();
}
