// `npm run apikey:create|apikey:revoke|apikey:list`: manage /api/v1 keys in the database
// (docs/api.md): DATABASE_URL's, else the running `npm start`'s embedded one (script-database.ts).
// Exit 2 on bad usage or no database to use, 1 when the database refuses (unknown prefix,
// unknown party) or does not answer, 0 otherwise.
import { createDb } from "../lib/db/client.ts";
import { isDulyError } from "../lib/errors.ts";
import { parseSettings } from "../lib/settings.ts";
import { CliUsageError, runApiKeyCli, USAGE } from "./lib/apikey-cli.ts";
import { runScript } from "./lib/run-script.ts";
import { scriptDatabase } from "./lib/script-database.ts";

const [command, ...args] = process.argv.slice(2);

await runScript("apikey", async () => {
  const database = scriptDatabase();
  parseSettings(database.env); // a bad setting is said before anything is done
  const db = createDb(database.url, { poolSize: 1 });
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
});
