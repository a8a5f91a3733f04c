// What the engine's SQL functions need of a connection: a pool, a checked-out client or a
// transaction's client all fit, so each statement runs wherever its caller holds one. The hot
// statements are named where that is safe (lib/db/prepared-statements.ts).
import type pg from "pg";

export type Queryable = Pick<pg.PoolClient, "query">;

export { statement } from "../../db/prepared-statements.ts";

