// Hostile round 2: the engine is only on time when the database session's TimeZone is UTC.
//
// schedule() passes `runAt` (a JS Date) to Prisma's $queryRaw; through @prisma/adapter-pg it
// arrives as a timestamp without an offset, and PostgreSQL reads such a literal in the
// session's TimeZone. On a server whose `timezone` is not UTC the stored run_at is off by the
// zone's offset (Asia/Tokyo: 9 hours early; America/New_York: 5 hours late), while every
// due/lease decision is made by the database's own clock, correctly. Reading through Prisma
// makes the same mistake backwards, so findJob() returns what was given and round-trip tests
// never see it. Where it bites:
//  - a self-hosted server initialised on a machine that is not on UTC (initdb writes the
//    machine's zone into postgresql.conf: Debian's PostgreSQL, `npm start`'s embedded cluster on
//    a developer's laptop in Berlin, the test suite's own cluster: TZ=Europe/Berlin fails 9
//    integration tests, with no fake clock);
//  - `ALTER DATABASE … SET timezone` / `ALTER ROLE … SET timezone`, a common DBA habit.
// Found by running the suite with TZ=Europe/Berlin (faketime's DST run failed 15 tests; TZ
// alone, 9), then reproduced with a UTC process against a session in Europe/Berlin: a job due
// at 22:00Z was stored as 22:00+02 and a tick at 21:30Z ran it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { createDb, pgPoolOf, type Db } from "../../../lib/db/client.ts";
import { schedule, findJob, tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();

async function inZone(zone: string, work: (db: Db) => Promise<void>): Promise<void> {
  // The database's default, as `ALTER DATABASE … SET timezone` or a non-UTC postgresql.conf gives
  // it: every new session starts in `zone`.
  const admin = new pg.Client({ connectionString: database.directUrl });
  await admin.connect();
  await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(database.name)} SET timezone = '${zone}'`);
  await admin.end();
  // A plain session starts in `zone`: the precondition holds. (Duly's own pool asks for UTC
  // sessions, which is the fix: lib/db/client.ts.)
  const plain = new pg.Client({ connectionString: database.directUrl });
  await plain.connect();
  const { rows } = await plain.query<{ zone: string }>("SELECT current_setting('TimeZone') AS zone");
  await plain.end();
  expect(rows[0]!.zone).toBe(zone);
  const db = createDb(database.directUrl, { poolSize: 2 });
  try {
    await work(db);
  } finally {
    await db.$disconnect();
    const reset = new pg.Client({ connectionString: database.directUrl });
    await reset.connect();
    await reset.query(`ALTER DATABASE ${reset.escapeIdentifier(database.name)} RESET timezone`);
    await reset.end();
  }
}

/** The database's clock, read through node-postgres (Prisma's raw read of it is off by the same offset). */
async function databaseNow(db: Db): Promise<Date> {
  const { rows } = await pgPoolOf(db).query<{ now: Date }>("SELECT clock_timestamp() AS now");
  return rows[0]!.now;
}

/** run_at as PostgreSQL holds it, read through node-postgres. */
async function storedRunAt(db: Db, id: bigint): Promise<Date> {
  const { rows } = await pgPoolOf(db).query<{ run_at: Date }>("SELECT run_at FROM scheduled_jobs WHERE id = $1", [String(id)]);
  return rows[0]!.run_at;
}

beforeAll(async () => {
  await createEffectTables(database.db);
});
afterAll(async () => {
  await emptyTables(database.db, ["scheduled_jobs", "job_runs"]);
});

describe("a database whose TimeZone is not UTC", () => {
  it("Asia/Tokyo: a job due in 2 hours is stored as due in 2 hours and is not run now", async () => {
    await inZone("Asia/Tokyo", async (db) => {
      const runAt = new Date((await databaseNow(db)).getTime() + 2 * 3_600_000);
      const job = await db.$transaction((tx) => schedule(tx, countJob, { runAt, payload: {} }));
      expect.soft((await storedRunAt(db, job.id)).toISOString(), "the instant stored in run_at").toBe(runAt.toISOString());
      const summary = await tick({ db, catalogue: testCatalogue(), mode: "drain", budgetMs: 3000 });
      expect(summary.claimed, "a tick by the database's clock ran a job due in 2 hours").toBe(0);
    });
  });

  it("America/New_York: a job due now runs now, not 5 hours later", async () => {
    await inZone("America/New_York", async (db) => {
      const runAt = new Date((await databaseNow(db)).getTime() - 1000);
      const job = await db.$transaction((tx) => schedule(tx, countJob, { runAt, payload: {} }));
      expect.soft((await storedRunAt(db, job.id)).toISOString(), "the instant stored in run_at").toBe(runAt.toISOString());
      const summary = await tick({ db, catalogue: testCatalogue(), mode: "drain", budgetMs: 3000 });
      expect(summary.claimed, "a job due a second ago was not run").toBe(1);
      expect((await findJob(db, job.id))!.status).toBe("succeeded");
    });
  });
});
