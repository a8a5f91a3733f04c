// Fair claims (issue 13, items 5 and 6), measured on any engine (lib/engine-under-test.ts) so a
// baseline and this tree run interleaved.
//
// paused   N due jobs of a paused type (bench.paused, due over the 2 hours before), and 20,000
//          due jobs of another type (bench.work, due a minute ago); the catalogue also has 12
//          types with nothing due, which every claim and probe asks about (the app declares 13). Timed, on one pooled
//          connection with named statements: `claims` claims of 32 (the size a draining lane
//          takes) and `claims` next-work probes, each after 10 untimed; then the work jobs are
//          replaced by `drainJobs` fresh ones and a drain tick (concurrency 4, maxClaim 32,
//          groupWindowMs 50) is timed, with the lag its summary reports.
// backlog  B due jobs of one type (bench.backlog, no-op, due a minute ago), a staying tick as
//          deployed (pool 10, concurrency 4, LISTEN on the direct URL); after it settles, 200
//          jobs of another type (bench.urgent) are scheduled over the next 20 s, and each
//          handler notes how late it started against its instant (like the delay scenario).
//          The run ends when all have started, or `maxWaitMs` after the last was due.
import type { PoolClient } from "pg";
import { z } from "zod";
import type { Db } from "../../lib/db/client.ts";
import type { EngineUnderTest } from "../lib/engine-under-test.ts";
import { load1 } from "../lib/machine.ts";
import { delayOffsets, settleTime, sleep, type DelayPlan } from "../lib/scenario.ts";
import { checkpoint, withClient } from "../lib/server.ts";
import { explainBothWays, type Captured } from "./duly.ts";

export interface PausedPlan {
  claims: number;
  workJobs: number;
  drainJobs: number;
}

export interface PausedResult {
  engine: string;
  pausedJobs: number;
  /** Each timed claim of 32 (ms). */
  claimMs: number[];
  /** Each timed next-work probe (ms). */
  nextWorkMs: number[];
  /** The drain of `drainJobs` work jobs with the paused backlog in place. */
  drainJobs: number;
  drainMs: number;
  /** The lag the drain tick reported (its first housekeeping). */
  lagMs: number;
  load1: number;
  otherCpuBusy?: number;
  otherCpuDuring?: number;
}

export interface BacklogResult {
  engine: string;
  backlogJobs: number;
  /** Per urgent job: handler start minus its instant (ms). */
  delaysMs: number[];
  /** The engine's own record: job_runs.started_at - run_at (ms). */
  recordedMs: number[];
  /** Urgent jobs that had not started when the run ended. */
  missing: number;
  /** Backlog jobs the tick claimed during the run. */
  backlogClaimed: number;
  load1: number;
  otherCpuBusy?: number;
  otherCpuDuring?: number;
}

export interface FairClaimsExplain {
  engine: string;
  pausedJobs: number;
  claim: string;
  nextWork: string;
}

async function vacuumAnalyze(url: string): Promise<void> {
  await withClient(url, async (client) => {
    for (const table of ["scheduled_jobs", "job_runs"]) await client.query(`VACUUM ANALYZE ${table}`);
  });
}

async function insertDue(url: string, jobType: string, count: number, spreadOver: string, endingAgo: string): Promise<void> {
  if (count === 0) return;
  await withClient(url, (client) =>
    client.query(
      `INSERT INTO scheduled_jobs (job_type, run_at, payload)
       SELECT $1, now() - $4::interval - $3::interval + g * ($3::interval / $2::int), '{}'::jsonb
       FROM generate_series(1, $2::int) g`,
      [jobType, count, spreadOver, endingAgo],
    ),
  );
}

/** Job types with nothing due that every claim also asks about, as the app's 13 mostly idle ones. */
export const idleTypes = 12;

function pausedCatalogue(engine: EngineUnderTest) {
  const { defineJob, createCatalogue } = engine.scheduler;
  const noop = (name: string) => defineJob({ name, payload: z.object({}), leaseMs: 15_000, handler: async () => {} });
  const idle = Array.from({ length: idleTypes }, (_, i) => noop(`bench.idle-${String(i + 1).padStart(2, "0")}`));
  return createCatalogue([noop("bench.work"), noop("bench.paused"), ...idle], [], { builtAt: null });
}

async function timed(times: number, body: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await body();
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await body();
    ms.push(performance.now() - start);
  }
  return ms;
}

/** Statements as the engine sends them, recorded on their way to the pool. */
function recorder(db: Db, engine: EngineUnderTest) {
  const pool = engine.pgPoolOf(db);
  const sent: Captured[] = [];
  const connection = {
    query: async (config: { text: string; values?: unknown[] }) => {
      sent.push({ text: config.text, values: config.values ?? [] });
      return pool.query(config.text, config.values);
    },
  };
  return { connection: connection as never, sent };
}

export async function pausedBacklogRun(
  engine: EngineUnderTest, url: string, pausedJobs: number, plan: PausedPlan, explain: boolean,
): Promise<{ result: PausedResult; explained?: FairClaimsExplain }> {
  await engine.migrate(url);
  const catalogue = pausedCatalogue(engine);
  await insertDue(url, "bench.paused", pausedJobs, "2 hours", "1 hour");
  await insertDue(url, "bench.work", plan.workJobs, "1 second", "1 minute");
  await withClient(url, (client) => client.query("INSERT INTO job_type_pauses (job_type, paused_by, reason) VALUES ('bench.paused', 'bench', 'bench')"));
  await vacuumAnalyze(url);
  await checkpoint(url);

  const db = engine.createDb(url, { poolSize: 6, preparedStatements: true });
  try {
    // As the tick asks: the claimable types less the paused one.
    const types = catalogue.claimableTypes(false).filter((t) => t.jobType !== "bench.paused");
    const { claimDueJobs, millisecondsUntilNextWork } = engine.internal;
    const load = load1();
    const client = await engine.pgPoolOf(db).connect();
    let claimMs: number[];
    let nextWorkMs: number[];
    try {
      claimMs = await timed(plan.claims, async () => {
        const claimed = await claimDueJobs(client, { now: null, leaseFrom: null, tickId: "t_bench", claimer: "t_bench/0", limit: 32, types });
        if (claimed.length !== 32) throw new Error(`a claim took ${claimed.length} jobs, not 32`);
      });
      nextWorkMs = await timed(plan.claims, async () => {
        if ((await millisecondsUntilNextWork(client, new Date(), types)) !== 0) throw new Error("the next-work probe found nothing due");
      });
    } finally {
      client.release();
    }
    let explained: FairClaimsExplain | undefined;
    if (explain) {
      const c = recorder(db, engine);
      await claimDueJobs(c.connection, { now: null, leaseFrom: null, tickId: "t_explain", claimer: "t_explain/0", limit: 32, types });
      await millisecondsUntilNextWork(c.connection, new Date(), types);
      explained = { engine: engine.label, pausedJobs, claim: await explainBothWays(url, c.sent[0]!), nextWork: await explainBothWays(url, c.sent[1]!) };
    }

    // The drain: fresh work jobs, the paused backlog still in place.
    await withClient(url, (c) => c.query("DELETE FROM scheduled_jobs WHERE job_type = 'bench.work'"));
    await insertDue(url, "bench.work", plan.drainJobs, "1 second", "1 minute");
    await vacuumAnalyze(url);
    await checkpoint(url);
    const drainStart = performance.now();
    const summary = await engine.scheduler.tick({ db, catalogue, budgetMs: 600_000, mode: "drain", concurrency: 4, maxClaim: 32, groupWindowMs: 50 });
    const drainMs = performance.now() - drainStart;
    if (summary.succeeded !== plan.drainJobs) {
      throw new Error(`drain incomplete: ${summary.succeeded} of ${plan.drainJobs} succeeded (${summary.errors.join("; ")})`);
    }
    return {
      result: { engine: engine.label, pausedJobs, claimMs, nextWorkMs, drainJobs: plan.drainJobs, drainMs, lagMs: summary.lagMs, load1: load },
      explained,
    };
  } finally {
    await db.$disconnect();
  }
}

export interface BacklogPlan extends DelayPlan {
  /** After the last urgent job was due, wait at most this long for the rest to start. */
  maxWaitMs: number;
}

export async function otherTypesBacklogRun(engine: EngineUnderTest, url: string, backlogJobs: number, plan: BacklogPlan): Promise<BacklogResult> {
  await engine.migrate(url);
  const { defineJob, createCatalogue, scheduleMany, tick } = engine.scheduler;
  const delaysMs: number[] = [];
  let allStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (allStarted = resolve));
  const backlog = defineJob({ name: "bench.backlog", payload: z.object({}), leaseMs: 15_000, handler: async () => {} });
  // Reads the wall clock on purpose: lateness against it is what is measured (as bench.stamp).
  const urgent = defineJob({
    name: "bench.urgent",
    payload: z.object({ dueAt: z.number() }),
    leaseMs: 10_000,
    handler: async ({ payload }) => {
      delaysMs.push(Date.now() - payload.dueAt);
      if (delaysMs.length === plan.jobs) allStarted();
    },
  });
  const catalogue = createCatalogue([backlog, urgent], [], { builtAt: null });
  await insertDue(url, "bench.backlog", backlogJobs, "1 second", "1 minute");
  await vacuumAnalyze(url);
  await checkpoint(url);

  const db = engine.createDb(url, { poolSize: 10, preparedStatements: true });
  const stop = new AbortController();
  try {
    await db.$queryRaw`SELECT 1`;
    const load = load1();
    const settle = settleTime(plan);
    const budgetMs = settle + plan.lastMs + plan.maxWaitMs + 5_000;
    const ticking = tick({ db, catalogue, mode: "stay", budgetMs, listenUrl: url, signal: stop.signal });
    await sleep(settle);
    const base = Date.now();
    const inputs = delayOffsets(plan).map((offset) => ({ runAt: new Date(base + offset), payload: { dueAt: base + offset } }));
    await db.$transaction((tx) => scheduleMany(tx, urgent, inputs), { timeout: 120_000 });
    await Promise.race([started, sleep(Math.max(0, base + plan.lastMs + plan.maxWaitMs - Date.now()))]);
    stop.abort();
    const summary = await ticking;
    const unexpected = summary.errors.filter((e) => !/LISTEN/.test(e));
    if (unexpected.length > 0) throw new Error(`stay tick errors: ${unexpected.join("; ")}`);
    const recorded = await db.$queryRaw<Array<{ ms: number }>>`
      SELECT (extract(epoch FROM r.started_at - j.run_at) * 1000)::float8 AS ms
      FROM job_runs r JOIN scheduled_jobs j ON j.id = r.job_id WHERE j.job_type = 'bench.urgent'`;
    return {
      engine: engine.label,
      backlogJobs,
      delaysMs: [...delaysMs],
      recordedMs: recorded.map((r) => r.ms),
      missing: plan.jobs - delaysMs.length,
      backlogClaimed: summary.jobTypes["bench.backlog"] ?? 0,
      load1: load,
    };
  } finally {
    stop.abort();
    await db.$disconnect();
  }
}

// paused-mix  the paused scenario's claims and probes again, but with every engine and backlog
//          size prepared at once (one database each) and timed in blocks that take turns
//          (`blocks` rounds, each running `perBlock` claims and then `perBlock` probes on every
//          database, the order rotated each round): a ratio between sizes or engines then
//          compares samples from the same minutes, not runs minutes apart on a shared machine.
export interface PausedMixPlan {
  blocks: number;
  perBlock: number;
  workJobs: number;
}

export interface PausedMixResult {
  engine: string;
  pausedJobs: number;
  /** Each timed claim of 32 (ms), in the order taken. */
  claimMs: number[];
  /** Each timed next-work probe (ms). */
  nextWorkMs: number[];
  /** The 1-minute load average when each block of this database began. */
  load1: number[];
}

export async function pausedMixRun(
  engines: EngineUnderTest[], sizes: number[], plan: PausedMixPlan, database: (name: string) => Promise<string>,
): Promise<PausedMixResult[]> {
  if ((plan.blocks * plan.perBlock + 10) * 32 > plan.workJobs) throw new Error("paused-mix: not enough work jobs for the claims asked");
  const setups: Array<{ result: PausedMixResult; db: Db; client: PoolClient; claim: () => Promise<void>; probe: () => Promise<void> }> = [];
  try {
    for (const engine of engines) {
      for (const size of sizes) {
        const url = await database(`duly_bench_pmix_${setups.length}`);
        await engine.migrate(url);
        const catalogue = pausedCatalogue(engine);
        await insertDue(url, "bench.paused", size, "2 hours", "1 hour");
        await insertDue(url, "bench.work", plan.workJobs, "1 second", "1 minute");
        await withClient(url, (client) => client.query("INSERT INTO job_type_pauses (job_type, paused_by, reason) VALUES ('bench.paused', 'bench', 'bench')"));
        await vacuumAnalyze(url);
        await checkpoint(url);
        const db = engine.createDb(url, { poolSize: 2, preparedStatements: true });
        const client = await engine.pgPoolOf(db).connect();
        const types = catalogue.claimableTypes(false).filter((t) => t.jobType !== "bench.paused");
        const { claimDueJobs, millisecondsUntilNextWork } = engine.internal;
        const claim = async () => {
          const claimed = await claimDueJobs(client, { now: null, leaseFrom: null, tickId: "t_bench", claimer: "t_bench/0", limit: 32, types });
          if (claimed.length !== 32) throw new Error(`a claim took ${claimed.length} jobs, not 32`);
        };
        const probe = async () => {
          if ((await millisecondsUntilNextWork(client, new Date(), types)) !== 0) throw new Error("the next-work probe found nothing due");
        };
        setups.push({ result: { engine: engine.label, pausedJobs: size, claimMs: [], nextWorkMs: [], load1: [] }, db, client, claim, probe });
      }
    }
    // Warm every database's statements and caches before anything is timed.
    for (const s of setups) for (let i = 0; i < 10; i++) await s.claim(), await s.probe();
    for (let block = 0; block < plan.blocks; block++) {
      const shift = block % setups.length;
      const rotated = [...setups.slice(shift), ...setups.slice(0, shift)];
      for (const s of block % 2 === 0 ? rotated : rotated.reverse()) {
        s.result.load1.push(load1());
        for (const [body, into] of [[s.claim, s.result.claimMs], [s.probe, s.result.nextWorkMs]] as const) {
          for (let i = 0; i < plan.perBlock; i++) {
            const start = performance.now();
            await body();
            into.push(performance.now() - start);
          }
        }
      }
    }
    return setups.map((s) => s.result);
  } finally {
    for (const s of setups) {
      s.client.release();
      await s.db.$disconnect();
    }
  }
}
