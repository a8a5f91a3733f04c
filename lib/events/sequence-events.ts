// Giving committed events their position: the order GET /api/v1/events pages by (decision 0028).
//
// An event's id comes from a sequence when it is inserted, so ids commit out of order: a reader
// that had passed id 12 would never see id 11 committed a moment later. Positions are given
// after commit instead, by one sequencer at a time (a transaction-scoped advisory lock), to the
// committed events that have none, in id order, each after every position given before. So
// once a reader has seen position p, every event committed later gets a position above p, and a
// cursor never skips one. Per object the order is the order of its changes: a change to a
// record waits for the previous change's transaction (its row lock) and inserts its event after
// that one committed, so it cannot be positioned first.
import type { Db } from "../db/client.ts";

/** The advisory lock's key: class "DULE" (as 0026's "DULT"), object 1. */
const lockClass = 1146441029;

/** Positions up to `batch` unpositioned committed events; returns how many it positioned. */
export async function sequenceEvents(db: Db, batch = 10_000): Promise<number> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${lockClass}::int, 1)`;
    // A new statement: its snapshot is taken after the lock, so it sees the previous sequencer's positions.
    return tx.$executeRaw`
      WITH todo AS (
        SELECT id, row_number() OVER (ORDER BY id) AS n FROM events WHERE position IS NULL ORDER BY id LIMIT ${batch}
      ), top AS (SELECT coalesce(max(position), 0) AS p FROM events)
      UPDATE events SET position = top.p + todo.n FROM todo, top WHERE events.id = todo.id`;
  });
}
