// The tables of the fair-claims scenarios (paused, backlog) for a run's markdown.
import type { BacklogResult, FairClaimsExplain, PausedResult } from "../peers/duly-fair-claims.ts";
import { fmt, median, p95, quantile } from "./stats.ts";

export interface FairClaimsRuns {
  paused: PausedResult[];
  backlog: BacklogResult[];
  explains: FairClaimsExplain[];
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
    out.push("| engine | paused due jobs | runs | claim of 32 p50 | claim p95 | claim p95 / none | next-work p50 | next-work p95 | drain 20k ms | lag reported | others' CPU % before/during |");
    out.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for (const group of groupBy(runs.paused, (r) => `${r.engine}\u0000${r.pausedJobs}`)) {
      const first = group[0]!;
      const none = runs.paused.filter((r) => r.engine === first.engine && r.pausedJobs === 0);
      const claimP95 = median(group.map((r) => p95(r.claimMs)));
      const noneP95 = median(none.map((r) => p95(r.claimMs)));
      out.push(
        `| ${first.engine} | ${first.pausedJobs.toLocaleString("en-US")} | ${group.length} | ${fmt(median(group.map((r) => quantile(r.claimMs, 0.5))), 2)} | **${fmt(claimP95, 2)}** | ${none.length > 0 ? `${(claimP95 / noneP95).toFixed(2)}x` : "n/a"} | ${fmt(median(group.map((r) => quantile(r.nextWorkMs, 0.5))), 2)} | **${fmt(median(group.map((r) => p95(r.nextWorkMs))), 2)}** | ${fmt(median(group.map((r) => r.drainMs)))} | ${fmt(median(group.map((r) => r.lagMs)) / 1000)} s | ${group.map(busy).join(" ")} |`,
      );
    }
    out.push("");
    for (const e of runs.explains) {
      out.push(`${e.engine}, ${e.pausedJobs.toLocaleString("en-US")} paused due jobs: the claim, \`EXPLAIN (ANALYZE, BUFFERS)\`:`);
      out.push("", "```", e.claim, "```", "");
      out.push("The next-work probe:", "", "```", e.nextWork, "```", "");
    }
  }
  if (runs.backlog.length > 0) {
    out.push("### Another type's backlog: start delay of 200 due jobs of a second type (handler start − instant, ms)");
    out.push("");
    out.push("| engine | backlog jobs | runs | started | p50 (median of runs) | p95 (median of runs) | p95 of each run | max | job_runs p95 (median) | backlog jobs claimed meanwhile | others' CPU % before/during |");
    out.push("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |");
    for (const group of groupBy(runs.backlog, (r) => `${r.engine}\u0000${r.backlogJobs}`)) {
      const first = group[0]!;
      const started = group.reduce((n, r) => n + r.delaysMs.length, 0);
      const planned = started + group.reduce((n, r) => n + r.missing, 0);
      out.push(
        `| ${first.engine} | ${first.backlogJobs.toLocaleString("en-US")} | ${group.length} | ${started}/${planned} | ${fmt(median(group.map((r) => quantile(r.delaysMs, 0.5))))} | **${fmt(median(group.map((r) => p95(r.delaysMs))))}** | ${group.map((r) => fmt(p95(r.delaysMs))).join(" ")} | ${fmt(Math.max(...group.flatMap((r) => r.delaysMs)))} | ${fmt(median(group.map((r) => p95(r.recordedMs))))} | ${group.map((r) => r.backlogClaimed.toLocaleString("en-US")).join(" ")} | ${group.map(busy).join(" ")} |`,
      );
    }
    out.push("");
    out.push("A job that had not started when the run ended counts as missing (the started column), not in the percentiles.");
    out.push("");
  }
  return out;
}
