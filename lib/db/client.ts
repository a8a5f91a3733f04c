// The Prisma client over the pg driver adapter: no native query engine is needed.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, Prisma } from "./generated/client.ts";

export { Prisma };
export type Db = PrismaClient;
/** The client handed to code running inside `db.$transaction(async (tx) => ...)`. */
export type Tx = Prisma.TransactionClient;
/** Either a client or a transaction: read-only queries accept both. */
export type DbOrTx = Db | Tx;

export interface CreateDbOptions {
  /** Connections in the pool. The tick runs jobs concurrently up to this many. */
  poolSize?: number;
}

export function createDb(connectionString: string, options: CreateDbOptions = {}): Db {
  const adapter = new PrismaPg({ connectionString, max: options.poolSize ?? 10 });
  return new PrismaClient({ adapter });
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
