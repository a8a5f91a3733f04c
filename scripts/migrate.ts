// `npm run db:migrate` (and `npm run vercel-build`): applies pending migrations to the database
// (lib/db/migrate.ts explains how and why not `prisma migrate deploy`), creating it first if it
// is missing.
//
// Through DIRECT_URL when set, else DATABASE_URL: the migrator holds a session advisory lock
// across its statements, which a transaction-mode pooler (the DATABASE_URL of a Vercel deploy on
// Neon or Supabase) cannot keep: its statements would land on other server connections and the
// lock would stay with one of them (docs/deploy.md). Neither set: the running `npm start`'s
// embedded database (script-database.ts), which npm start has migrated already.
import { ensureDatabase, migrate, MigrationError, redactUrl } from "../lib/db/migrate.ts";
import { parseSettings } from "../lib/settings.ts";
import { runScript } from "./lib/run-script.ts";
import { scriptDatabase } from "./lib/script-database.ts";

/** Migrates `url`, creating its database first when the server says it does not exist. */
async function migrateCreatingIfMissing(url: string, log: (message: string) => void): Promise<string[]> {
  try {
    return await migrate(url, { log });
  } catch (error) {
    // Only a missing database is created, and only then is the server's `postgres` database
    // needed: a hosted database that exists is migrated without touching any other.
    if ((error as { code?: string }).code !== "3D000") throw error;
    if (await ensureDatabase(url)) log(`Created database ${redactUrl(url)}.`);
    return migrate(url, { log });
  }
}

await runScript("db:migrate", async () => {
  const database = scriptDatabase();
  const settings = parseSettings(database.env);
  const url = database.directUrl;
  const log = (message: string) => console.log(message);
  const via = database.source === "npm start" ? "npm start's embedded database" : settings.DIRECT_URL ? "DIRECT_URL" : "DATABASE_URL";
  log(`Migrating ${redactUrl(url)} (${via}).`);
  try {
    const applied = await migrateCreatingIfMissing(url, log);
    log(`${applied.length} migration(s) applied to ${redactUrl(url)}.`);
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error;
    console.error(`Migration refused (${error.code}): ${error.message}`);
    process.exitCode = 1;
  }
});
