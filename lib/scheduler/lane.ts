// A lane: one connection a tick holds while it claims and runs jobs. Every statement of a lane
// (claim, group transactions, recording failures, housekeeping) runs on its own connection, so
// no engine path waits for a second connection while holding one (a pool of N can run N
// lanes), and nothing is claimed that has no connection to run on.
//
// A connection can die under the lane (pg_terminate_backend, a restarted server or pooler, a
// dropped network). pg emits 'error' on a checked-out client; without a listener that is an
// unhandled 'error' event that exits the process. The lane listens, remembers the error, and
// the statement in flight fails normally; the lane then replaces the connection.
import type pg from "pg";
import { DulyError, ErrorCode } from "../errors.ts";

export class Lane {
  #connection: pg.PoolClient | null;
  #broken: Error | null = null;
  readonly #onError = (error: Error) => {
    this.#broken = error;
  };

  private constructor(
    private readonly pool: pg.Pool,
    connection: pg.PoolClient,
  ) {
    this.#connection = connection;
    connection.on("error", this.#onError);
  }

  /** Checks out a connection. Throws DulyError(DATABASE_UNAVAILABLE) with the cause. */
  static async open(pool: pg.Pool): Promise<Lane> {
    return new Lane(pool, await checkOut(pool));
  }

  get connection(): pg.PoolClient {
    if (!this.#connection) throw new Error("this lane has been closed");
    return this.#connection;
  }

  /** The error that broke the connection, if one did. */
  get broken(): Error | null {
    return this.#broken;
  }

  /**
   * Throws the connection away (its transaction, if any, dies with it on the server) and
   * checks out a fresh one. Throws DulyError(DATABASE_UNAVAILABLE) if none can be had; the lane
   * is then closed.
   */
  async replace(reason: Error): Promise<void> {
    this.#drop(reason);
    this.#connection = await checkOut(this.pool);
    this.#broken = null;
    this.#connection.on("error", this.#onError);
  }

  /** Returns the connection to the pool (destroying it if it is broken or its state unknown). */
  close(destroy?: Error): void {
    this.#drop(destroy ?? this.#broken ?? undefined);
  }

  #drop(destroy: Error | undefined): void {
    const connection = this.#connection;
    if (!connection) return;
    this.#connection = null;
    connection.removeListener("error", this.#onError);
    // A late 'error' on a destroyed socket must still find a listener.
    if (destroy) connection.on("error", () => {});
    connection.release(destroy ?? undefined);
  }
}

async function checkOut(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    throw new DulyError(ErrorCode.DatabaseUnavailable, `could not get a database connection: ${(error as Error).message}`);
  }
}
