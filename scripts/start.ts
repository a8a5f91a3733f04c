// `npm start`: the whole of Duly on one machine.
//
//   1. a database: DATABASE_URL if set, else an embedded PostgreSQL under .data/postgres;
//   2. create the database if missing, migrate, sync recurring schedules, seed demo jobs (once);
//   3. `next build` when the build is missing or older than the sources, then `next start`;
//   4. a local ticker calling GET /api/cron/tick like Vercel Cron does: staying ticks of 10 s.
//
// Ctrl-C stops the ticker, then Next, then Postgres. Settings (all optional):
//   DATABASE_URL, PORT (3000), PGPORT_EMBEDDED (54320), CRON_SECRET (random per run),
//   DULY_TICK_INTERVAL_MS (10000), DULY_TICKER=0 (no ticker), DULY_SEED=0 (no demo jobs),
//   DULY_TIME_TRAVEL (1 with the embedded database: ?now= is accepted).
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { createDb } from "../lib/db/client.ts";
import { ensureDatabase, migrate, redactUrl } from "../lib/db/migrate.ts";
import { databaseClock } from "../lib/scheduler/index.ts";
import { seedDemoData } from "../prisma/seed.ts";
import { startEmbeddedPostgres } from "./lib/embedded-postgres.ts";
import { buildIfStale } from "./lib/next-build.ts";
import { startNextServer } from "./lib/next-server.ts";
import { isPortFree } from "./lib/ports.ts";
import { createShutdown } from "./lib/shutdown.ts";
import { startTicker } from "./lib/ticker.ts";
import { describeIssues } from "../lib/validation/describe-issues.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const port = z.coerce.number().int().min(1).max(65_535);
const flag = z.enum(["0", "1"]);
const settingsSchema = z.object({
  DATABASE_URL: z.string().optional(),
  /** Migrations go through it when DATABASE_URL is a transaction pooler (docs/deploy.md). */
  DIRECT_URL: z.string().optional(),
  PORT: port.default(3000),
  PGPORT_EMBEDDED: port.default(54_320),
  CRON_SECRET: z.string().optional(),
  DULY_TICK_INTERVAL_MS: z.coerce.number().int().min(100).default(10_000),
  DULY_TICKER: flag.default("1"),
  DULY_SEED: flag.default("1"),
  DULY_TIME_TRAVEL: flag.optional(),
});

const log = (line: string) => console.log(`[duly] ${line}`);
const logError = (line: string) => console.error(`[duly] ${line}`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)}s`;

async function main(): Promise<void> {
  const startedAt = performance.now();
  // Empty variables count as unset.
  const env = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    logError(`bad settings: ${describeIssues(parsed.error)}`);
    process.exit(2);
  }
  const settings = parsed.data;

  const shutdown = createShutdown({ log, onSignalDone: () => process.exit(0) });
  const abortIfStopping = () => {
    if (shutdown.requested) throw new StartupInterrupted();
  };

  try {
    if (!(await isPortFree(settings.PORT))) throw new Error(`port ${settings.PORT} is in use; set PORT to another one`);

    // 1. The database.
    let databaseUrl = settings.DATABASE_URL;
    let timeTravel = settings.DULY_TIME_TRAVEL;
    if (!databaseUrl) {
      const t = performance.now();
      const dataDir = path.join(root, ".data", "postgres");
      const postgres = await startEmbeddedPostgres({
        dataDir,
        port: settings.PGPORT_EMBEDDED,
        logFile: path.join(root, ".data", "postgres.log"),
      });
      shutdown.add("postgres", () => postgres.stop());
      databaseUrl = postgres.url("duly");
      timeTravel ??= "1"; // a local demo may look at the agenda as of any instant
      log(`embedded PostgreSQL on 127.0.0.1:${postgres.port} (${postgres.initialised ? "new cluster in" : "data in"} .data/postgres, log in .data/postgres.log), ready in ${seconds(t)}`);
    } else {
      log(`using DATABASE_URL ${redactUrl(databaseUrl)}`);
    }
    abortIfStopping();

    // 2. Schema, recurring schedules, demo data.
    // The migrator holds a session advisory lock: never through a transaction pooler.
    const migrationUrl = settings.DATABASE_URL ? (settings.DIRECT_URL ?? databaseUrl) : databaseUrl;
    if (await ensureDatabase(migrationUrl)) log(`created database ${new URL(migrationUrl).pathname.slice(1)}`);
    const applied = await migrate(migrationUrl, { log: (line) => log(`migrate: ${line}`) });
    log(`${applied.length} migration(s) applied`);
    const db = createDb(databaseUrl, { poolSize: 2 });
    try {
      const now = (await databaseClock(db))();
      if (settings.DULY_SEED === "1") {
        const { created } = await seedDemoData(db, now);
        if (created > 0) log(`seeded ${created} demo job(s)`);
      }
    } finally {
      await db.$disconnect();
    }
    abortIfStopping();

    // 3. Build if needed, then serve.
    const childEnv: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
    const t = performance.now();
    const build = await buildIfStale(root, { env: childEnv, log });
    if (build === "built") log(`built in ${seconds(t)}`);
    else log("production build is up to date (.next/BUILD_ID is newer than the sources)");
    abortIfStopping();

    let cronSecret = settings.CRON_SECRET;
    if (!cronSecret) {
      cronSecret = randomBytes(24).toString("base64url");
      // Kept out of the log; written where a developer can read it to call the route by hand.
      await mkdir(path.join(root, ".data"), { recursive: true });
      await writeFile(path.join(root, ".data", "cron-secret"), `${cronSecret}\n`, { mode: 0o600 });
      log(`CRON_SECRET generated for this run (${cronSecret.slice(0, 4)}…, full value in .data/cron-secret)`);
    }
    const server = await startNextServer({
      root,
      port: settings.PORT,
      env: {
        ...childEnv,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        DIRECT_URL: migrationUrl,
        CRON_SECRET: cronSecret,
        DULY_TIME_TRAVEL: timeTravel ?? "0",
      },
    });
    shutdown.add("next", () => server.stop());
    abortIfStopping();
    log(`Duly is running at ${server.url}/agenda (started in ${seconds(startedAt)}; Ctrl-C to stop)`);

    // 4. The local cron.
    if (settings.DULY_TICKER === "1") {
      // Each call stays for one interval and the next follows at once, so jobs start within
      // about a second of their run_at locally too (the same staying tick Vercel Cron gets).
      const tickPath = `/api/cron/tick?mode=stay&budgetMs=${settings.DULY_TICK_INTERVAL_MS}`;
      const ticker = startTicker({
        tickUrl: `${server.url}${tickPath}`,
        secret: cronSecret,
        intervalMs: settings.DULY_TICK_INTERVAL_MS,
        log,
        logError,
      });
      shutdown.add("ticker", () => ticker.stop());
      log(`ticker: GET ${tickPath}, back to back (DULY_TICKER=0 to turn off)`);
    } else {
      log("ticker off (DULY_TICKER=0)");
    }
  } catch (error) {
    // Interrupted by Ctrl-C (a build killed by it lands here too): the signal handler is stopping things.
    if (error instanceof StartupInterrupted || shutdown.requested) return;
    logError(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    await shutdown.run();
    process.exit(1);
  }
}

class StartupInterrupted extends Error {}

await main();
