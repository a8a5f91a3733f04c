// Where a job's handler writes inside its group's transaction: a Prisma client bound to the
// lane's connection, and a savepoint of its own, opened lazily by its first query (a handler
// that decides there is nothing to do without asking the database costs no round trip). The
// same round trip tells PostgreSQL what is left of the job's lease, as statement_timeout and
// lock_timeout, so a handler stuck in a slow statement or a lock wait is stopped by the server.
import type pg from "pg";
import type { BoundClientLease } from "../../db/transaction-bound-client.ts";
import { boundClients } from "../bound-clients.ts";

/** Timeouts for the engine's own statements inside a group (holding rows, completing, committing). */
const engineStatementTimeoutMs = 30_000;
const engineLockTimeoutMs = 10_000;

/** Opens a group's transaction with the engine's timeouts, and asks which backend runs it. */
export const beginGroupSql = `BEGIN; SET LOCAL statement_timeout = ${engineStatementTimeoutMs}; SET LOCAL lock_timeout = ${engineLockTimeoutMs};
       SELECT pg_backend_pid() AS pid`;

/** The engine's timeouts again, after jobs set their own (JobScope.timeoutsChanged). */
export const restoreEngineTimeoutsSql = `SET LOCAL statement_timeout = ${engineStatementTimeoutMs}; SET LOCAL lock_timeout = ${engineLockTimeoutMs}`;

export class JobScope {
  /** The client handlers write through; undefined once released or discarded. */
  #bound: BoundClientLease | undefined;
  /** A savepoint named `job` exists in the transaction (the current job's, or an earlier one's). */
  #savepointOpen = false;
  /** The current job's savepoint, once its first query asked for it. */
  #opening: Promise<void> | undefined;
  /** performance.now() when the current job's lease ends. */
  #jobDeadline = 0;
  #timeoutsChanged = false;

  constructor(private readonly connection: pg.PoolClient) {
    this.#bound = boundClients.bind(connection, () => this.#openSavepoint());
  }

  /** The bound client, while the scope holds one. */
  get bound(): BoundClientLease | undefined {
    return this.#bound;
  }

  /** The current job's savepoint (settles when it is open), if its handler sent a query. */
  get opening(): Promise<void> | undefined {
    return this.#opening;
  }

  /** Some job set its own timeouts: the engine's must be restored before its own statements. */
  get timeoutsChanged(): boolean {
    return this.#timeoutsChanged;
  }

  /** A new job starts: its savepoint is opened by its first query, with what is left of `leaseMs`. */
  startJob(leaseMs: number): void {
    this.#opening = undefined;
    this.#jobDeadline = performance.now() + leaseMs;
  }

  /** Undoes the current job's writes, if it made any (a job that sent no query has no savepoint). */
  async rollbackJob(): Promise<void> {
    const opening = this.#opening;
    if (!opening) return;
    await opening.catch(() => {});
    if (this.#savepointOpen) await this.connection.query("ROLLBACK TO SAVEPOINT job");
  }

  /** The handlers are done: the client goes back for the next group. */
  release(): void {
    this.#bound?.release();
    this.#bound = undefined;
  }

  /** A handler was abandoned while it may still run: its client is thrown away, so a late query fails. */
  discard(): void {
    this.#bound?.discard();
    this.#bound = undefined;
  }

  #openSavepoint(): Promise<void> {
    return (this.#opening ??= (() => {
      const remainingMs = Math.max(1, Math.round(this.#jobDeadline - performance.now()));
      // The lock timeout a little shorter, so a lock wait is reported as one (not as a slow statement).
      const sql =
        `${this.#savepointOpen ? "RELEASE SAVEPOINT job; " : ""}SAVEPOINT job; ` +
        `SET LOCAL statement_timeout = ${remainingMs}; SET LOCAL lock_timeout = ${Math.max(1, remainingMs - 50)}`;
      this.#timeoutsChanged = true;
      return this.connection.query(sql).then(() => {
        this.#savepointOpen = true;
      });
    })());
  }
}
