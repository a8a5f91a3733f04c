// Telling a lost connection from a real error, and reading again when it was only the former.
// A killed backend, a restarted server or pooler, a dropped network: the query fails, but the
// pool hands out a fresh connection next time, so a read can simply be sent again.

/** The SQLSTATE of an error, if it carries one. */
export function sqlState(error: unknown): string {
  if (typeof error !== "object" || error === null) return "";
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : "";
}

/**
 * Whether an error means the connection itself is gone: the backend was terminated (57P01),
 * the server or pooler went away (08xxx, PgBouncer's "server conn crashed?"), the socket closed.
 * Prisma wraps these; its message still names them.
 */
export function isConnectionLoss(error: unknown): boolean {
  const code = sqlState(error);
  if (code === "57P01" || code === "57P02" || code === "57P03" || code.startsWith("08")) return true;
  const text = error instanceof Error ? error.message : String(error);
  return /Connection terminated|connection error|server conn crashed|ECONNRESET|ECONNREFUSED|EPIPE|terminating connection|57P01|timeout exceeded when trying to connect/i.test(text);
}

/** Runs a read, once more if its connection was lost (reads only: a write could have committed). */
export async function readWithRetry<T>(read: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= attempts || !isConnectionLoss(error)) throw error;
    }
  }
}

/**
 * Whether an error means no connection came free in time, the pool being busy rather than the
 * database gone: pg-pool's checkout timeout (also when it ran out while a new connection was being
 * opened: a server too busy to finish the handshake in time), or Prisma's interactive transaction that could not
 * start within its `maxWait` or ran past its timeout, so nothing committed (P2028), or that could
 * not get a connection (P2024). A retry a moment later can succeed; the edge answers 503
 * SERVER_BUSY with Retry-After, never 500.
 */
export function isPoolBusy(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  const text = error instanceof Error ? error.message : String(error);
  if (code === "P2024") return true;
  // P2028 is every transaction API error; these two are time running out, not misuse.
  if (code === "P2028" && /Unable to start a transaction in the given time|cannot be executed on an expired transaction/i.test(text)) return true;
  // pg-pool's checkout timeout, or the timer running out while a new connection was opened.
  return /timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(text);
}
