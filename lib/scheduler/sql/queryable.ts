// What the engine's SQL functions need of a connection: a pool, a checked-out client or a
// transaction's client all fit, so each statement runs wherever its caller holds one.
import type pg from "pg";

export type Queryable = Pick<pg.PoolClient, "query">;
