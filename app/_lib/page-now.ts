// The page's "now": the database's clock, read once per render, against which every relative
// time on the page ("in 3 h", "2 min ago") is written. The database's, not this process's, so a
// page agrees with the engine that decides what is due (and tests set it, never today's date).
import type { Db } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";

export function pageNow(db: Db): Promise<Date> {
  return readWithRetry(async () => (await databaseClock(db))());
}
