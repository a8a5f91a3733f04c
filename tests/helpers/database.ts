// A fresh, migrated database per test file, copied from the run's template
// (tests/setup/global-database.ts). Usage:
//
//   let database: TestDatabase;
//   beforeAll(async () => { database = await createTestDatabase(); });
//   afterAll(() => database.drop());
//
// or `const database = useTestDatabase();` which registers both hooks.
// `database.url` is a plain connection string: hand it to child processes under test. In the
// PgBouncer pass (DULY_TEST_PGBOUNCER=1) it goes through a transaction-mode pooler, as the app's
// DATABASE_URL does in production; `database.directUrl` is always a direct connection. Use
// directUrl only where a test inherently needs a session (it holds a session advisory lock,
// LISTENs, or inspects or kills a specific backend), with a comment saying which.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { createDb, type Db } from "../../lib/db/client.ts";
import { urlForDatabase, withClient, type TestDatabaseServer } from "../setup/global-database.ts";
import { startCostProbe } from "./database-cost.ts";

export interface TestDatabase {
  /** Connection string of this file's database (through PgBouncer in the PgBouncer pass). */
  url: string;
  /** A direct (session) connection string to the same database. */
  directUrl: string;
  /** Name of the database (also the last path segment of `url`). */
  name: string;
  /** A Prisma client connected to it. */
  db: Db;
  /** Disconnects `db`, ends every other session on the database and drops it. Idempotent. */
  drop(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  /** Connections in the Prisma client's pool (default 10, as createDb). */
  poolSize?: number;
}

export function testDatabaseServer(): TestDatabaseServer {
  const server = inject("testDatabaseServer");
  if (!server) {
    throw new Error(
      "No test database server: database tests must run in the vitest `integration` project " +
        "(tests/integration/**), whose globalSetup starts it.",
    );
  }
  return server;
}

export interface BareDatabase {
  /** Through PgBouncer in the PgBouncer pass, like TestDatabase.url. */
  url: string;
  /** Always direct. */
  directUrl: string;
  name: string;
  /** Ends every session on the database and drops it. Idempotent. */
  drop(): Promise<void>;
}

/** Creates a database of this run by copying `template`; opens no client on it. */
async function copyDatabase(template: string): Promise<BareDatabase> {
  const server = testDatabaseServer();
  const name = `${server.runPrefix}_${randomBytes(5).toString("hex")}`;
  await withClient(server.adminUrl, async (client) => {
    const sql = `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`;
    // 55006 "source database is being accessed by other users": nobody may connect to the
    // templates used here, but a session that just disconnected may linger a moment. Retry.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(sql);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "55006" || attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  });
  let dropped = false;
  // DULY_TEST_DB_COST: what this file cost the server, recorded at drop (tests/helpers/database-cost.ts).
  const costProbe = startCostProbe(name);
  const directUrl = urlForDatabase(server.adminUrl, name);
  return {
    url: server.pooledAdminUrl ? urlForDatabase(server.pooledAdminUrl, name) : directUrl,
    directUrl,
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await costProbe?.record(server.adminUrl);
      await withClient(server.adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
      );
    },
  };
}

/** A database with no tables at all (a copy of template0), for tests of the migrator itself. */
export async function createUnmigratedDatabase(): Promise<BareDatabase> {
  return copyDatabase("template0");
}

/** A fresh database copied from the migrated template, with a Prisma client. */
export async function createTestDatabase(options: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  const database = await copyDatabase(testDatabaseServer().templateDatabase);
  // Named statements on direct connections, as production's "auto" does; never through the pooler.
  // Transactions without options of their own get hang detectors, not Prisma's 2 s wait and 5 s
  // expiry: no test may fail because the machine is busy (a setup transaction took 5.1 s at load 20).
  const db = createDb(database.url, {
    poolSize: options.poolSize,
    preparedStatements: database.url === database.directUrl,
    transactionOptions: { maxWait: 60_000, timeout: 120_000 },
  });
  return {
    url: database.url,
    directUrl: database.directUrl,
    name: database.name,
    db,
    async drop() {
      // The pool closes only once every connection is back: a transaction or client someone
      // leaked would hang here until the hook timed out. Wait a while, drop the database anyway
      // (FORCE ends those sessions), then say what went wrong.
      const closed = await settlesWithin(db.$disconnect(), DISCONNECT_TIMEOUT_MS);
      await database.drop();
      if (!closed) {
        throw new Error(
          `drop(): the Prisma client of ${database.name} did not close within ${DISCONNECT_TIMEOUT_MS} ms: ` +
            "a connection was still checked out (an unfinished transaction, or a worker still running?)",
        );
      }
    },
  };
}

const DISCONNECT_TIMEOUT_MS = 10_000;

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Registers beforeAll/afterAll hooks that create and drop this file's database. Read its
 * properties inside tests or hooks (they are set once beforeAll has run).
 */
export function useTestDatabase(options: CreateTestDatabaseOptions = {}): TestDatabase {
  let database: TestDatabase | undefined;
  const current = (): TestDatabase => {
    if (!database) throw new Error("useTestDatabase(): the database exists only once beforeAll has run");
    return database;
  };
  beforeAll(async () => {
    database = await createTestDatabase(options);
  });
  afterAll(async () => {
    await database?.drop();
  });
  return {
    get url() {
      return current().url;
    },
    get directUrl() {
      return current().directUrl;
    },
    get name() {
      return current().name;
    },
    get db() {
      return current().db;
    },
    drop: () => current().drop(),
  };
}
