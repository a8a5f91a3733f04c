// One clock per tick. In production it is the database's clock: read once at the start of the
// tick and carried forward by this process's monotonic timer, so every "is it due?" question
// in the tick is asked against the same time source as now() in SQL. Tests and time travel
// pass an instant instead, and the clock runs forward from it.
import { pgPoolOf, type Db } from "../db/client.ts";

export type Clock = () => Date;

export function clockStartingAt(start: Date): Clock {
  const origin = performance.now();
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
