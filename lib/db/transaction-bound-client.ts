// A Prisma client whose every query runs on one pg connection that the caller has already put
// inside a transaction (BEGIN). The scheduler runs each job's handler with one of these, so
// the handler's writes and the job's completion share a transaction, without paying for
// Prisma's interactive transactions (1.7 ms per statement against 0.16 ms on pg; measured in
// docs/decisions/0003-engine-hot-path-on-pg.md).
//
// Prisma starts a transaction of its own for some writes (nested creates); inside ours that
// becomes a savepoint, so its COMMIT cannot end the job's transaction early.
//
// Each piece of work bound to the client (one job's handler) runs in its own async scope
// (AsyncLocalStorage). A query that arrives from another scope, such as a query a handler
// started without awaiting and that fires after the handler returned, is refused with an
// error that says so, instead of running inside the next job's transaction.
import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client.ts";
import type { Tx } from "./client.ts";

type Query = (...args: unknown[]) => Promise<unknown>;

/** The scope a query was issued in: one per bound piece of work. */
const workScope = new AsyncLocalStorage<symbol>();

export class ClientNotBoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ClientNotBoundError";
  }
}

interface PinnedPool {
  /** A real pg.Pool (the adapter checks instanceof) whose query and connect are redirected. */
  pool: pg.Pool;
  pin(client: pg.PoolClient, beforeQuery?: () => Promise<void>): void;
  unpin(): void;
  /** Queries from scopes other than this one are refused (undefined: any scope). */
  setScope(scope: symbol | undefined): void;
  /** The first error a query of the current scope failed with (cleared by setScope). */
  firstError(): unknown;
}

/** A pg.Pool that sends every query to the connection currently pinned to it. */
function createPinnedPool(): PinnedPool {
  const pool = new pg.Pool({ max: 1 }); // never opens a connection of its own
  let pinned: pg.PoolClient | null = null;
  let beforeQuery: (() => Promise<void>) | undefined;
  let scope: symbol | undefined;
  let firstError: unknown;
  const remember = (error: unknown): never => {
    firstError ??= error;
    throw error;
  };
  const current = (): pg.PoolClient => {
    // A handler that outlived its transaction (timed out) must not write in autocommit mode.
    if (!pinned) throw new ClientNotBoundError("this transaction has ended; the job's handler can no longer write");
    const caller = workScope.getStore();
    if (scope !== undefined && caller !== undefined && caller !== scope) {
      throw new ClientNotBoundError(
        "a query from a job whose handler already returned arrived during another job: await every query in a handler " +
          "(an un-awaited query would otherwise run in someone else's transaction)",
      );
    }
    return pinned;
  };
  const savepointFor = (sql: string): string | null => {
    const statement = sql.trim().toUpperCase();
    if (statement === "BEGIN") return "SAVEPOINT prisma_nested";
    if (statement === "COMMIT") return "RELEASE SAVEPOINT prisma_nested";
    if (statement === "ROLLBACK") return "ROLLBACK TO SAVEPOINT prisma_nested";
    return null;
  };
  Object.assign(pool, {
    query: async (...args: unknown[]) => {
      const client = current();
      await beforeQuery?.();
      return (client.query as Query)(...args).catch(remember);
    },
    // Prisma's own transactions (nested writes) become savepoints of the job's transaction.
    connect: async () => {
      const client = current();
      await beforeQuery?.();
      const nested = {
        query: (config: unknown, ...rest: unknown[]) => {
          current();
          const sql = typeof config === "string" ? config : ((config as { text?: string }).text ?? "");
          const replacement = savepointFor(sql);
          return (replacement ? client.query(replacement) : (client.query as Query)(config, ...rest)).catch(remember);
        },
        release: () => {},
        on: () => nested,
        removeListener: () => nested,
      };
      return nested;
    },
  });
  return {
    pool,
    pin: (client, hook) => {
      pinned = client;
      beforeQuery = hook;
    },
    unpin: () => {
      pinned = null;
      beforeQuery = undefined;
      scope = undefined;
    },
    setScope: (next) => {
      scope = next;
      firstError = undefined;
    },
    firstError: () => firstError,
  };
}

export interface BoundClientLease {
  /** The Prisma client bound to the connection, typed as a transaction client. */
  tx: Tx;
  /**
   * Runs `work` as the only caller the client serves: queries from any earlier work (say, one
   * its handler forgot to await) are refused until the next call.
   */
  runScoped<T>(work: () => Promise<T>): Promise<T>;
  /** The first error one of the current work's queries failed with, caught or not. */
  firstQueryError(): unknown;
  /** The work is over: the client goes back to the free list for the next job. */
  release(): void;
  /**
   * The work was abandoned while it may still be running (a timeout): the client is unbound
   * and thrown away, so a late query fails instead of landing in another job's transaction.
   */
  discard(): void;
}

export interface BoundClients {
  /**
   * A Prisma client bound to `connection`, which must already be inside BEGIN. `beforeQuery`
   * runs (awaited) before each of the client's queries: the engine opens a job's savepoint
   * there, so a job that sends no query costs no round trip.
   */
  bind(connection: pg.PoolClient, beforeQuery?: () => Promise<void>): BoundClientLease;
}

/**
 * Creating a PrismaClient costs milliseconds, so bound clients are made once and reused: the
 * free list grows to the largest concurrency used and stays.
 */
export function createBoundClients(): BoundClients {
  const free: Array<{ pinned: PinnedPool; prisma: PrismaClient }> = [];
  return {
    bind(connection, beforeQuery) {
      const slot =
        free.pop() ??
        (() => {
          const pinned = createPinnedPool();
          return { pinned, prisma: new PrismaClient({ adapter: new PrismaPg(pinned.pool) }) };
        })();
      slot.pinned.pin(connection, beforeQuery);
      let done = false;
      return {
        tx: slot.prisma as unknown as Tx,
        runScoped(work) {
          const scope = Symbol("bound work");
          slot.pinned.setScope(scope);
          return workScope.run(scope, work);
        },
        firstQueryError: () => slot.pinned.firstError(),
        release() {
          if (done) return;
          done = true;
          slot.pinned.unpin();
          free.push(slot);
        },
        discard() {
          if (done) return;
          done = true;
          slot.pinned.unpin();
        },
      };
    },
  };
}
