// Hostile: a job waiting its turn behind a handler that overruns its lease loses its protection
// at the moment that handler is cut off. Its lease was written by the claim (claim + leaseMs)
// and is renewed only when a group commits; the stuck group never commits, so when the engine
// ends the stuck backend (group/run-job.ts, leaseTimedOut) the waiting jobs are
// unlocked with leases already in the past, until the lane re-holds them in a fresh transaction.
// Any other tick's housekeeping in that window takes them back as "the worker stopped": an
// attempt spent although their handler never started (with maxAttempts 1: dead, never run).
//
// The window is frozen here without timing luck: a session queues for the waiting jobs' rows
// (FOR UPDATE) behind the group's locks, gets them when the stuck backend is ended, and runs
// housekeeping, as an overlapping tick would.
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../helpers/database.ts";
import { createEffectTables } from "../../fixtures/test-jobs.ts";
import { createCatalogue, defineJob, schedule, tick } from "../../../lib/scheduler/index.ts";
import { housekeeping } from "../../../lib/scheduler/internal.ts";

const database = useTestDatabase();

let stuckStarted: () => void = () => {};
/** Either sleeps in PostgreSQL past its 1 s lease, or records its run (no unique key). */
const job = defineJob({
  name: "test.neighbour",
  payload: z.object({ stuck: z.boolean() }),
  leaseMs: 1000,
  retry: { maxAttempts: 1, backoffBaseMs: 1000, backoffMaxMs: 1000 },
  handler: async ({ tx, payload, job }) => {
    if (payload.stuck) {
      await tx.$executeRaw`SELECT 1`;
      stuckStarted();
      await tx.$queryRaw`SELECT pg_sleep(5)`;
      return;
    }
    await tx.$executeRaw`INSERT INTO test_executions (job_id, attempt, pid) VALUES (${job.id}, ${job.attempt}, 0)`;
  },
});
const catalogue = createCatalogue([job]);

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  // TRUNCATE, not emptyTables: its ACCESS EXCLUSIVE lock waits out any session the last test left holding locks here.
  await db.$executeRaw`TRUNCATE scheduled_jobs, job_runs, test_executions`;
});

describe("jobs waiting behind a handler that overruns its lease", () => {
  it("are still protected (unexpired lease) when the stuck backend is ended, and run once each", async () => {
    const { db } = database;
    const [{ now }] = await db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
    const ids: bigint[] = [];
    await db.$transaction(async (tx) => {
      for (let i = 0; i < 4; i++) ids.push((await schedule(tx, job, { runAt: new Date(now.getTime() - 1000 + i), payload: { stuck: i === 0 } })).id);
    });
    const waiting = ids.slice(1);
    const started = new Promise<void>((resolve) => (stuckStarted = resolve));

    // Real time (no `now`): leases really expire.
    const ticking = tick({ db, catalogue, budgetMs: 8_000, concurrency: 1 });
    await started;

    // Another session (an overlapping tick's housekeeping, frozen in time) queues for the
    // waiting jobs' rows behind the stuck group's locks.
    const other = new pg.Client({ connectionString: database.url, application_name: "attacker" });
    await other.connect();
    let expiredWhenUnlocked: number;
    let recovered: number;
    try {
      await other.query("BEGIN");
      await other.query("SELECT id FROM scheduled_jobs WHERE id = ANY($1::bigint[]) FOR UPDATE", [waiting]);
      const { rows } = await other.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM scheduled_jobs WHERE id = ANY($1::bigint[]) AND status = 'running' AND lease_expires_at <= clock_timestamp()",
        [waiting],
      );
      expiredWhenUnlocked = rows[0]!.n;
      const result = await housekeeping(other, { now: null, travelling: false, withLag: false, recoverLimit: 100, knownTypes: [job.name] });
      recovered = result.recovered.length;
      await other.query("COMMIT");
    } finally {
      await other.end();
    }
    const summary = await ticking;

    const [{ ran }] = await db.$queryRaw<Array<{ ran: bigint }>>`
      SELECT count(*) AS ran FROM test_executions WHERE job_id = ANY(${waiting})`;
    const statuses = await db.$queryRaw<Array<{ status: string; n: bigint }>>`
      SELECT status::text AS status, count(*) AS n FROM scheduled_jobs WHERE id = ANY(${waiting}) GROUP BY status ORDER BY status`;
    expect({
      expiredWhenUnlocked,
      recovered,
      ranOnce: Number(ran),
      statuses: statuses.map((s) => `${s.status}:${s.n}`),
      leaseLost: summary.leaseLost,
    }).toEqual({ expiredWhenUnlocked: 0, recovered: 0, ranOnce: 3, statuses: ["succeeded:3"], leaseLost: 0 });
  });
});
