// Reaching a database backend from outside the pool: what enforces a lease on a handler stuck
// in a statement or a lock wait (decision 0005).
import pg from "pg";

/**
 * Cancels a backend's statement, or ends the backend, from a connection of its own, outside the
 * pool (whose connections the lanes may all hold). pg_terminate_backend(pid, timeout) waits
 * until the backend has exited, so its row locks are gone when this returns. Behind a
 * transaction pooler the pid read inside the transaction is the server backend serving it, the
 * one to signal.
 */
export async function signalBackend(pool: pg.Pool, pid: number, signal: "cancel" | "terminate"): Promise<void> {
  const { connectionString, host, port, user, password, database, ssl } = (pool as unknown as { options: pg.ClientConfig }).options;
  const client = new pg.Client({
    connectionString, host, port, user, password, database, ssl,
    application_name: "duly-lease-enforcer",
    connectionTimeoutMillis: 3_000,
  });
  client.on("error", () => {}); // a failure surfaces through connect/query below
  try {
    await client.connect();
    await client.query(signal === "cancel" ? "SELECT pg_cancel_backend($1)" : "SELECT pg_terminate_backend($1, 3000)", [pid]);
  } finally {
    await client.end().catch(() => {});
  }
}
