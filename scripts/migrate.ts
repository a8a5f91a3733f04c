// `npm run db:migrate`: creates the database named by DATABASE_URL if it is missing, then applies
// pending migrations (lib/db/migrate.ts explains how and why not `prisma migrate deploy`).
import { ensureDatabase, migrate, MigrationError, redactUrl } from "../lib/db/migrate.ts";

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("DATABASE_URL is not set, e.g. DATABASE_URL=postgresql://postgres@127.0.0.1:5432/duly");
    process.exit(2);
  }
  if (await ensureDatabase(url)) console.log(`Created database ${redactUrl(url)}.`);
  const applied = await migrate(url, { log: (message) => console.log(message) });
  console.log(`${applied.length} migration(s) applied to ${redactUrl(url)}.`);
}

main().catch((error: unknown) => {
  if (error instanceof MigrationError) console.error(`Migration refused (${error.code}): ${error.message}`);
  else console.error(error);
  process.exit(1);
});
