// Duly, driven through its public API exactly as the app does: scheduleMany to enqueue, tick()
// to run. For the EXPLAIN in RESULTS.md the claim is captured as claimDueJobs sends it, so the
// plan shown is of the engine's real statement and parameters.
import type pg from "pg";
import { z } from "zod";
import { createDb, pgPoolOf, type Db } from "../../lib/db/client.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { createCatalogue, defineJob, schedule, scheduleMany, tick } from "../../lib/scheduler/index.ts";
import { claimDueJobs, housekeeping, millisecondsUntilNextWork } from "../../lib/scheduler/internal.ts";
import { catalogue, demoPing } from "../../jobs/index.ts";
import { load1 } from "../lib/machine.ts";
import {
  delayOffsets, nowGaps, runNowLoop, settleTime, sleep, StartLog, type DelayPlan, type DelayResult, type DrainResult, type NowPlan,
} from "../lib/scenario.ts";
import { checkpoint, walPosition, withClient } from "../lib/server.ts";

export interface DulyDrainSettings {
  concurrency: number;
  maxClaim: number;
  groupWindowMs: number;
  /**
   * Drain bench.ping-batch instead of demo.ping: the same no-op, declaring a batch
   * (handleMany) that does nothing for all its jobs at once, as N no-op handlers do: the
   * engine's batch path (docs/decisions/0027), one commit per job's (empty) effects kept.
   */
  batch?: boolean;
}

export function dulySettingsLabel(s: DulyDrainSettings): string {
  return `concurrency ${s.concurrency}, maxClaim ${s.maxClaim}, groupWindowMs ${s.groupWindowMs}${s.batch ? ", batch (handleMany)" : ""}`;
}

/** demo.ping with a batch: nothing to do for any of its jobs, so every job of the batch is done. */
const pingBatch = defineJob({
  name: "bench.ping-batch",
  payload: demoPing.payload,
  leaseMs: demoPing.leaseMs,
  handler: demoPing.handler,
  handleMany: async ({ jobs }) => jobs.map((job) => job.id),
});

async function vacuumAnalyze(url: string, tables: string[]): Promise<void> {
  // One statement per call: VACUUM refuses to run inside the implicit transaction of a multi-statement query.
  await withClient(url, async (client) => {
    for (const table of tables) await client.query(`VACUUM ANALYZE ${table}`);
  });
}

async function count(db: Db, sql: string): Promise<number> {
  const rows = await db.$queryRawUnsafe<Array<{ n: bigint }>>(sql);
  return Number(rows[0]!.n);
}

/** Enqueues `jobs` due demo.ping jobs in one scheduleMany, then drains them with one tick. */
export async function dulyDrain(url: string, jobs: number, settings: DulyDrainSettings): Promise<DrainResult> {
  await migrate(url);
  const db = createDb(url, { poolSize: settings.concurrency + 2, preparedStatements: true });
  try {
    await db.$queryRaw`SELECT 1`; // open a connection before timing
    const runAt = new Date(Date.now() - 1000);
    const inputs = Array.from({ length: jobs }, () => ({ runAt, payload: {} }));
    const enqueueStart = performance.now();
    const { batch = false, ...tickSettings } = settings;
    const enqueued = await db.$transaction((tx) => scheduleMany(tx, batch ? pingBatch : demoPing, inputs), { timeout: 120_000 });
    const enqueueMs = performance.now() - enqueueStart;
    if (enqueued !== jobs) throw new Error(`scheduleMany enqueued ${enqueued} of ${jobs}`);

    await vacuumAnalyze(url, ["scheduled_jobs", "job_runs"]);
    await checkpoint(url);
    const walBefore = await walPosition(url);
    const load = load1();
    const drainStart = performance.now();
    const summary = await tick({ db, catalogue: batch ? createCatalogue([pingBatch]) : catalogue, budgetMs: 600_000, mode: "drain", ...tickSettings });
    const drainMs = performance.now() - drainStart;
    const walBytes = (await walPosition(url)) - walBefore;

    const succeeded = await count(db, "SELECT count(*) AS n FROM scheduled_jobs WHERE status = 'succeeded'");
    if (summary.succeeded !== jobs || succeeded !== jobs) {
      throw new Error(`Duly drain incomplete: tick says ${summary.succeeded} succeeded (${summary.failed} failed, ${summary.errors.length} errors), table says ${succeeded} of ${jobs}`);
    }
    return { peer: "Duly", settings: dulySettingsLabel(settings), jobs, enqueueMs, drainMs, walBytes, load1: load };
  } finally {
    await db.$disconnect();
  }
}

export interface IdleTickResult {
  futureJobs: number;
  ticks: number;
  /** Wall time of each tick() call, ms. */
  durationsMs: number[];
}

/**
 * Where an idle tick's time goes, at the largest size: each part timed on its own, 200 times,
 * on a connection of the tick's pool (named statements, as the tick runs them).
 */
export interface IdleBreakdown {
  /** pool.connect() + release() of an idle pooled connection (Lane.open / close). */
  checkoutMs: number[];
  /** `SELECT 1` on that connection: the round-trip floor. */
  selectOneMs: number[];
  /** The tick's first housekeeping (database clock, with lag): one statement. */
  housekeepingMs: number[];
  /** The claim as an idle tick's first claim sends it (limit 8, nothing due). */
  claimMs: number[];
}

export interface IdleResult {
  results: IdleTickResult[];
  /** The claim: EXPLAIN as sent (unnamed: planned every time), then as a named statement runs it. */
  explain: string;
  explainHousekeeping?: string;
  explainNextWork: string;
  breakdown?: IdleBreakdown;
}

/**
 * Fills scheduled_jobs up to each size in `sizes` with jobs due 30+ days ahead, and times
 * `ticks` drain ticks (nothing due) at each size. At the largest size also: the parts of a tick
 * timed separately, and the EXPLAIN of its statements.
 */
export async function dulyIdleTicks(url: string, sizes: number[], ticks: number, log: (line: string) => void): Promise<IdleResult> {
  await migrate(url);
  const db = createDb(url, { poolSize: 6, preparedStatements: true });
  const results: IdleTickResult[] = [];
  try {
    let loaded = 0;
    for (const size of [...sizes].sort((a, b) => a - b)) {
      const loadStart = performance.now();
      await withClient(url, (client) =>
        client.query(
          `INSERT INTO scheduled_jobs (job_type, run_at, payload)
           SELECT 'demo.ping', now() + interval '30 days' + g * interval '1 second', '{}'
           FROM generate_series($1::int + 1, $2::int) g`,
          [loaded, size],
        ),
      );
      loaded = size;
      await vacuumAnalyze(url, ["scheduled_jobs", "job_runs"]);
      await checkpoint(url);
      log(`  ${size.toLocaleString("en-US")} future jobs loaded in ${Math.round(performance.now() - loadStart)} ms`);

      for (let i = 0; i < 10; i++) await tick({ db, catalogue, budgetMs: 1000, mode: "drain" }); // warm-up
      const durationsMs: number[] = [];
      for (let i = 0; i < ticks; i++) {
        const start = performance.now();
        const summary = await tick({ db, catalogue, budgetMs: 1000, mode: "drain" });
        durationsMs.push(performance.now() - start);
        if (summary.claimed !== 0) throw new Error(`idle tick claimed ${summary.claimed} jobs: the future jobs are due?`);
        if (summary.errors.length > 0) throw new Error(`idle tick errors: ${summary.errors.join("; ")}`);
      }
      results.push({ futureJobs: size, ticks, durationsMs });
    }
    const breakdown = await idleBreakdown(db, ticks);
    // A plan that cannot be shown (the engine's statement changed shape) must not cost the timings.
    const failed = (error: Error) => `EXPLAIN failed: ${error.message}`;
    const captured = await captureStatements(db).catch((error: Error) => error);
    if (captured instanceof Error) return { results, breakdown, explain: failed(captured), explainNextWork: failed(captured) };
    return {
      results,
      breakdown,
      explain: await explainBothWays(url, captured.claim).catch(failed),
      explainHousekeeping: await explainBothWays(url, captured.housekeeping).catch(failed),
      explainNextWork: await explainBothWays(url, captured.nextWork).catch(failed),
    };
  } finally {
    await db.$disconnect();
  }
}

async function timed(times: number, body: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await body(); // warm-up (and the named statements' plans)
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await body();
    ms.push(performance.now() - start);
  }
  return ms;
}

/** The parts of an idle drain tick, each timed alone (IdleBreakdown). */
async function idleBreakdown(db: Db, times: number): Promise<IdleBreakdown> {
  const pool = pgPoolOf(db);
  const types = catalogue.claimableTypes(false);
  const knownTypes = catalogue.all().map((d) => d.name);
  const checkoutMs = await timed(times, async () => (await pool.connect()).release());
  const client = await pool.connect();
  try {
    const selectOneMs = await timed(times, () => client.query("SELECT 1"));
    let now = new Date();
    const housekeepingMs = await timed(times, async () => {
      now = (await housekeeping(client, { now: null, travelling: false, withLag: true, recoverLimit: 100, knownTypes })).now;
    });
    const claimMs = await timed(times, async () => {
      const claimed = await claimDueJobs(client, { now, leaseFrom: now, tickId: "t_bench", claimer: "t_bench/0", limit: 8, types });
      if (claimed.length > 0) throw new Error("the idle claim claimed jobs");
    });
    return { checkoutMs, selectOneMs, housekeepingMs, claimMs };
  } finally {
    client.release();
  }
}

export interface Captured {
  text: string;
  values: unknown[];
}

/**
 * The statements of an idle tick exactly as the engine sends them: each engine function runs
 * once through a stand-in connection whose query() records the statement and its parameters
 * (and passes them on to the pool). Nothing is due and nothing has expired, so no row changes.
 */
async function captureStatements(db: Db): Promise<{ claim: Captured; housekeeping: Captured; nextWork: Captured }> {
  const pool = pgPoolOf(db);
  const record = () => {
    let captured: Captured | undefined;
    const connection = {
      query: async (config: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
        const c = typeof config === "string" ? { text: config, values: values ?? [] } : { text: config.text, values: config.values ?? [] };
        captured ??= c;
        return pool.query(c.text, c.values);
      },
    };
    return { connection: connection as never, get: () => captured ?? (() => { throw new Error("no statement was sent"); })() };
  };
  const types = catalogue.claimableTypes(false);
  const h = record();
  const { now } = await housekeeping(h.connection, { now: null, travelling: false, withLag: true, recoverLimit: 100, knownTypes: catalogue.all().map((d) => d.name) });
  const c = record();
  await claimDueJobs(c.connection, { now, leaseFrom: now, tickId: "t_explain", claimer: "t_explain/0", limit: 8, types });
  const n = record();
  await millisecondsUntilNextWork(n.connection, now, types);
  return { claim: c.get(), housekeeping: h.get(), nextWork: n.get() };
}

/** A parameter as an SQL literal, for EXECUTE (which takes no bind parameters). */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return client.escapeLiteral(`{${value.map((v) => `"${String(v).replace(/(["\\])/g, "\\$1")}"`).join(",")}}`);
  return client.escapeLiteral(String(value));
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of one statement two ways: as an unnamed statement with its
 * parameters (planned on every execution: what a pooled connection pays), and as a prepared
 * statement after 6 executions (PostgreSQL has then settled on its cached plan: what the
 * engine's named statements pay on a direct connection).
 */
export async function explainBothWays(url: string, { text, values }: Captured): Promise<string> {
  return withClient(url, async (client) => {
    const plan = (rows: Array<{ "QUERY PLAN": string }>) => rows.map((row) => row["QUERY PLAN"]).join("\n");
    const unnamed = plan((await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values)).rows);
    await client.query(`PREPARE bench_explain AS ${text}`);
    const execute = `EXECUTE bench_explain(${values.map((v) => literal(client as pg.Client, v)).join(", ")})`;
    for (let i = 0; i < 6; i++) await client.query(execute);
    const named = plan((await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${execute}`)).rows);
    await client.query("DEALLOCATE bench_explain");
    return `-- as an unnamed statement (planned every time)\n${unnamed}\n\n-- as a prepared statement, 7th execution (the plan a named statement keeps)\n${named}`;
  });
}

/**
 * A running "stay" tick; `plan.jobs` jobs are scheduled at instants spread over the next
 * seconds; each handler notes how late it started. The bench's own job type (not in jobs/)
 * carries its intended instant in the payload, as the peers' jobs do, and reads the wall
 * clock on purpose: lateness against the wall clock is what is measured.
 */
export async function dulyStartDelay(url: string, plan: DelayPlan, listen: boolean): Promise<DelayResult> {
  await migrate(url);
  const delaysMs: number[] = [];
  const stamp = defineJob({
    name: "bench.stamp",
    payload: z.object({ dueAt: z.number() }),
    leaseMs: 10_000,
    handler: async ({ payload }) => {
      delaysMs.push(Date.now() - payload.dueAt);
    },
  });
  const benchCatalogue = createCatalogue([stamp]);
  const db = createDb(url, { poolSize: productionPoolSize, preparedStatements: true });
  try {
    await db.$queryRaw`SELECT 1`;
    const load = load1();
    const ticking = tick({
      db, catalogue: benchCatalogue, mode: "stay", budgetMs: plan.settleMs + plan.settleJitterMs + plan.lastMs + 2000,
      listenUrl: listen ? url : undefined,
    });
    await sleep(settleTime(plan));
    const base = Date.now();
    const inputs = delayOffsets(plan).map((offset) => ({ runAt: new Date(base + offset), payload: { dueAt: base + offset } }));
    await db.$transaction((tx) => scheduleMany(tx, stamp, inputs), { timeout: 120_000 });
    const summary = await ticking;
    if (summary.errors.length > 0) throw new Error(`stay tick errors: ${summary.errors.join("; ")}`);
    if (summary.listening !== listen) throw new Error(`the staying tick was ${summary.listening ? "" : "not "}listening`);
    const recorded = await db.$queryRaw<Array<{ ms: number }>>`
      SELECT (extract(epoch FROM r.started_at - j.run_at) * 1000)::float8 AS ms
      FROM job_runs r JOIN scheduled_jobs j ON j.id = r.job_id`;
    return {
      peer: "Duly",
      settings: staySettingsLabel(listen),
      delaysMs,
      missing: plan.jobs - delaysMs.length,
      load1: load,
      extra: { "job_runs.started_at - run_at": recorded.map((r) => r.ms) },
    };
  } finally {
    await db.$disconnect();
  }
}

/** DULY_POOL_SIZE's default: the pool the app's staying tick runs on. */
const productionPoolSize = 10;

function staySettingsLabel(listen: boolean): string {
  return listen
    ? "tick mode stay, listenUrl = the direct URL (production default: LISTEN, 1 s fallback poll), concurrency 4, groupWindowMs 50"
    : "tick mode stay, no listenUrl (the fallback behind a pooler): pollMs 250, concurrency 4, groupWindowMs 50";
}

/**
 * The "now" scenario (lib/scenario.ts NowPlan): a staying tick runs, idle; one job due now is
 * scheduled at a time with the app's own call (`db.$transaction` + `schedule`, runAt = now), and
 * its handler notes when it started. `listen`: the tick LISTENs on the direct URL (production
 * default; scheduling sends pg_notify at commit); else it polls every 250 ms.
 */
export async function dulyNowDelay(url: string, plan: NowPlan, listen: boolean): Promise<DelayResult> {
  await migrate(url);
  const log = new StartLog();
  const now = defineJob({
    name: "bench.now",
    payload: z.object({ i: z.number().int() }),
    leaseMs: 10_000,
    handler: async ({ payload }) => {
      log.record(payload.i);
    },
  });
  const benchCatalogue = createCatalogue([now]);
  const db = createDb(url, { poolSize: productionPoolSize, preparedStatements: true });
  try {
    await db.$queryRaw`SELECT 1`;
    const gaps = nowGaps(plan);
    const settle = settleTime(plan);
    // Enough budget for every job at an expected delay, with room; the loop stops scheduling
    // before the budget ends, so a slower run reports missing jobs rather than hanging.
    const allowanceMs = listen ? 100 : 350;
    const budgetMs = Math.round(settle + gaps.reduce((a, b) => a + b, 0) + plan.jobs * allowanceMs + 3000);
    let idle!: () => void;
    const firstIdle = new Promise<void>((resolve) => (idle = resolve));
    const load = load1();
    const tickStart = performance.now();
    const ticking = tick({
      db, catalogue: benchCatalogue, mode: "stay", budgetMs, pollMs: 250, listenUrl: listen ? url : undefined, onIdle: () => idle(),
    });
    await firstIdle;
    await sleep(settle);
    const result = await runNowLoop(plan, gaps, log, async (i) => {
      let beforeCommit = 0;
      await db.$transaction(async (tx) => {
        await schedule(tx, now, { runAt: new Date(), payload: { i } });
        beforeCommit = performance.now();
      });
      return beforeCommit;
    }, tickStart + budgetMs - 1000);
    const summary = await ticking;
    if (summary.errors.length > 0) throw new Error(`stay tick errors: ${summary.errors.join("; ")}`);
    if (summary.listening !== listen) throw new Error(`the staying tick was ${summary.listening ? "" : "not "}listening`);
    return {
      peer: "Duly",
      settings: staySettingsLabel(listen),
      ...result,
      load1: load,
    };
  } finally {
    await db.$disconnect();
  }
}
