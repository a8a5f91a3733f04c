// One clock. In production every decision the tick's SQL makes (is it due? when does a lease
// end? has it expired?) uses the database's own clock, in the statement. The tick also keeps
// a JavaScript estimate of it (read at the start of the tick, carried forward by the monotonic
// timer) for what happens in this process: the `now` handlers get, failure times, sleeps.
// Tests and time travel pass an instant instead, and the clock runs forward from it.
import { pgPoolOf, type Db } from "../db/client.ts";

export type Clock = () => Date;

/**
 * A clock that said `start` at `origin` (performance.now(); default: now). Pass the moment the
 * question was sent when `start` comes from the database: the estimate then runs ahead by at
 * most the round trip, never behind by however late the answer was processed.
 */
export function clockStartingAt(start: Date, origin = performance.now()): Clock {
  return () => new Date(start.getTime() + (performance.now() - origin));
}

/** A clock that always says `instant`: every decision of a drain tick in a test is repeatable. */
export function frozenClock(instant: Date): Clock {
  return () => new Date(instant.getTime());
}

export async function databaseClock(db: Db): Promise<Clock> {
  // On the tick's own pg pool, like the tick's other statements (docs/decisions/0003).
  const { rows } = await pgPoolOf(db).query<{ now: Date }>("SELECT clock_timestamp() AS now");
  return clockStartingAt(rows[0]!.now);
}
