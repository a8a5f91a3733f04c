// The database's clock, read on a client or inside a transaction: the one clock a request's use
// case acts by (docs/invariants.md, "One clock"). The web server's own clock may be minutes off
// the database's (an unsynchronised host, a container's clock); deadlines computed from it were
// then minutes late and stamps lay in the future of every tick that judged them.
//
// clock_timestamp(), not now(): inside a transaction now() is the transaction's start, which
// can be seconds before the use case acts (the transaction waited for a duplicate
// Idempotency-Key's first request, or in Prisma's queue for a connection). In a one-statement
// SELECT, statement_timestamp() would say the same to the microsecond; clock_timestamp() is what
// the tick's housekeeping reads too (lib/scheduler/sql/housekeeping.ts), so every `now` in Duly
// comes from the same function.
import type { DbOrTx } from "./client.ts";

export async function databaseNow(db: DbOrTx): Promise<Date> {
  const [row] = await db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
  return row!.now;
}
