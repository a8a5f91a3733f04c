// What every use case receives besides its input: the database (a client, or a transaction it
// joins), who acts, and the instant it acts at (a request's clock, a tick's clock, a test's).
import type { Db, Tx } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { lifecyclePolicy, type LifecyclePolicy } from "./policy.ts";

export interface UseCaseContext {
  /**
   * A client (the use case opens its own transaction) or a transaction (it joins it: a job
   * handler's, or the API's when it records an Idempotency-Key with the effect).
   */
  db: Db | Tx;
  actor: Actor;
  now: Date;
  /** The lifecycle's durations; default: this environment's (lifecyclePolicy()). */
  policy?: LifecyclePolicy;
}

export function policyOf(context: UseCaseContext): LifecyclePolicy {
  return context.policy ?? lifecyclePolicy();
}

/**
 * Thrown inside a use case when the record changed between reading it and the guarded UPDATE
 * that acts on what was read (e.g. a cancel that read "accepted" while the customer paid): the
 * work done so far in the transaction assumed the old state, so the whole transaction is retried.
 */
export class StaleRead extends Error {
  constructor(readonly record: string, readonly current: string) {
    super(`${record} changed to ${current} while this was being done`);
    this.name = "StaleRead";
  }
}

const staleReadAttempts = 4;

/**
 * Clients known to be inside a transaction already although they could open one: the engine
 * hands each job's handler a full Prisma client bound to the job's transaction (lib/db/
 * transaction-bound-client.ts). A use case joins such a client's transaction instead of opening
 * an interactive one inside it (a savepoint, and Prisma's interactive transactions cost ten
 * times more per statement). withHandler marks every handler's client.
 */
const clientsInTransaction = new WeakSet<object>();

export function markInTransaction(client: Tx): Tx {
  clientsInTransaction.add(client);
  return client;
}

/**
 * Runs `work` in a transaction: a new one on a client (retried from the start after a
 * StaleRead), the caller's on a transaction (a StaleRead becomes INVALID_STATE: the caller's
 * transaction must be retried by the caller).
 */
export async function inTransaction<T>(db: Db | Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!clientsInTransaction.has(db) && "$transaction" in db && typeof db.$transaction === "function") {
    for (let attempt = 1; ; attempt++) {
      try {
        return await (db as Db).$transaction(work, { timeout: 30_000, maxWait: 10_000 });
      } catch (error) {
        if (!(error instanceof StaleRead) || attempt >= staleReadAttempts) throw staleToState(error);
      }
    }
  }
  try {
    return await work(db as Tx);
  } catch (error) {
    throw staleToState(error);
  }
}

function staleToState(error: unknown): unknown {
  if (!(error instanceof StaleRead)) return error;
  return new DulyError(ErrorCode.InvalidState, `${error.record} changed to ${error.current} meanwhile; nothing was done, try again`);
}

/** Parses outside input; a bad one is INVALID_INPUT naming each problem, and nothing is written (the one parseInput). */
export { parseInput } from "../validation/fields.ts";

export function checkNow(now: Date): Date {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new DulyError(ErrorCode.InvalidInput, "now must be a valid instant");
  return now;
}
