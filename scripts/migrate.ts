// `npm run db:migrate` (and `npm run vercel-build`): applies pending migrations to the database
// (lib/db/migrate.ts explains how and why not `prisma migrate deploy`), creating it first if it
// is missing.
//
// Through DIRECT_URL when set, else DATABASE_URL: the migrator holds a session advisory lock
// across its statements, which a transaction-mode pooler (the DATABASE_URL of a Vercel deploy on
// Neon or Supabase) cannot keep: its statements would land on other server connections and the
// lock would stay with one of them (docs/deploy.md).
import { ensureDatabase, migrate, MigrationError, redactUrl } from "../lib/db/migrate.ts";
import { directUrl, parseSettings, SettingsError, type Settings } from "../lib/settings.ts";

function readSettings(): Settings {
  try {
    return parseSettings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    if (!process.env.DATABASE_URL) {
      console.error("e.g. DATABASE_URL=postgresql://postgres@127.0.0.1:5432/duly (and DIRECT_URL behind a pooler)");
    }
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const settings = readSettings();
  const url = directUrl(settings);
  const log = (message: string) => console.log(message);
  log(`Migrating ${redactUrl(url)} (${settings.DIRECT_URL ? "DIRECT_URL" : "DATABASE_URL"}).`);
  let applied: string[];
  try {
    applied = await migrate(url, { log });
  } catch (error) {
    // Only a missing database is created, and only then is the server's `postgres` database
    // needed: a hosted database that exists is migrated without touching any other.
    if ((error as { code?: string }).code !== "3D000") throw error;
    if (await ensureDatabase(url)) log(`Created database ${redactUrl(url)}.`);
    applied = await migrate(url, { log });
  }
  log(`${applied.length} migration(s) applied to ${redactUrl(url)}.`);
}

main().catch((error: unknown) => {
  if (error instanceof MigrationError) console.error(`Migration refused (${error.code}): ${error.message}`);
  else console.error(error);
  process.exit(1);
});
