// Duly, driven through its public API exactly as the app does: scheduleMany to enqueue, tick()
// to run. For the EXPLAIN in RESULTS.md the claim is captured as claimDueJobs sends it, so the
// plan shown is of the engine's real statement and parameters.
import { z } from "zod";
import { createDb, pgPoolOf, type Db } from "../../lib/db/client.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { createCatalogue, defineJob, scheduleMany, tick } from "../../lib/scheduler/index.ts";
import { claimDueJobs } from "../../lib/scheduler/internal.ts";
import { catalogue, demoPing } from "../../jobs/index.ts";
import { load1 } from "../lib/machine.ts";
import { delayOffsets, settleTime, sleep, type DelayPlan, type DelayResult, type DrainResult } from "../lib/scenario.ts";
import { checkpoint, walPosition, withClient } from "../lib/server.ts";

export interface DulyDrainSettings {
  concurrency: number;
  maxClaim: number;
  groupWindowMs: number;
}

export function dulySettingsLabel(s: DulyDrainSettings): string {
  return `concurrency ${s.concurrency}, maxClaim ${s.maxClaim}, groupWindowMs ${s.groupWindowMs}`;
}

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
    const enqueued = await db.$transaction((tx) => scheduleMany(tx, demoPing, inputs), { timeout: 120_000 });
    const enqueueMs = performance.now() - enqueueStart;
    if (enqueued !== jobs) throw new Error(`scheduleMany enqueued ${enqueued} of ${jobs}`);

    await vacuumAnalyze(url, ["scheduled_jobs", "job_runs"]);
    await checkpoint(url);
    const walBefore = await walPosition(url);
    const load = load1();
    const drainStart = performance.now();
    const summary = await tick({ db, catalogue, budgetMs: 600_000, mode: "drain", ...settings });
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
 * Fills scheduled_jobs up to each size in `sizes` with jobs due 30+ days ahead, and times
 * `ticks` drain ticks (nothing due) at each size. Returns also the EXPLAIN of the claim at the
 * largest size.
 */
export async function dulyIdleTicks(
  url: string,
  sizes: number[],
  ticks: number,
  log: (line: string) => void,
): Promise<{ results: IdleTickResult[]; explain: string; explainNextWork: string }> {
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
      }
      results.push({ futureJobs: size, ticks, durationsMs });
    }
    // A plan that cannot be shown (the engine's statement changed shape) must not cost the timings.
    const explain = await explainClaim(url, db).catch((error: Error) => `EXPLAIN failed: ${error.message}`);
    const explainNextWork = await explainNextWorkProbe(url).catch((error: Error) => `EXPLAIN failed: ${error.message}`);
    return { results, explain, explainNextWork };
  } finally {
    await db.$disconnect();
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the claim exactly as the engine sends it: claimDueJobs runs once
 * through a pool whose query() records its statement and parameters, and those are explained.
 * (Nothing is due, so the claim changes no row.)
 */
async function explainClaim(url: string, db: Db): Promise<string> {
  let captured: { text: string; values: unknown[] } | undefined;
  const recorder = {
    query: async (text: string, values?: unknown[]) => {
      captured ??= { text, values: values ?? [] };
      return pgPoolOf(db).query(text, values);
    },
  };
  const now = (await db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`)[0]!.now;
  await claimDueJobs(recorder as never, { now, leaseFrom: now, tickId: "t_explain", claimer: "t_explain", limit: 32, types: catalogue.claimableTypes(false) });
  if (!captured) throw new Error("claimDueJobs sent no query");
  const { text, values } = captured;
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

/** The probe a staying tick makes before sleeping (lib/scheduler/sql/due-work.ts). */
async function explainNextWorkProbe(url: string): Promise<string> {
  const jobTypes = catalogue.all().map((d) => d.name);
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ "QUERY PLAN": string }>(
      `EXPLAIN (ANALYZE, BUFFERS) SELECT run_at AS next FROM scheduled_jobs
       WHERE status = 'pending' AND job_type = ANY($1::text[]) ORDER BY run_at LIMIT 1`,
      [jobTypes],
    );
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

/**
 * A running "stay" tick; `plan.jobs` jobs are scheduled at instants spread over the next
 * seconds; each handler notes how late it started. The bench's own job type (not in jobs/)
 * carries its intended instant in the payload, as the peers' jobs do, and reads the wall
 * clock on purpose: lateness against the wall clock is what is measured.
 */
export async function dulyStartDelay(url: string, plan: DelayPlan): Promise<DelayResult> {
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
  const db = createDb(url, { poolSize: 6, preparedStatements: true });
  try {
    await db.$queryRaw`SELECT 1`;
    const load = load1();
    const ticking = tick({ db, catalogue: benchCatalogue, mode: "stay", budgetMs: plan.settleMs + plan.settleJitterMs + plan.lastMs + 2000 });
    await sleep(settleTime(plan));
    const base = Date.now();
    const inputs = delayOffsets(plan).map((offset) => ({ runAt: new Date(base + offset), payload: { dueAt: base + offset } }));
    await db.$transaction((tx) => scheduleMany(tx, stamp, inputs), { timeout: 120_000 });
    const summary = await ticking;
    if (summary.errors.length > 0) throw new Error(`stay tick errors: ${summary.errors.join("; ")}`);
    const recorded = await db.$queryRaw<Array<{ ms: number }>>`
      SELECT (extract(epoch FROM r.started_at - j.run_at) * 1000)::float8 AS ms
      FROM job_runs r JOIN scheduled_jobs j ON j.id = r.job_id`;
    return {
      peer: "Duly",
      settings: "tick mode stay, defaults (pollMs 250, concurrency 4, groupWindowMs 50)",
      delaysMs,
      missing: plan.jobs - delaysMs.length,
      load1: load,
      extra: { "job_runs.started_at - run_at": recorded.map((r) => r.ms) },
    };
  } finally {
    await db.$disconnect();
  }
}
