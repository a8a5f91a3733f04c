// Prepared statements: PostgreSQL plans an unnamed statement on every execution, and for the
// engine's CTEs planning costs more than running (an idle tick's housekeeping and claim took
// 1.1 + 0.9 ms, of which ~0.8 ms each was planning; named: 0.36 + 0.33 ms). Named statements
// keep their plan per connection, so the hot statements are named where that is safe: on
// direct connections. Behind a transaction-mode pooler a named statement prepared in one
// transaction may be missing in the next (the server connection changes), so they stay
// unnamed there (docs/decisions/0003; lib/settings.ts DULY_PREPARED_STATEMENTS).
import type pg from "pg";

const preparedKey = Symbol.for("duly.preparedStatements");
type Marked = { [preparedKey]?: boolean };

/** Lets the engine name its hot statements on connections of this pool (and the pool itself). */
export function usePreparedStatements(pool: pg.Pool): void {
  (pool as Marked)[preparedKey] = true;
  pool.on("connect", (client) => {
    (client as Marked)[preparedKey] = true;
  });
}

/** A query config that names the statement when the connection allows it. */
export function statement(connection: Pick<pg.PoolClient, "query">, name: string, text: string, values: unknown[]): pg.QueryConfig {
  return (connection as Marked)[preparedKey] ? { name, text, values } : { text, values };
}
