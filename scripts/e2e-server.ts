// Playwright's web server (playwright.config.ts): the production build, served by `next start`
// against a database of its own, so e2e runs never touch the demo or another run's data.
//
//   DATABASE_URL set: a fresh database duly_e2e_<random> on that server, dropped on exit;
//   otherwise:        an embedded PostgreSQL in a temporary directory, deleted on exit.
//
// It migrates, syncs recurring schedules (no demo seed: tests create their own rows), builds
// when the build is stale (E2E_FORCE_BUILD=1 always builds), and serves on E2E_PORT (3100) with
// CRON_SECRET=e2e-secret, BETTER_AUTH_SECRET, DULY_PAYMENT_WEBHOOK_SECRET, DULY_TIME_TRAVEL=1, DULY_WEBHOOKS_ALLOW_PRIVATE=1 (receivers on loopback) and no ticker: the tests tick when they want to.
//
// DULY_TEST_PGBOUNCER=1 (scripts/test.ts's PgBouncer pass): as deployed behind a transaction-mode
// pooler. A PgBouncer in front of that server becomes the app's DATABASE_URL (and the fixtures'),
// while migrations use the direct URL, which the app gets as DIRECT_URL.
import { randomBytes } from "node:crypto";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { ensureDatabase, migrate, redactUrl } from "../lib/db/migrate.ts";
import { startEmbeddedPostgres } from "./lib/embedded-postgres.ts";
import { e2eAuthSecret, e2eCronSecret, e2ePaymentWebhookSecret, e2eStateFile, type E2eServerState } from "./lib/e2e-state.ts";
import { buildIfStale } from "./lib/next-build.ts";
import { startNextServer } from "./lib/next-server.ts";
import { pgbouncerRequested, startPgBouncer } from "./lib/pgbouncer.ts";
import { freePort } from "./lib/ports.ts";
import { createShutdown } from "./lib/shutdown.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.E2E_PORT ?? 3100);

const log = (line: string) => console.log(`[e2e-server] ${line}`);

async function dropDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = "/postgres";
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    // FORCE ends the sessions Next and the fixtures may still hold (PostgreSQL 13+).
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const shutdown = createShutdown({ log, onSignalDone: () => process.exit(0) });
  try {
    let databaseUrl: string;
    if (process.env.DATABASE_URL) {
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/duly_e2e_${randomBytes(4).toString("hex")}`;
      databaseUrl = url.toString();
      await ensureDatabase(databaseUrl);
      shutdown.add("database", () => dropDatabase(databaseUrl));
      log(`database ${redactUrl(databaseUrl)}`);
    } else {
      const dir = await mkdtemp(path.join(os.tmpdir(), "duly-e2e-"));
      await chmod(dir, 0o755); // postgres runs as its own user and must reach its data dir
      const postgres = await startEmbeddedPostgres({
        dataDir: path.join(dir, "pgdata"),
        port: await freePort(),
        logFile: path.join(dir, "postgres.log"),
      });
      shutdown.add("postgres", async () => {
        await postgres.stop();
        await rm(dir, { recursive: true, force: true });
      });
      databaseUrl = postgres.url("duly_e2e");
      await ensureDatabase(databaseUrl);
      log(`embedded PostgreSQL on port ${postgres.port} in ${dir}`);
    }

    // The app's URL: through the pooler when asked, so every query the app makes goes through it.
    let appUrl = databaseUrl;
    if (pgbouncerRequested()) {
      const pooler = await startPgBouncer({ serverUrl: databaseUrl });
      // Registered after the database: stops before it (and after Next, registered later).
      shutdown.add("pgbouncer", () => pooler.stop());
      appUrl = pooler.pooledUrl(databaseUrl);
      log(`app reaches the database through PgBouncer (transaction mode) on port ${pooler.port}`);
    }

    // Migrations hold a session advisory lock: always the direct URL, as in production. No
    // schedule sync here: the first tick reconciles recurring_schedules with the catalogue, as
    // it does on a deployment (a test starts from an empty table through the route alone).
    await migrate(databaseUrl);

    const childEnv: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
    await buildIfStale(root, { env: childEnv, log, force: process.env.E2E_FORCE_BUILD === "1" });
    if (shutdown.requested) return;

    const baseURL = `http://localhost:${port}`;
    const serverState: E2eServerState = { databaseUrl: appUrl, directUrl: databaseUrl, baseURL, pid: process.pid };
    await mkdir(path.dirname(e2eStateFile), { recursive: true });
    await writeFile(e2eStateFile, JSON.stringify(serverState, null, 2));
    shutdown.add("state file", () => rm(e2eStateFile, { force: true }));

    const server = await startNextServer({
      root,
      port,
      env: {
        ...childEnv,
        NODE_ENV: "production",
        DATABASE_URL: appUrl,
        DIRECT_URL: databaseUrl,
        CRON_SECRET: e2eCronSecret,
        BETTER_AUTH_SECRET: e2eAuthSecret,
        DULY_PAYMENT_WEBHOOK_SECRET: e2ePaymentWebhookSecret,
        // Plain http: cookies without the __Secure- prefix, which the fixtures set by name.
        BETTER_AUTH_URL: baseURL,
        DULY_TIME_TRAVEL: "1",
        DULY_TICKER: "0",
        // Webhook receivers in the tests listen on loopback (docs/api.md: tests and local development).
        DULY_WEBHOOKS_ALLOW_PRIVATE: "1",
      },
    });
    shutdown.add("next", () => server.stop());
    log(`serving ${server.url}`);
  } catch (error) {
    if (shutdown.requested) return;
    console.error("[e2e-server] start-up failed:", error);
    await shutdown.run();
    process.exit(1);
  }
}

await main();
