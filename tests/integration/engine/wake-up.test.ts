// A job due now starts without waiting for the poll (issue 5, item 18): scheduling it notifies
// (pg_notify, at commit) and a staying tick listening on a session connection wakes at once.
// The tick's poll and housekeeping are set to a minute here, so only the notification can
// wake it within its budget: the job runs in this tick, or not at all.
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables, countJob, testCatalogue } from "../../fixtures/test-jobs.ts";
import { findJob, reschedule, runNow, schedule, tick } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const minute = 60_000;

async function databaseNow(): Promise<Date> {
  const [row] = await database.db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
  return row!.now;
}

/** A tick's onIdle hook, and a promise for its first call. */
function idleSignal(): { onIdle: () => void; firstIdle: Promise<void> } {
  let resolve: () => void = () => {};
  const firstIdle = new Promise<void>((r) => (resolve = r));
  return { onIdle: () => resolve(), firstIdle };
}

/** Resolves once a LISTEN session is open on the test database. */
async function listenerUp(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await database.db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'duly-listener'`;
    if (row!.n > 0n) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the staying tick never started listening");
}

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs"]);
});

describe("a staying tick listening for due jobs", () => {
  it("starts a job scheduled for now, a job moved to now and one run now, woken by notifications alone", async () => {
    const { db, directUrl } = database;
    // LISTEN needs a session: the direct URL, as DIRECT_URL in production.
    const idle = idleSignal();
    const staying = tick({
      db, catalogue: testCatalogue(), mode: "stay", budgetMs: 5_000, listenUrl: directUrl,
      pollMs: minute, listeningPollMs: minute, housekeepingEveryMs: minute, onIdle: idle.onIdle,
    });
    await listenerUp();
    await idle.firstIdle; // it has claimed what there was and sleeps: only a notification can wake it
    const later = new Date((await databaseNow()).getTime() + 30 * minute);
    const [scheduled, moved, runNowJob] = await db.$transaction(async (tx) => [
      await schedule(tx, countJob, { runAt: await databaseNow(), payload: {} }),
      await schedule(tx, countJob, { runAt: later, payload: {} }),
      await schedule(tx, countJob, { runAt: later, payload: {} }),
    ]);
    await db.$transaction(async (tx) => reschedule(tx, moved.id, await databaseNow()));
    await db.$transaction(async (tx) => runNow(tx, runNowJob.id, await databaseNow()));
    const summary = await staying;
    expect(summary).toMatchObject({ listening: true, succeeded: 3 });
    for (const job of [scheduled, moved, runNowJob]) expect(await findJob(db, job.id)).toMatchObject({ status: "succeeded" });
  });

  it("without a listener the same tick waits for its poll (the notification is what woke it)", async () => {
    const { db } = database;
    const idle = idleSignal();
    const staying = tick({
      db, catalogue: testCatalogue(), mode: "stay", budgetMs: 2_000, pollMs: minute, housekeepingEveryMs: minute,
      onIdle: idle.onIdle,
    });
    await idle.firstIdle;
    const job = await db.$transaction(async (tx) => schedule(tx, countJob, { runAt: await databaseNow(), payload: {} }));
    const summary = await staying;
    expect(summary).toMatchObject({ listening: false, claimed: 0 });
    expect(await findJob(db, job.id)).toMatchObject({ status: "pending" });
  });

  it("stops when its caller goes away (the route passes the request's signal): no more claims, no more sleeping", async () => {
    const { db } = database;
    const idle = idleSignal();
    const caller = new AbortController();
    const staying = tick({ db, catalogue: testCatalogue(), mode: "stay", budgetMs: 30_000, onIdle: idle.onIdle, signal: caller.signal });
    await idle.firstIdle;
    caller.abort();
    const summary = await staying;
    expect(summary.durationMs).toBeLessThan(10_000); // not the 30 s budget
    const job = await db.$transaction(async (tx) => schedule(tx, countJob, { runAt: await databaseNow(), payload: {} }));
    expect(await findJob(db, job.id)).toMatchObject({ status: "pending" });
  });
});
