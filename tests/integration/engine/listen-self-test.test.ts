// The staying tick's LISTEN self-test judges the listener, not the pool (issue 13, item 8). After
// LISTEN the tick sends itself a notification and waits a second to hear it, because through a
// transaction-mode pooler LISTEN "succeeds" and nothing ever arrives. The notification used to go
// out through the pool: with every other connection busy it waited for one (up to the pool's
// 10 s checkout timeout), the second ran out first, and the tick told operators to fix a
// DIRECT_URL that was right, then polled for its whole budget. Here the pool has two connections:
// the tick's first lane takes one and the test holds the other for the whole tick.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type pg from "pg";
import { createTestDatabase, type TestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, testCatalogue } from "../../fixtures/test-jobs.ts";
import { pgPoolOf } from "../../../lib/db/client.ts";
import { tick } from "../../../lib/scheduler/index.ts";
import { listeningWakeUp } from "../../../lib/scheduler/internal.ts";
import { findPgbouncer, startPgBouncer } from "../../../scripts/lib/pgbouncer.ts";

let database: TestDatabase;
const minute = 60_000;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 2 });
  await createEffectTables(database.db);
});
afterAll(() => database?.drop());
beforeEach(async () => {
  await emptyTables(database.db, ["scheduled_jobs", "job_runs"]);
});

/** Runs a short staying tick listening on `listenUrl` while the test holds the pool's other connection. */
async function tickWithBusyPool(listenUrl: string) {
  const { db } = database;
  const held: pg.PoolClient = await pgPoolOf(db).connect();
  try {
    return await tick({ db, catalogue: testCatalogue(), mode: "stay", budgetMs: 1_500, listenUrl, housekeepingEveryMs: minute });
  } finally {
    held.release();
  }
}

describe("the LISTEN self-test of a staying tick", () => {
  it("does not call a working listener deaf while the pool is busy", async () => {
    const summary = await tickWithBusyPool(database.directUrl);
    // Before: listening false, "LISTEN on this URL hears nothing (a transaction-mode pooler? set DIRECT_URL ...)".
    expect({ listening: summary.listening, errors: summary.errors }).toEqual({ listening: true, errors: [] });
  });

  it.runIf(findPgbouncer() !== undefined)("still finds a listener behind a transaction-mode PgBouncer deaf, and names the pooler", async () => {
    // A pooler of this test's own (the suite's PgBouncer pass has one too; this test runs in both).
    const pooler = await startPgBouncer({ serverUrl: database.directUrl });
    try {
      const summary = await tickWithBusyPool(pooler.pooledUrl(database.directUrl));
      expect(summary.listening).toBe(false);
      expect(summary.errors).toEqual([expect.stringMatching(/heard nothing .*transaction-mode pooler.*DIRECT_URL/)]);
    } finally {
      await pooler.stop();
    }
  });

  it("says it could not LISTEN when the listener cannot connect", async () => {
    const closed = new URL(database.directUrl);
    closed.port = "1"; // nothing listens on port 1
    const summary = await tickWithBusyPool(closed.toString());
    expect(summary.listening).toBe(false);
    expect(summary.errors).toEqual([expect.stringMatching(/^could not LISTEN on the listener's URL \(DIRECT_URL\)/)]);
  });

  it("says the self-test could not be sent, rather than blaming the URL, when sending fails", async () => {
    const errors: string[] = [];
    const wake = await listeningWakeUp(database.directUrl, (message) => errors.push(message), () => Promise.reject(new Error("connection terminated")));
    try {
      expect(wake.listening).toBe(false);
      expect(errors).toEqual([expect.stringMatching(/could not send .*connection terminated.*not judged/)]);
    } finally {
      await wake.close();
    }
  });
});
