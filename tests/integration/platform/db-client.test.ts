// The client every process opens: $disconnect ends every pool it made (a tick that only used pg
// used to keep its pool open for the idle timeout, so a short-lived process lingered 10 s).
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { createDb, pgPoolOf } from "../../../lib/db/client.ts";
import { tick } from "../../../lib/scheduler/index.ts";
import { testCatalogue } from "../../fixtures/test-jobs.ts";

const database = useTestDatabase();

describe("createDb", () => {
  it("$disconnect ends the pool even when only the engine's pg path used it", async () => {
    const db = createDb(database.url, { poolSize: 2 });
    const pool = pgPoolOf(db);
    await tick({ db, catalogue: testCatalogue(), now: new Date("2027-01-01T00:00:00Z"), budgetMs: 1_000 });
    expect(pool.totalCount).toBeGreaterThan(0);
    await db.$disconnect();
    expect(pool.ended).toBe(true);
    expect(pool.totalCount).toBe(0);
  });

  it("$disconnect after Prisma itself connected ends it once, without an error", async () => {
    const db = createDb(database.url, { poolSize: 2 });
    await db.$queryRaw`SELECT 1`;
    await db.$disconnect();
    expect(pgPoolOf(db).ended).toBe(true);
  });
});
