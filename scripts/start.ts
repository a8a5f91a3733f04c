// `npm start`: the whole of Duly on one machine.
//
//   0. check every setting, its own and the app's as Next will see them (start-settings.ts);
//   1. a database: DATABASE_URL if set, else an embedded PostgreSQL under .data/postgres;
//   2. create the database if missing, migrate, seed demo jobs (once, and by default only into
//      the embedded database); the first tick reconciles the recurring schedules; record the
//      embedded database in .data/running.json for the other npm run scripts (running-start.ts);
//   3. `next build` when the build is missing or older than the sources, then `next start`;
//   4. a local ticker calling GET /api/cron/tick like Vercel Cron does: staying ticks of 10 s;
//   5. print where it is: the database, the demo sign-ins, the URL to open.
//
// Ctrl-C stops the ticker (at once), then Next, then Postgres. Next and Postgres run under
// watchdogs (lib/leashed-child.ts) that stop them if this process dies without doing so.
// Settings (all optional): DATABASE_URL, PORT (3000), PGPORT_EMBEDDED (54320), CRON_SECRET
// (random per run), DULY_TICK_INTERVAL_MS (10000), DULY_TICKER=0 (no ticker), DULY_SEED (demo
// jobs: embedded database only unless 1), DULY_TIME_TRAVEL (1 with the embedded database),
// DULY_DATA_DIR (.data), and the app's own (lib/settings.ts).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "../lib/db/client.ts";
import { ensureDatabase, migrate, redactUrl } from "../lib/db/migrate.ts";
import { databaseClock } from "../lib/scheduler/index.ts";
import { seedDemoData, seedDemoOperators, type DemoLogin } from "../prisma/seed.ts";
import { seedQuotaDemo } from "./lib/demo/quotas.ts";
import { demoCurlExample, ensureDemoApiKey, type DemoApiKey } from "./lib/demo/api-key.ts";
import { startEmbeddedPostgres } from "./lib/embedded-postgres.ts";
import { buildIfStale } from "./lib/next-build.ts";
import { startNextServer } from "./lib/next-server.ts";
import { isPortFree } from "./lib/ports.ts";
import { createShutdown } from "./lib/shutdown.ts";
import { recordRunningStart, runningStartFile } from "./lib/running-start.ts";
import { planStart, type StartPlan } from "./lib/start-settings.ts";
import { startTicker } from "./lib/ticker.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const log = (line: string) => console.log(`[duly] ${line}`);
const logError = (line: string) => console.error(`[duly] ${line}`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)}s`;

async function main(): Promise<void> {
  const startedAt = performance.now();
  const planned = planStart(process.env, { root });
  if (!planned.ok) {
    for (const error of planned.errors) logError(error);
    logError("nothing was started; fix the settings above and run npm start again");
    process.exit(2);
  }
  const plan = planned.plan;

  const shutdown = createShutdown({ log, onSignalDone: () => process.exit(0) });
  const abortIfStopping = () => {
    if (shutdown.requested) throw new StartupInterrupted();
  };
  // Paths inside the checkout are shown relative to it, as a developer would type them.
  const relativeToRoot = (file: string) => (file.startsWith(`${root}${path.sep}`) ? path.relative(root, file) : file);

  // A part that dies on its own (PostgreSQL killed by the OOM killer, Next crashing) leaves Duly
  // headless: every tick and page would fail until someone noticed. Stop everything instead,
  // saying which part died and how, with a non-zero exit.
  const stopIfItDies = (part: string, exited: Promise<string>) => {
    void exited.then((how) => {
      if (shutdown.requested) return;
      logError(`${part} stopped unexpectedly (${how}); stopping Duly. Start it again with npm start.`);
      void shutdown.run().then(() => process.exit(1));
    });
  };

  try {
    if (!(await isPortFree(plan.port))) throw new Error(`port ${plan.port} is in use; set PORT to another one`);

    // 1. The database.
    if (plan.embedded) {
      const t = performance.now();
      const postgres = await startEmbeddedPostgres(plan.embedded);
      shutdown.add("postgres", () => postgres.stop());
      stopIfItDies("PostgreSQL", postgres.exited());
      log(
        `embedded PostgreSQL on 127.0.0.1:${postgres.port}, pid ${postgres.pid} (${postgres.initialised ? "new cluster in" : "data in"} ${relativeToRoot(plan.embedded.dataDir)}, log in ${relativeToRoot(plan.embedded.logFile)}), ready in ${seconds(t)}`,
      );
    } else {
      log(`using DATABASE_URL ${redactUrl(plan.databaseUrl)}`);
    }
    abortIfStopping();

    // 2. Schema and demo data.
    // The migrator holds a session advisory lock: never through a transaction pooler.
    if (await ensureDatabase(plan.directUrl)) log(`created database ${new URL(plan.directUrl).pathname.slice(1)}`);
    const applied = await migrate(plan.directUrl, { log: (line) => log(`migrate: ${line}`) });
    log(`${applied.length} migration(s) applied`);
    const db = createDb(plan.databaseUrl, { poolSize: 2 });
    // The demo's API key: only into the embedded demo database, never one given by DATABASE_URL.
    let demoKey: DemoApiKey | undefined;
    let demoLogins: DemoLogin[] = [];
    try {
      const now = (await databaseClock(db))();
      if (plan.seed.wanted) {
        const { created, marketplace } = await seedDemoData(db, now);
        log(created > 0 ? `seeded ${created} demo job(s) (${plan.seed.why})` : `demo jobs were seeded before (${plan.seed.why})`);
        if (marketplace) {
          log(`seeded the marketplace: ${marketplace.chefs} chefs, ${marketplace.customers} customers, ${marketplace.bookings} bookings (a month of history, events over the next 90 days)`);
        }
        const quotas = await seedQuotaDemo(db, now);
        log(quotas.created > 0 ? `seeded ${quotas.created} demo quota account(s)` : "demo quota accounts were seeded before");
        // Demo sign-ins only on the embedded database: a real one gets its first operator from
        // `npm run operator:create`, never from a start-up default.
        if (plan.embedded) demoLogins = await seedDemoOperators(db);
      } else {
        log(`no demo data (${plan.seed.why})`);
      }
      if (plan.embedded && plan.seed.wanted) {
        await mkdir(plan.dataDir, { recursive: true });
        demoKey = await ensureDemoApiKey(db, plan.dataDir);
      }
    } finally {
      await db.$disconnect();
    }
    if (plan.embedded) {
      // From here on `npm run apikey:create` and the other scripts find this database with no
      // DATABASE_URL (scripts/lib/script-database.ts); removed again before PostgreSQL stops.
      await mkdir(plan.dataDir, { recursive: true });
      const appUrl = `http://localhost:${plan.port}`;
      const forget = await recordRunningStart(plan.dataDir, { pid: process.pid, appUrl, databaseUrl: plan.databaseUrl, startedAt: new Date().toISOString() });
      shutdown.add(`the record in ${relativeToRoot(runningStartFile(plan.dataDir))}`, forget);
    }
    abortIfStopping();

    // 3. Build if needed, then serve.
    const t = performance.now();
    const build = await buildIfStale(root, { env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, log });
    if (build === "built") log(`built in ${seconds(t)}`);
    else log("production build is up to date (.next/BUILD_ID is newer than the sources)");
    abortIfStopping();

    if (plan.generatedCronSecret) {
      // Kept out of the log; written where a developer can read it to call the route by hand.
      const secretFile = path.join(plan.dataDir, "cron-secret");
      await mkdir(plan.dataDir, { recursive: true });
      await writeFile(secretFile, `${plan.generatedCronSecret}\n`, { mode: 0o600 });
      log(`CRON_SECRET generated for this run (${plan.generatedCronSecret.slice(0, 4)}…, full value in ${relativeToRoot(secretFile)})`);
    }
    const server = await startNextServer({ root, port: plan.port, env: plan.nextEnv });
    shutdown.add("next", () => server.stop());
    stopIfItDies("Next", server.exited());
    abortIfStopping();
    if (demoKey) {
      const exampleDb = createDb(plan.databaseUrl, { poolSize: 1 });
      try {
        log(`demo API key (${demoKey.created ? "created" : "kept"} in ${relativeToRoot(demoKey.file)}; reference at ${server.url}/api/v1/docs):`);
        log(`  ${demoKey.token}`);
        log(`  try: ${await demoCurlExample(exampleDb, server.url, demoKey.token)}`);
      } finally {
        await exampleDb.$disconnect();
      }
    }

    // 4. The local cron.
    if (plan.ticker) {
      // Each call stays for one interval and the next follows at once, so jobs start within
      // about a second of their run_at locally too (the same staying tick Vercel Cron gets).
      const tickPath = `/api/cron/tick?mode=stay&budgetMs=${plan.ticker.intervalMs}`;
      const ticker = startTicker({
        tickUrl: `${server.url}${tickPath}`,
        secret: plan.cronSecret,
        intervalMs: plan.ticker.intervalMs,
        log,
        logError,
      });
      shutdown.add("ticker", () => ticker.stop());
      log(`ticker: GET ${tickPath}, back to back; logs ticks that ran something (DULY_TICKER=0 turns it off)`);
    } else {
      log("ticker off (DULY_TICKER=0)");
    }

    // 5. Where it is, last, so it is what the terminal shows.
    const running = `next start pid ${server.pid}; started in ${seconds(startedAt)}; Ctrl-C to stop`;
    printWhereItIs({ log, url: server.url, running, plan, demoLogins, shownFile: relativeToRoot });
  } catch (error) {
    // Interrupted by Ctrl-C (a build killed by it lands here too): the signal handler is stopping things.
    if (error instanceof StartupInterrupted || shutdown.requested) return;
    logError(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    await shutdown.run();
    process.exit(1);
  }
}

class StartupInterrupted extends Error {}

interface WhereItIs {
  log: (line: string) => void;
  url: string;
  /** The process and how to stop it, for the last line. */
  running: string;
  plan: StartPlan;
  demoLogins: DemoLogin[];
  shownFile: (file: string) => string;
}

/**
 * The lines a newcomer needs, printed together at the end: which database, how to sign in, and
 * the one URL to open. The root URL: signed out it leads to the sign-in page, and after signing
 * in to the overview, the dashboard's home, with its navigation.
 */
function printWhereItIs({ log, url, running, plan, demoLogins, shownFile }: WhereItIs): void {
  if (plan.app.DULY_TIME_TRAVEL === "1") log("time travel is on: the agenda and the cron route accept ?now=");
  if (plan.embedded) {
    log(
      `database: embedded PostgreSQL ${redactUrl(plan.databaseUrl)} (password postgres); npm run apikey:create, operator:create, jobs:check and db:migrate use it while this runs (${shownFile(runningStartFile(plan.dataDir))})`,
    );
  } else {
    log(`database: DATABASE_URL ${redactUrl(plan.databaseUrl)}`);
  }
  for (const login of demoLogins) log(`demo ${login.role}: ${login.email} / ${login.password} (new password every start)`);
  if (demoLogins.length === 0) log('no demo sign-ins on this database: npm run operator:create -- --email you@example.com --name "Your Name" makes one');
  log(`Duly is running at ${url} (open it and sign in; ${running})`);
}

await main();
