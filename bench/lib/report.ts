// Turns one run's raw results into the markdown tables that RESULTS.md quotes.
import type { IdleResult } from "../peers/duly.ts";
import type { PgbenchResult } from "../peers/pgbench.ts";
import type { MachineInfo } from "./machine.ts";
import type { DelayResult, DrainResult } from "./scenario.ts";
import type { ServerSettings } from "./server.ts";
import { renderFairClaims, type FairClaimsRuns } from "./report-fair-claims.ts";
import { fmt, median, p95, perSecond, quantile } from "./stats.ts";

export interface BenchRun {
  startedAt: string;
  finishedAt?: string;
  options: Record<string, unknown>;
  machine: MachineInfo;
  server: { label: string } & ServerSettings;
  code: { commit: string; uncommittedEngineFiles: string[] };
  peers: Record<string, string>;
  drains: DrainResult[];
  idle?: IdleResult & { otherCpuBusy?: number; otherCpuDuring?: number };
  delays: DelayResult[];
  /** The "now" scenario (absent in runs before it existed). */
  nows?: DelayResult[];
  pgbench?: PgbenchResult[];
  /** The paused and backlog scenarios (absent in runs before they existed). */
  fairClaims?: FairClaimsRuns;
  skipped: string[];
}

interface DrainRow {
  peer: string;
  settings: string;
  jobs: number;
  runs: DrainResult[];
  rate: number;
}

function groupDrains(drains: DrainResult[]): DrainRow[] {
  const groups = new Map<string, DrainResult[]>();
  for (const d of drains) {
    const key = `${d.peer}\u0000${d.settings}\u0000${d.jobs}`;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return [...groups.values()].map((runs) => ({
    peer: runs[0]!.peer,
    settings: runs[0]!.settings,
    jobs: runs[0]!.jobs,
    runs,
    rate: median(runs.map((r) => perSecond(r.jobs, r.drainMs))),
  }));
}

function best(rows: DrainRow[], filter: (row: DrainRow) => boolean): DrainRow | undefined {
  return rows.filter(filter).sort((a, b) => b.rate - a.rate)[0];
}

const percent = (f: number | undefined) => (f === undefined || !Number.isFinite(f) ? "?" : (f * 100).toFixed(0));

/** Others' CPU % before the run, and during it when measured ("9/45"). */
function busyPercent(r: { otherCpuBusy?: number; otherCpuDuring?: number }): string {
  return r.otherCpuDuring === undefined ? percent(r.otherCpuBusy) : `${percent(r.otherCpuBusy)}/${percent(r.otherCpuDuring)}`;
}

function ratio(a: number | undefined, b: number | undefined): string {
  return a !== undefined && b !== undefined && b > 0 ? `${(a / b).toFixed(2)}x` : "n/a";
}

export function renderMarkdown(run: BenchRun): string {
  const out: string[] = [];
  out.push(`Run ${run.startedAt} → ${run.finishedAt ?? "?"}`);
  out.push("");
  out.push(`- Machine: ${run.machine.cpus} x ${run.machine.cpuModel}, ${run.machine.memoryGiB} GiB, ${run.machine.platform}, Node ${run.machine.node}`);
  out.push(`- Server: ${run.server.label}`);
  out.push(`- ${run.server.version}`);
  out.push(`- Settings: ${Object.entries(run.server.settings).map(([k, v]) => `${k}=${v}`).join(", ")}`);
  out.push(`- Peers: ${Object.entries(run.peers).map(([k, v]) => `${k} ${v}`).join(", ")}`);
  out.push(`- Duly at commit ${run.code.commit}${run.code.uncommittedEngineFiles.length > 0 ? ` with uncommitted engine changes: ${run.code.uncommittedEngineFiles.join("; ")}` : " (engine files clean)"}`);
  out.push(`- Options: ${JSON.stringify(run.options)}`);
  for (const reason of run.skipped) out.push(`- Skipped: ${reason}`);
  out.push("");

  if (run.drains.length > 0) {
    const rows = groupDrains(run.drains);
    out.push("### Drain: due no-op jobs, jobs/s (median of runs; min–max)");
    out.push("");
    out.push("| peer | settings | jobs | runs | jobs/s | min–max jobs/s | drain ms | WAL bytes/job | others' CPU % before/during each run |");
    out.push("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const row of rows) {
      const rates = row.runs.map((r) => perSecond(r.jobs, r.drainMs));
      out.push(
        `| ${row.peer} | ${row.settings} | ${row.jobs.toLocaleString("en-US")} | ${row.runs.length} | **${fmt(row.rate)}** | ${fmt(Math.min(...rates))}–${fmt(Math.max(...rates))} | ${fmt(median(row.runs.map((r) => r.drainMs)))} | ${fmt(median(row.runs.map((r) => r.walBytes / r.jobs)))} | ${row.runs.map(busyPercent).join(" ")} |`,
      );
    }
    out.push("");
    const dulyBest = best(rows, (r) => r.peer === "Duly");
    const dulyPerJob = best(rows, (r) => r.peer === "Duly" && r.settings.endsWith("groupWindowMs 0"));
    const graphileBest = best(rows, (r) => r.peer === "graphile-worker");
    // Local queue without batched completions: each completion its own statement, as Duly's.
    const graphileLocalQueue = best(rows, (r) => r.peer === "graphile-worker" && /localQueue\.size [1-9]/.test(r.settings) && r.settings.endsWith("completeJobBatchDelay -1"));
    const bossBest = best(rows, (r) => r.peer === "pg-boss");
    out.push("| comparison | jobs/s | vs graphile-worker best | vs graphile-worker local queue | vs pg-boss best |");
    out.push("| --- | ---: | ---: | ---: | ---: |");
    const compare = (label: string, row: DrainRow | undefined) => {
      if (row) out.push(`| ${label} (${row.settings}) | ${fmt(row.rate)} | ${ratio(row.rate, graphileBest?.rate)} | ${ratio(row.rate, graphileLocalQueue?.rate)} | ${ratio(row.rate, bossBest?.rate)} |`);
    };
    compare("Duly best", dulyBest);
    compare("Duly one transaction per job", dulyPerJob);
    if (graphileBest) out.push(`| graphile-worker best (${graphileBest.settings}) | ${fmt(graphileBest.rate)} | | | |`);
    if (graphileLocalQueue) out.push(`| graphile-worker local queue (${graphileLocalQueue.settings}) | ${fmt(graphileLocalQueue.rate)} | | | |`);
    if (bossBest) out.push(`| pg-boss best (${bossBest.settings}) | ${fmt(bossBest.rate)} | | | |`);
    out.push("");

    out.push("### Enqueue: all jobs of a drain run in one call");
    out.push("");
    out.push("| peer | call | jobs | runs | median ms | jobs/s |");
    out.push("| --- | --- | ---: | ---: | ---: | ---: |");
    const calls: Record<string, string> = { Duly: "scheduleMany (one transaction)", "graphile-worker": "addJobs", "pg-boss": "insert([...])" };
    const enqueueGroups = new Map<string, DrainResult[]>();
    for (const d of run.drains) enqueueGroups.set(`${d.peer}\u0000${d.jobs}`, [...(enqueueGroups.get(`${d.peer}\u0000${d.jobs}`) ?? []), d]);
    for (const runs of enqueueGroups.values()) {
      const ms = median(runs.map((r) => r.enqueueMs));
      out.push(`| ${runs[0]!.peer} | ${calls[runs[0]!.peer] ?? ""} | ${runs[0]!.jobs.toLocaleString("en-US")} | ${runs.length} | ${fmt(ms)} | ${fmt(perSecond(runs[0]!.jobs, ms))} |`);
    }
    out.push("");
  }

  if (run.pgbench && run.pgbench.length > 0) {
    out.push(`### Ceiling: pgbench, one client, claim 100 + complete (two commits per 100 rows)`);
    out.push("");
    out.push(`${run.pgbench[0]!.version}: ${run.pgbench.map((r) => `${fmt(r.rowsPerSec)} (others' CPU ${busyPercent(r)}%)`).join(", ")} rows/s → median **${fmt(median(run.pgbench.map((r) => r.rowsPerSec)))} rows/s**`);
    out.push("");
  }

  if (run.idle) {
    out.push(`### Idle tick: \`tick({ mode: "drain", budgetMs: 1000 })\` with nothing due (others' CPU ${busyPercent(run.idle)}% before/during)`);
    out.push("");
    out.push("| future jobs | ticks | median ms | p95 ms | max ms |");
    out.push("| ---: | ---: | ---: | ---: | ---: |");
    for (const r of run.idle.results) {
      out.push(`| ${r.futureJobs.toLocaleString("en-US")} | ${r.ticks} | ${fmt(median(r.durationsMs), 2)} | ${fmt(p95(r.durationsMs), 2)} | ${fmt(Math.max(...r.durationsMs), 2)} |`);
    }
    out.push("");
    const parts = run.idle.breakdown;
    if (parts) {
      out.push(`Its parts, each timed alone ${parts.claimMs.length} times at the largest size on a connection of the tick's pool (named statements):`);
      out.push("");
      out.push("| part | median ms | p95 ms | max ms |");
      out.push("| --- | ---: | ---: | ---: |");
      const part = (label: string, ms: number[]) => out.push(`| ${label} | ${fmt(median(ms), 2)} | ${fmt(p95(ms), 2)} | ${fmt(Math.max(...ms), 2)} |`);
      part("pool checkout + release", parts.checkoutMs);
      part("`SELECT 1` (round-trip floor)", parts.selectOneMs);
      part("housekeeping (first of a tick: database clock, lag)", parts.housekeepingMs);
      part("claim (limit 8, nothing due)", parts.claimMs);
      out.push("");
    }
    const explain = (title: string, text: string | undefined) => {
      if (!text) return;
      out.push(title);
      out.push("");
      out.push("```");
      out.push(text);
      out.push("```");
      out.push("");
    };
    explain("Claim statement at the largest size, `EXPLAIN (ANALYZE, BUFFERS)`:", run.idle.explain);
    explain("Housekeeping statement:", run.idle.explainHousekeeping);
    explain("Next-work probe of a staying tick (`millisecondsUntilNextWork`):", run.idle.explainNextWork);
  }

  if (run.delays.length > 0) {
    out.push("### Start delay: handler start minus scheduled instant (ms)");
    out.push("");
    out.push("| peer | settings | runs | jobs started | p50 (median of runs) | p95 (median of runs) | max (all runs) | others' CPU % before/during |");
    out.push("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    const groups = new Map<string, DelayResult[]>();
    for (const d of run.delays) groups.set(`${d.peer}\u0000${d.settings}`, [...(groups.get(`${d.peer}\u0000${d.settings}`) ?? []), d]);
    for (const runs of groups.values()) {
      const started = runs.reduce((n, r) => n + r.delaysMs.length, 0);
      const planned = started + runs.reduce((n, r) => n + r.missing, 0);
      out.push(
        `| ${runs[0]!.peer} | ${runs[0]!.settings} | ${runs.length} | ${started}/${planned} | ${fmt(median(runs.map((r) => quantile(r.delaysMs, 0.5))))} | ${fmt(median(runs.map((r) => p95(r.delaysMs))))} | ${fmt(Math.max(...runs.flatMap((r) => r.delaysMs)))} | ${runs.map(busyPercent).join(" ")} |`,
      );
      for (const [name] of Object.entries(runs[0]!.extra ?? {})) {
        const series = runs.map((r) => r.extra?.[name] ?? []);
        out.push(`| ${runs[0]!.peer} (${name}) | same runs | ${runs.length} | ${series.reduce((n, s) => n + s.length, 0)} | ${fmt(median(series.map((s) => quantile(s, 0.5))))} | ${fmt(median(series.map((s) => p95(s))))} | ${fmt(Math.max(...series.flat()))} | |`);
      }
    }
    out.push("");
  }

  if (run.nows && run.nows.length > 0) {
    out.push("### Now: a job due now, from just before its COMMIT to its handler's start (ms)");
    out.push("");
    out.push("| peer | settings | runs | jobs started | p50 | p95 | p99 | max | p95 of each run | others' CPU % before/during |");
    out.push("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |");
    const groups = new Map<string, DelayResult[]>();
    for (const d of run.nows) groups.set(`${d.peer}\u0000${d.settings}`, [...(groups.get(`${d.peer}\u0000${d.settings}`) ?? []), d]);
    for (const runs of groups.values()) {
      const all = runs.flatMap((r) => r.delaysMs);
      const planned = all.length + runs.reduce((n, r) => n + r.missing, 0);
      out.push(
        `| ${runs[0]!.peer} | ${runs[0]!.settings} | ${runs.length} | ${all.length}/${planned} | **${fmt(quantile(all, 0.5))}** | **${fmt(quantile(all, 0.95))}** | ${fmt(quantile(all, 0.99))} | ${fmt(Math.max(...all))} | ${runs.map((r) => fmt(p95(r.delaysMs))).join(" ")} | ${runs.map(busyPercent).join(" ")} |`,
      );
    }
    out.push("");
    out.push("p50/p95/p99/max over every job of every run.");
    out.push("");
  }
  if (run.fairClaims) out.push(...renderFairClaims(run.fairClaims));
  return out.join("\n");
}
