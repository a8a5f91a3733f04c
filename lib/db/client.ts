// The Prisma client over the pg driver adapter: no native query engine is needed.
// The adapter is given a pg.Pool we create, so the scheduler's hot path can use the same pool
// directly (see pgPoolOf and docs/decisions/0003-engine-hot-path-on-pg.md).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, Prisma } from "./generated/client.ts";
import { preparedStatementsEnabled, settings } from "../settings.ts";
import { usePreparedStatements } from "./prepared-statements.ts";

export { Prisma };
export type Db = PrismaClient;
/** The client handed to code running inside a transaction: business writes go through it. */
export type Tx = Prisma.TransactionClient;
/** Either a client or a transaction: read-only queries accept both. */
export type DbOrTx = Db | Tx;

export interface CreateDbOptions {
  /** Connections in the pool. A tick runs at most this many lanes. */
  poolSize?: number;
  /** How long a checkout waits for a free connection before failing (ms). */
  connectionTimeoutMs?: number;
  /**
   * Defaults for `$transaction(callback)` calls that pass none (Prisma's own: wait 2 s for a
   * connection, expire after 5 s). The test harness raises them into hang detectors: on two
   * loaded cores a test's setup transaction took 5.1 s and expired.
   */
  transactionOptions?: { maxWait?: number; timeout?: number };
  /** Shown in pg_stat_activity, so an operator can tell Duly's sessions apart. */
  applicationName?: string;
  /**
   * Name the engine's hot statements so each connection keeps their plans. Only on a direct
   * connection: behind a transaction-mode pooler a statement prepared in one transaction may be
   * gone in the next (docs/decisions/0003).
   */
  preparedStatements?: boolean;
}

/**
 * Every session of the pool runs in UTC, whatever the server's or database's default. Prisma's
 * driver adapter sends DateTime values as UTC wall-clock text without an offset, which
 * PostgreSQL reads in the session's TimeZone: on a database set to Asia/Tokyo a job due in two
 * hours was stored as due seven hours ago. TimeZone goes in the startup packet (not `SET`, not
 * `options`), which PgBouncer accepts and keeps per client.
 */
class UtcSessionClient extends pg.Client {
  getStartupConf(): Record<string, string> {
    const base = (pg.Client.prototype as unknown as { getStartupConf(this: pg.Client): Record<string, string> }).getStartupConf.call(this);
    return { ...base, TimeZone: "UTC" };
  }
}

// The pool rides on the client under a registered symbol, not in a module-level map: Next
// bundles a module once per route, and the client is shared through globalThis (getDb), so a
// map in one bundle's copy of this module would not know a client made by another's.
const poolKey = Symbol.for("duly.pgPool");
type WithPool = { [poolKey]?: pg.Pool };

export function createDb(connectionString: string, options: CreateDbOptions = {}): Db {
  const pool = new pg.Pool({
    Client: UtcSessionClient as unknown as typeof pg.Client,
    connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 10_000,
    application_name: options.applicationName ?? "duly",
  });
  // An idle connection that dies (pg_terminate_backend, a server or pooler restart) emits
  // 'error' on the pool; without a listener that event would exit the process. pg has already
  // removed the dead client; the next checkout opens a fresh one.
  pool.on("error", (error) => console.error(`[duly] an idle database connection failed: ${error.message}`));
  // Checked-out connections get listeners from whoever holds them, but not all holders keep one
  // for as long as a late 'error' can arrive (pg-pool's own query() listens with `once`; a
  // backend killed while a client changes hands emits after it). Every connection keeps this
  // one for life; the failure itself reaches the caller through the query that fails.
  pool.on("connect", (client) => client.on("error", () => {}));
  if (options.preparedStatements) usePreparedStatements(pool);
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }), transactionOptions: options.transactionOptions });
  (db as WithPool)[poolKey] = pool;
  // Prisma disposes the pool only if it ever connected; a process that only used the pool
  // directly (a tick) would linger for the pool's idle timeout. $disconnect ends it either way.
  const disconnect = db.$disconnect.bind(db);
  Object.defineProperty(db, "$disconnect", {
    value: async () => {
      await disconnect();
      if (!pool.ended) await pool.end();
    },
  });
  return db;
}

/** The pg pool under a client made by createDb. */
export function pgPoolOf(db: Db): pg.Pool {
  const pool = (db as WithPool)[poolKey];
  if (!pool) throw new Error("pgPoolOf: this client was not made by createDb");
  return pool;
}

// Two clients per process, each with its own pool: the app's (requests, pages, actions) and the
// engine's (the cron tick). A pool shared by both let a saturated API take every connection: the
// tick could not get one and answered 503 while deadlines ran late (docs/decisions/0025). Next's
// dev server reloads modules and bundles them per route, so the instances are parked on globalThis.
const globalForDb = globalThis as unknown as { dulyDb?: Db; dulyEngineDb?: Db };

/** The app's client: API requests, pages and dashboard actions (DULY_POOL_SIZE connections). */
export function getDb(): Db {
  globalForDb.dulyDb ??= createDb(settings().DATABASE_URL, {
    poolSize: settings().DULY_POOL_SIZE,
    preparedStatements: preparedStatementsEnabled(),
  });
  return globalForDb.dulyDb;
}

/**
 * The engine's client, for the cron tick alone (DULY_ENGINE_POOL_SIZE connections, shown as
 * `duly-engine` in pg_stat_activity). Job handlers write through the tick's own connections, so
 * nothing the tick runs needs the app's pool.
 */
export function getEngineDb(): Db {
  globalForDb.dulyEngineDb ??= createDb(settings().DATABASE_URL, {
    poolSize: settings().DULY_ENGINE_POOL_SIZE,
    applicationName: "duly-engine",
    preparedStatements: preparedStatementsEnabled(),
  });
  return globalForDb.dulyEngineDb;
}
