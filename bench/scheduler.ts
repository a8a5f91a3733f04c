// npm run bench:scheduler — Duly's engine side by side with graphile-worker and pg-boss on one
// PostgreSQL server (DATABASE_URL's, else a throwaway embedded one). Never part of the tests.
//
// Scenarios (all by default; --only drain,pgbench,idle,delay,now picks some):
//   drain    enqueue N due no-op jobs in one call (timed: the enqueue scenario), then time
//            draining them; Duly with several tick settings, the peers with theirs
//   pgbench  the server's floor for claim-100-and-complete with one client (if pgbench exists)
//   idle     Duly's tick with nothing due over 10k / 100k / 1M future jobs, its parts timed
//            separately, plus EXPLAIN
//   delay    how late each handler starts against its scheduled instant, jobs spread over ~20 s
//   now      a worker idles; one job due now is committed at a time (random 20-200 ms apart):
//            time from just before its COMMIT to its handler's start
//   paused   0 / 100k / 400k due jobs of a paused type: another type's claim, next-work probe
//            and 20k drain, and the lag the tick reports (peers/duly-fair-claims.ts)
//   backlog  a 100k backlog of one type (and none): start delay of another type's due jobs
//   paused-mix  the paused scenario's claims and next-work probes with every engine and size
//            prepared at once and timed in alternating blocks (ratios from the same minutes)
//   (paused, paused-mix and backlog are not in the default set; with --baseline <dir> each runs
//   on that checkout's engine and on this tree's, alternately: lib/engine-under-test.ts;
//   --baseline may be given more than once, each checkout then runs in turn)
//
// Options: --repeat N (3), --jobs N (20000), --quick (small smoke run), --max-busy F (before
// each timed run, wait until other processes keep the CPUs less than F busy, 0..1, at most
// 60 s; 1: never wait; default 0.25; how busy they kept them during the run is recorded too),
// --out PATH (raw JSON; the markdown goes beside it), --pg name=value
// (repeatable: a setting for the embedded server, e.g. --pg synchronous_commit=off).
// Results: bench/results/run-<time>.{json,md}; bench/RESULTS.md quotes one run and explains it.
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchDir, ensureBenchDependencies, peerVersion, repoDir } from "./lib/deps.ts";
import { load1, machineInfo, startCpuMeter, waitForQuiet } from "./lib/machine.ts";
import { renderMarkdown, type BenchRun } from "./lib/report.ts";
import type { FairClaimsRuns } from "./lib/report-fair-claims.ts";
import type { DelayPlan, NowPlan } from "./lib/scenario.ts";
import { dropDatabase, freshDatabase, serverSettings, startServer, type BenchServer } from "./lib/server.ts";
import { fmt, perSecond, quantile } from "./lib/stats.ts";
import { dulyDrain, dulyIdleTicks, dulyNowDelay, dulyStartDelay, type DulyDrainSettings } from "./peers/duly.ts";
import { graphileDrain, graphileNowDelay, graphileStartDelay, type GraphileDrainSettings } from "./peers/graphile-worker.ts";
import { pgbenchAvailable, pgbenchCeiling } from "./peers/pgbench.ts";
import { pgBossDrain, pgBossNowDelay, pgBossStartDelay, type PgBossDrainSettings } from "./peers/pg-boss.ts";
import { otherTypesBacklogRun, pausedBacklogRun, pausedMixRun, type BacklogPlan, type PausedMixPlan, type PausedPlan } from "./peers/duly-fair-claims.ts";
import { enginesToCompare } from "./lib/engine-under-test.ts";

const log = (line: string) => console.log(`[bench] ${line}`);
const scenarioNames = ["drain", "pgbench", "idle", "delay", "now", "paused", "paused-mix", "backlog"] as const;
type Scenario = (typeof scenarioNames)[number];
/** Run by default (the fair-claims ones take long and are asked for by name). */
const defaultScenarios: Scenario[] = ["drain", "pgbench", "idle", "delay", "now"];

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    repeat: { type: "string" },
    jobs: { type: "string" },
    only: { type: "string" },
    "max-busy": { type: "string", default: "0.25" },
    out: { type: "string" },
    pg: { type: "string", multiple: true },
    baseline: { type: "string", multiple: true },
  },
});

const quick = args.quick ?? false;
const repeat = Number(args.repeat ?? (quick ? 1 : 3));
const jobs = Number(args.jobs ?? (quick ? 2000 : 20_000));
const maxBusy = Number(args["max-busy"]);
const only = new Set((args.only ?? defaultScenarios.join(",")).split(",").map((s) => s.trim()));
for (const name of only) if (!scenarioNames.includes(name as Scenario)) throw new Error(`unknown scenario ${name} (known: ${scenarioNames.join(", ")})`);
const wants = (name: Scenario) => only.has(name);

const idleSizes = quick ? [10_000] : [10_000, 100_000, 1_000_000];
const idleTicks = quick ? 50 : 200;
const delayPlan: DelayPlan = quick
  ? { jobs: 20, firstMs: 5, lastMs: 3000, settleMs: 500, settleJitterMs: 500 }
  : { jobs: 200, firstMs: 5, lastMs: 20_000, settleMs: 1000, settleJitterMs: 2000 };
const nowPlan: NowPlan = quick
  ? { jobs: 30, gapMinMs: 20, gapMaxMs: 200, waitMs: 1500, settleMs: 500, settleJitterMs: 500 }
  : { jobs: 200, gapMinMs: 20, gapMaxMs: 200, waitMs: 1500, settleMs: 1000, settleJitterMs: 2000 };

const dulySettings: DulyDrainSettings[] = [];
for (const concurrency of [2, 4]) {
  for (const maxClaim of [32, 16]) {
    for (const groupWindowMs of [50, 0]) dulySettings.push({ concurrency, maxClaim, groupWindowMs });
  }
  dulySettings.push({ concurrency, maxClaim: 32, groupWindowMs: 50, batch: true });
}
const graphileSettings: GraphileDrainSettings[] = [
  { concurrency: 10, localQueueSize: -1, completeJobBatchDelay: -1 }, // its defaults, with concurrency 10
  { concurrency: 10, localQueueSize: 500, completeJobBatchDelay: -1 },
  { concurrency: 10, localQueueSize: 500, completeJobBatchDelay: 0 },
];
const pgBossSettings: PgBossDrainSettings[] = [
  { api: "fetch+complete", loops: 1, batchSize: 100 },
  { api: "fetch+complete", loops: 2, batchSize: 100 },
  { api: "work", workers: 1, batchSize: 100, pollingIntervalSeconds: 0.5 },
];
const pausedSizes = quick ? [0, 20_000] : [0, 100_000, 400_000];
const pausedPlan: PausedPlan = quick ? { claims: 50, workJobs: 5_000, drainJobs: 2_000 } : { claims: 200, workJobs: 20_000, drainJobs: 20_000 };
const pausedMixPlan: PausedMixPlan = quick ? { blocks: 4, perBlock: 10, workJobs: 5_000 } : { blocks: 10, perBlock: 20, workJobs: 20_000 };
const backlogSizes = quick ? [0, 10_000] : [0, 100_000];
const backlogPlan: BacklogPlan = quick
  ? { jobs: 20, firstMs: 5, lastMs: 3000, settleMs: 500, settleJitterMs: 500, maxWaitMs: 20_000 }
  : { jobs: 200, firstMs: 5, lastMs: 20_000, settleMs: 1000, settleJitterMs: 2000, maxWaitMs: 120_000 };

// work() sleeps after every batch (see peers/pg-boss.ts): a smaller drain keeps it to seconds.
const workJobs = Math.min(jobs, 2000);

/** The commit measured, and whether the engine had uncommitted changes (others work in this tree). */
function codeVersion(): { commit: string; uncommittedEngineFiles: string[] } {
  const git = (...gitArgs: string[]) => spawnSync("git", gitArgs, { cwd: repoDir, encoding: "utf8" }).stdout?.trim() ?? "";
  return { commit: git("rev-parse", "--short", "HEAD"), uncommittedEngineFiles: git("status", "--porcelain", "--", "lib", "jobs", "prisma").split("\n").filter(Boolean) };
}

const pct = (f: number) => (Number.isFinite(f) ? `${(f * 100).toFixed(0)}%` : "?");

/** Waits for a quiet moment; returns how busy other processes kept the CPUs (0..1). */
async function quiet(): Promise<number> {
  return waitForQuiet(maxBusy < 1 ? maxBusy : Number.POSITIVE_INFINITY, 60_000, log);
}

async function main(): Promise<void> {
  ensureBenchDependencies(log);
  const startedAt = new Date();
  const server: BenchServer = await startServer(log, args.pg ?? []);
  const stop = async () => {
    await server.stop().catch(() => undefined);
  };
  process.once("SIGINT", () => void stop().then(() => process.exit(130)));
  const run: BenchRun = {
    startedAt: startedAt.toISOString(),
    options: {
      quick, repeat, jobs, pg: args.pg ?? [], scenarios: [...only], maxBusy, idleSizes, idleTicks, delayPlan, nowPlan,
      ...(wants("paused") ? { pausedSizes, pausedPlan } : {}), ...(wants("paused-mix") ? { pausedSizes, pausedMixPlan } : {}), ...(wants("backlog") ? { backlogSizes, backlogPlan } : {}),
      ...(args.baseline ? { baseline: args.baseline.length === 1 ? args.baseline[0] : args.baseline } : {}),
    },
    machine: machineInfo(),
    server: { label: server.label, ...(await serverSettings(server)) },
    code: codeVersion(),
    peers: { "graphile-worker": peerVersion("graphile-worker"), "pg-boss": peerVersion("pg-boss") },
    drains: [],
    delays: [],
    nows: [],
    skipped: [],
  };
  log(`${run.server.version.split(",")[0]}; ${run.machine.cpus} CPUs; load ${load1().toFixed(2)}`);

  let failures = 0;
  const attempt = async <T>(what: string, body: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await body();
    } catch (error) {
      const reason = `${what}: ${error instanceof Error ? error.message : String(error)}`;
      log(`FAILED ${reason}`);
      failures += 1;
      run.skipped.push(reason);
      return undefined;
    }
  };
  /**
   * One timed run: waits for a quiet machine, runs it, and notes how busy other processes kept
   * the CPUs before it (the quiet check) and during it (startCpuMeter).
   */
  const timedRun = async <T>(what: string, body: () => Promise<T>): Promise<{ r: T | undefined; busy: number; during: number }> => {
    const busy = await quiet();
    const meter = await startCpuMeter(server.postmasterPid);
    const r = await attempt(what, body);
    return { r, busy, during: await meter.stop() };
  };

  try {
    if (wants("drain")) {
      for (let round = 1; round <= repeat; round++) {
        log(`drain round ${round}/${repeat}`);
        // Interleaved, so a change in the machine's load hits every peer alike.
        for (const settings of dulySettings) {
          const { r, busy, during } = await timedRun("Duly drain", async () => dulyDrain(await freshDatabase(server, "duly_bench_duly"), jobs, settings));
          if (r) run.drains.push({ ...r, otherCpuBusy: busy, otherCpuDuring: during });
          if (r) log(`  Duly ${r.settings}: ${fmt(perSecond(r.jobs, r.drainMs))} jobs/s (enqueue ${fmt(r.enqueueMs)} ms, others' CPU ${pct(busy)} before, ${pct(during)} during)`);
        }
        for (const settings of graphileSettings) {
          const { r, busy, during } = await timedRun("graphile-worker drain", async () => graphileDrain(await freshDatabase(server, "duly_bench_graphile"), jobs, settings));
          if (r) run.drains.push({ ...r, otherCpuBusy: busy, otherCpuDuring: during });
          if (r) log(`  graphile-worker ${r.settings}: ${fmt(perSecond(r.jobs, r.drainMs))} jobs/s (enqueue ${fmt(r.enqueueMs)} ms, others' CPU ${pct(busy)} before, ${pct(during)} during)`);
        }
        for (const settings of pgBossSettings) {
          const n = settings.api === "work" ? workJobs : jobs;
          const { r, busy, during } = await timedRun("pg-boss drain", async () => pgBossDrain(await freshDatabase(server, "duly_bench_pgboss"), n, settings));
          if (r) run.drains.push({ ...r, otherCpuBusy: busy, otherCpuDuring: during });
          if (r) log(`  pg-boss ${r.settings}: ${fmt(perSecond(r.jobs, r.drainMs))} jobs/s (enqueue ${fmt(r.enqueueMs)} ms, others' CPU ${pct(busy)} before, ${pct(during)} during)`);
        }
      }
      for (const name of ["duly_bench_duly", "duly_bench_graphile", "duly_bench_pgboss"]) await dropDatabase(server, name);
    }

    if (wants("pgbench")) {
      const version = await pgbenchAvailable();
      if (!version) {
        run.skipped.push("pgbench ceiling: pgbench is not installed (Debian: apt-get install postgresql-client)");
      } else {
        run.pgbench = [];
        for (let round = 1; round <= repeat; round++) {
          const { r, busy, during } = await timedRun("pgbench ceiling", async () => pgbenchCeiling(await freshDatabase(server, "duly_bench_pgbench"), jobs));
          if (r) run.pgbench.push({ ...r, otherCpuBusy: busy, otherCpuDuring: during });
          if (r) log(`  pgbench claim+complete: ${fmt(r.rowsPerSec)} rows/s`);
        }
        await dropDatabase(server, "duly_bench_pgbench");
      }
    }

    if (wants("idle")) {
      log(`idle ticks: ${idleTicks} per size, sizes ${idleSizes.join(", ")}`);
      const { r: idle, busy, during } = await timedRun("Duly idle ticks", async () => dulyIdleTicks(await freshDatabase(server, "duly_bench_idle"), idleSizes, idleTicks, log));
      if (idle) run.idle = { ...idle, otherCpuBusy: busy, otherCpuDuring: during };
      await dropDatabase(server, "duly_bench_idle");
    }

    if (wants("delay")) {
      const variants: Array<{ label: string; db: string; run: (url: string) => Promise<BenchRun["delays"][number]> }> = [
        { label: "Duly (LISTEN)", db: "duly_bench_delay_duly", run: (url) => dulyStartDelay(url, delayPlan, true) },
        { label: "Duly (polling)", db: "duly_bench_delay_duly", run: (url) => dulyStartDelay(url, delayPlan, false) },
        { label: "graphile-worker (pollInterval 2000)", db: "duly_bench_delay_graphile", run: (url) => graphileStartDelay(url, delayPlan, 2000) },
        { label: "graphile-worker (pollInterval 250)", db: "duly_bench_delay_graphile", run: (url) => graphileStartDelay(url, delayPlan, 250) },
        { label: "pg-boss (pollingIntervalSeconds 2)", db: "duly_bench_delay_pgboss", run: (url) => pgBossStartDelay(url, delayPlan, 2) },
        { label: "pg-boss (pollingIntervalSeconds 0.5)", db: "duly_bench_delay_pgboss", run: (url) => pgBossStartDelay(url, delayPlan, 0.5) },
      ];
      for (let round = 1; round <= repeat; round++) {
        log(`start delay round ${round}/${repeat} (${delayPlan.jobs} jobs over ${delayPlan.lastMs / 1000} s each)`);
        for (const variant of variants) {
          const { r, busy, during } = await timedRun(`${variant.label} start delay`, async () => variant.run(await freshDatabase(server, variant.db)));
          if (r) run.delays.push({ ...r, otherCpuBusy: busy, otherCpuDuring: during });
          if (r) log(`  ${variant.label}: ${r.delaysMs.length}/${delayPlan.jobs} started`);
        }
      }
      for (const name of new Set(variants.map((v) => v.db))) await dropDatabase(server, name);
    }

    if (wants("now")) {
      const variants: Array<{ label: string; db: string; run: (url: string) => Promise<BenchRun["delays"][number]> }> = [
        { label: "Duly (LISTEN, production default)", db: "duly_bench_now_duly", run: (url) => dulyNowDelay(url, nowPlan, true) },
        { label: "Duly (polling every 250 ms)", db: "duly_bench_now_duly", run: (url) => dulyNowDelay(url, nowPlan, false) },
        { label: "graphile-worker (defaults, LISTEN)", db: "duly_bench_now_graphile", run: (url) => graphileNowDelay(url, nowPlan) },
        { label: "pg-boss (0.5 s poll + notifyWorker)", db: "duly_bench_now_pgboss", run: (url) => pgBossNowDelay(url, nowPlan, true) },
      ];
      for (let round = 1; round <= repeat; round++) {
        log(`now round ${round}/${repeat} (${nowPlan.jobs} jobs due now, ${nowPlan.gapMinMs}-${nowPlan.gapMaxMs} ms apart)`);
        for (const variant of variants) {
          const { r, busy, during } = await timedRun(`${variant.label} now`, async () => variant.run(await freshDatabase(server, variant.db)));
          if (r) (run.nows ??= []).push({ ...r, otherCpuBusy: busy, otherCpuDuring: during });
          if (r) {
            const at = (q: number) => fmt(quantile(r.delaysMs, q));
            log(`  ${variant.label}: ${r.delaysMs.length}/${nowPlan.jobs} started, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (others' CPU ${pct(busy)} before, ${pct(during)} during)`);
          }
        }
      }
      for (const name of new Set(variants.map((v) => v.db))) await dropDatabase(server, name);
    }
    if (wants("paused") || wants("backlog") || wants("paused-mix")) {
      const engines = await enginesToCompare(args.baseline ?? []);
      const fair: FairClaimsRuns = (run.fairClaims = { paused: [], backlog: [], explains: [] });
      if (wants("paused-mix")) {
        log(`paused backlog, interleaved: ${engines.length} engine(s) x sizes ${pausedSizes.join(", ")}, ${pausedMixPlan.blocks} blocks of ${pausedMixPlan.perBlock} claims and probes each`);
        const { r, busy, during } = await timedRun("paused-mix", async () => pausedMixRun(engines, pausedSizes, pausedMixPlan, (name) => freshDatabase(server, name)));
        if (r) {
          fair.pausedMix = r.map((m) => ({ ...m, otherCpuBusy: busy, otherCpuDuring: during }));
          for (const m of r) {
            log(`  ${m.engine}, ${m.pausedJobs} paused: claim p50 ${fmt(quantile(m.claimMs, 0.5), 2)} / p95 ${fmt(quantile(m.claimMs, 0.95), 2)} ms, next-work p50 ${fmt(quantile(m.nextWorkMs, 0.5), 2)} / p95 ${fmt(quantile(m.nextWorkMs, 0.95), 2)} ms (load ${m.load1.map((l) => l.toFixed(1)).join(" ")})`);
          }
        }
        for (let i = 0; i < engines.length * pausedSizes.length; i++) await dropDatabase(server, `duly_bench_pmix_${i}`);
      }
      for (let round = 1; round <= repeat; round++) {
        // A, B then B, A: neither engine always runs first after a fresh database.
        const order = round % 2 === 1 ? engines : [...engines].reverse();
        if (wants("paused")) {
          log(`paused backlog round ${round}/${repeat} (sizes ${pausedSizes.join(", ")})`);
          for (const size of pausedSizes) {
            for (const engine of order) {
              // The plans with no backlog and with the largest, once.
              const explain = round === 1 && (size === pausedSizes[0] || size === pausedSizes.at(-1));
              const { r, busy, during } = await timedRun(`${engine.label} paused ${size}`, async () => pausedBacklogRun(engine, await freshDatabase(server, "duly_bench_paused"), size, pausedPlan, explain));
              if (!r) continue;
              fair.paused.push({ ...r.result, otherCpuBusy: busy, otherCpuDuring: during });
              if (r.explained) fair.explains.push(r.explained);
              log(`  ${engine.label}, ${size} paused: claim p50 ${fmt(quantile(r.result.claimMs, 0.5), 2)} / p95 ${fmt(quantile(r.result.claimMs, 0.95), 2)} ms, next-work p95 ${fmt(quantile(r.result.nextWorkMs, 0.95), 2)} ms, drain ${fmt(r.result.drainMs)} ms, lag ${fmt(r.result.lagMs / 1000)} s (load ${r.result.load1.toFixed(2)}; others' CPU ${pct(busy)} before, ${pct(during)} during)`);
            }
          }
        }
        if (wants("backlog")) {
          log(`other type's backlog round ${round}/${repeat} (sizes ${backlogSizes.join(", ")})`);
          for (const size of backlogSizes) {
            for (const engine of order) {
              const { r, busy, during } = await timedRun(`${engine.label} backlog ${size}`, async () => otherTypesBacklogRun(engine, await freshDatabase(server, "duly_bench_backlog"), size, backlogPlan));
              if (!r) continue;
              fair.backlog.push({ ...r, otherCpuBusy: busy, otherCpuDuring: during });
              log(`  ${engine.label}, backlog ${size}: ${r.delaysMs.length}/${backlogPlan.jobs} started, p50 ${fmt(quantile(r.delaysMs, 0.5))} / p95 ${fmt(quantile(r.delaysMs, 0.95))} ms (load ${r.load1.toFixed(2)}; others' CPU ${pct(busy)} before, ${pct(during)} during)`);
            }
          }
        }
      }
      for (const name of ["duly_bench_paused", "duly_bench_backlog"]) await dropDatabase(server, name);
    }
  } finally {
    await stop();
  }

  run.finishedAt = new Date().toISOString();
  const out = args.out ?? path.join(benchDir, "results", `run-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  const markdown = renderMarkdown(run);
  await writeFile(out, `${JSON.stringify(run, null, 1)}\n`);
  await writeFile(out.replace(/\.json$/, ".md"), `${markdown}\n`);
  console.log(`\n${markdown}`);
  log(`raw results: ${path.relative(process.cwd(), out)} (and .md beside it)`);
  // A peer that failed makes the run fail; an optional tool that is missing (pgbench) does not.
  if (failures > 0) process.exitCode = 1;
}

await main();
