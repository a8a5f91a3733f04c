// The tables of the fair-claims scenarios (paused, backlog) for a run's markdown.
import type { BacklogResult, FairClaimsExplain, PausedMixResult, PausedResult } from "../peers/duly-fair-claims.ts";
import { fmt, median, p95, quantile } from "./stats.ts";

export interface FairClaimsRuns {
  paused: PausedResult[];
  backlog: BacklogResult[];
  explains: FairClaimsExplain[];
  /** The paused-mix scenario (absent in runs before it existed). */
  pausedMix?: Array<PausedMixResult & { otherCpuBusy?: number; otherCpuDuring?: number }>;
}

const percent = (f: number | undefined) => (f === undefined || !Number.isFinite(f) ? "?" : (f * 100).toFixed(0));
const busy = (r: { otherCpuBusy?: number; otherCpuDuring?: number }) => `${percent(r.otherCpuBusy)}/${percent(r.otherCpuDuring)}`;

function groupBy<T>(items: T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}

export function renderFairClaims(runs: FairClaimsRuns): string[] {
  const out: string[] = [];
  if (runs.paused.length > 0) {
    out.push("### Paused backlog: another type's claim, next-work probe and drain (ms; median of runs' p50 / p95)");
    out.push("");
    out.push("| engine | paused due jobs | runs | claim of 32 p50 | claim p95 | claim p95 / none | claim p95 each run | its p95 / none's, same round | next-work p50 | next-work p95 | next-work p95 each run | drain 20k ms | lag reported | load (1 min) each run | others' CPU % before/during |");
    out.push("| --- | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | --- | ---: | ---: | --- | --- |");
    for (const group of groupBy(runs.paused, (r) => `${r.engine}\u0000${r.pausedJobs}`)) {
      const first = group[0]!;
      const none = runs.paused.filter((r) => r.engine === first.engine && r.pausedJobs === 0);
      const claimP95 = median(group.map((r) => p95(r.claimMs)));
      const noneP95 = median(none.map((r) => p95(r.claimMs)));
      // Run i of a size and run i of none are from the same round (minutes apart): their ratio is
      // the least exposed to the machine's load changing between rounds.
      const sameRound = group.map((r, i) => (none[i] ? `${(p95(r.claimMs) / p95(none[i].claimMs)).toFixed(2)}x` : "n/a")).join(" ");
      out.push(
        `| ${first.engine} | ${first.pausedJobs.toLocaleString("en-US")} | ${group.length} | ${fmt(median(group.map((r) => quantile(r.claimMs, 0.5))), 2)} | **${fmt(claimP95, 2)}** | ${none.length > 0 ? `${(claimP95 / noneP95).toFixed(2)}x` : "n/a"} | ${group.map((r) => fmt(p95(r.claimMs), 2)).join(" ")} | ${sameRound} | ${fmt(median(group.map((r) => quantile(r.nextWorkMs, 0.5))), 2)} | **${fmt(median(group.map((r) => p95(r.nextWorkMs))), 2)}** | ${group.map((r) => fmt(p95(r.nextWorkMs), 2)).join(" ")} | ${fmt(median(group.map((r) => r.drainMs)))} | ${fmt(median(group.map((r) => r.lagMs)) / 1000)} s | ${group.map((r) => r.load1.toFixed(1)).join(" ")} | ${group.map(busy).join(" ")} |`,
      );
    }
    out.push("");
    for (const e of runs.explains) {
      out.push(`${e.engine}, ${e.pausedJobs.toLocaleString("en-US")} paused due jobs: the claim, \`EXPLAIN (ANALYZE, BUFFERS)\`:`);
      out.push("", "```", e.claim, "```", "");
      out.push("The next-work probe:", "", "```", e.nextWork, "```", "");
    }
  }
  if (runs.pausedMix && runs.pausedMix.length > 0) {
    out.push("### Paused backlog, interleaved: every engine and size timed in alternating blocks (ms)");
    out.push("");
    out.push("| engine | paused due jobs | claims | claim p50 | claim p95 | claim p50 / none | claim p95 / none | next-work p50 | next-work p95 | next-work p95 / none | load (1 min) at its blocks | others' CPU % before/during |");
    out.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |");
    for (const r of runs.pausedMix) {
      const none = runs.pausedMix.find((n) => n.engine === r.engine && n.pausedJobs === 0);
      const ratio = (a: number, b: number | undefined) => (b === undefined ? "n/a" : `${(a / b).toFixed(2)}x`);
      out.push(
        `| ${r.engine} | ${r.pausedJobs.toLocaleString("en-US")} | ${r.claimMs.length} | ${fmt(quantile(r.claimMs, 0.5), 2)} | **${fmt(p95(r.claimMs), 2)}** | ${ratio(quantile(r.claimMs, 0.5), none && quantile(none.claimMs, 0.5))} | **${ratio(p95(r.claimMs), none && p95(none.claimMs))}** | ${fmt(quantile(r.nextWorkMs, 0.5), 2)} | **${fmt(p95(r.nextWorkMs), 2)}** | ${ratio(p95(r.nextWorkMs), none && p95(none.nextWorkMs))} | ${Math.min(...r.load1).toFixed(1)}-${Math.max(...r.load1).toFixed(1)} | ${busy(r)} |`,
      );
    }
    out.push("");
  }
  if (runs.backlog.length > 0) {
    out.push("### Another type's backlog: start delay of 200 due jobs of a second type (handler start − instant, ms)");
    out.push("");
    out.push("| engine | backlog jobs | runs | started | p50 (median of runs) | p95 (median of runs) | p95 of each run | max | job_runs p95 (median) | backlog jobs claimed meanwhile | load (1 min) each run | others' CPU % before/during |");
    out.push("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- | --- |");
    for (const group of groupBy(runs.backlog, (r) => `${r.engine}\u0000${r.backlogJobs}`)) {
      const first = group[0]!;
      const started = group.reduce((n, r) => n + r.delaysMs.length, 0);
      const planned = started + group.reduce((n, r) => n + r.missing, 0);
      out.push(
        `| ${first.engine} | ${first.backlogJobs.toLocaleString("en-US")} | ${group.length} | ${started}/${planned} | ${fmt(median(group.map((r) => quantile(r.delaysMs, 0.5))))} | **${fmt(median(group.map((r) => p95(r.delaysMs))))}** | ${group.map((r) => fmt(p95(r.delaysMs))).join(" ")} | ${fmt(Math.max(...group.flatMap((r) => r.delaysMs)))} | ${fmt(median(group.map((r) => p95(r.recordedMs))))} | ${group.map((r) => r.backlogClaimed.toLocaleString("en-US")).join(" ")} | ${group.map((r) => r.load1.toFixed(1)).join(" ")} | ${group.map(busy).join(" ")} |`,
      );
    }
    out.push("");
    out.push("A job that had not started when the run ended counts as missing (the started column), not in the percentiles.");
    out.push("");
  }
  return out;
}
