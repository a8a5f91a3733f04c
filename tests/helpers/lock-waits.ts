// Deterministic interleavings in race tests: a transaction holds a row, the work under test is
// started, and the test goes on once that work is seen waiting for the holder's lock.
//
// Waited for by events, never by a count of polls: on a loaded machine the work may take many
// seconds to reach its lock (its route authenticates the key, takes a connection, plans its
// first query), and a bound of 400 polls of 25 ms decided a test by the machine's load. The wait
// ends when the work waits for the holder, or when the work or the holder settles first (the
// holder's transaction timeout bounds it).
import type { Db, Tx } from "../../lib/db/client.ts";

/** The server process (pg_backend_pid) of the connection running `tx`: whom a waiting session is blocked by. */
export async function backendPid(tx: Tx): Promise<number> {
  const [row] = await tx.$queryRaw<Array<{ pid: number }>>`SELECT pg_backend_pid() AS pid`;
  return row!.pid;
}

/** Sessions of this database waiting for a lock `holderPid` holds (pg_blocking_pids: row locks are waited for as the holder's transaction id). */
async function sessionsBlockedBy(db: Db, holderPid: number): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock' AND ${holderPid}::int = ANY(pg_blocking_pids(pid))`;
  return row!.n;
}

export type BlockedOrSettled = { blocked: true } | { blocked: false; settled: "work" | "holder"; outcome: PromiseSettledResult<unknown> };

/**
 * Polls until a session waits for a lock `holderPid` holds ({ blocked: true }), or until `work`
 * or `holder` settles first (which one, and how). Nothing but those ends the wait.
 */
export async function blockedOrSettled(db: Db, holderPid: number, work: Promise<unknown>, holder: Promise<unknown>): Promise<BlockedOrSettled> {
  const settledAs = (promise: Promise<unknown>, which: "work" | "holder") =>
    promise.then(
      (value): BlockedOrSettled => ({ blocked: false, settled: which, outcome: { status: "fulfilled", value } }),
      (reason: unknown): BlockedOrSettled => ({ blocked: false, settled: which, outcome: { status: "rejected", reason } }),
    );
  const first = Promise.race([settledAs(work, "work"), settledAs(holder, "holder")]);
  for (;;) {
    if ((await sessionsBlockedBy(db, holderPid)) > 0) return { blocked: true };
    const pause = new Promise<null>((resolve) => setTimeout(() => resolve(null), 25));
    const settled = await Promise.race([first, pause]);
    if (settled) return settled;
  }
}

/** As blockedOrSettled, but anything other than the wait is an error that says what happened instead. */
export async function untilBlockedBy(db: Db, holderPid: number, work: Promise<unknown>, holder: Promise<unknown>): Promise<void> {
  const seen = await blockedOrSettled(db, holderPid, work, holder);
  if (seen.blocked) return;
  const what = seen.outcome.status === "fulfilled" ? `ended with ${describe(seen.outcome.value)}` : `failed: ${describe(seen.outcome.reason)}`;
  throw new Error(`the ${seen.settled === "work" ? "work under test" : "lock holder"} ${what}, before the work waited for the holder's lock`);
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v instanceof Headers ? undefined : v));
  } catch {
    return String(value);
  }
}
