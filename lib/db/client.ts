// The Prisma client over the pg driver adapter: no native query engine is needed.
// The adapter is given a pg.Pool we create, so the scheduler's hot path can use the same pool
// directly (see pgPoolOf and docs/decisions/0003-engine-hot-path-on-pg.md).
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, Prisma } from "./generated/client.ts";

export { Prisma };
export type Db = PrismaClient;
/** The client handed to code running inside a transaction: business writes go through it. */
export type Tx = Prisma.TransactionClient;
/** Either a client or a transaction: read-only queries accept both. */
export type DbOrTx = Db | Tx;

export interface CreateDbOptions {
  /** Connections in the pool. The tick runs jobs concurrently up to this many. */
  poolSize?: number;
}

// The pool rides on the client under a registered symbol, not in a module-level map: Next
// bundles a module once per route, and the client is shared through globalThis (getDb), so a
// map in one bundle's copy of this module would not know a client made by another's.
const poolKey = Symbol.for("duly.pgPool");
type WithPool = { [poolKey]?: pg.Pool };

export function createDb(connectionString: string, options: CreateDbOptions = {}): Db {
  const pool = new pg.Pool({ connectionString, max: options.poolSize ?? 10 });
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  (db as WithPool)[poolKey] = pool;
  return db;
}

/** The pg pool under a client made by createDb. */
export function pgPoolOf(db: Db): pg.Pool {
  const pool = (db as WithPool)[poolKey];
  if (!pool) throw new Error("pgPoolOf: this client was not made by createDb");
  return pool;
}

export function databaseUrlFromEnv(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (npm start sets it for the embedded database)");
  return url;
}

// One client per process. Next's dev server reloads modules, so the instance is parked on
// globalThis to avoid opening a new pool on every reload.
const globalForDb = globalThis as unknown as { dulyDb?: Db };

export function getDb(): Db {
  globalForDb.dulyDb ??= createDb(databaseUrlFromEnv());
  return globalForDb.dulyDb;
}
