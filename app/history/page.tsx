// What ran over time: the last 24 hours per minute or hour, or the last 7 days per hour, per job
// type: attempts that succeeded and failed, how late they started, and per tick the lag and the
// jobs left due (lib/scheduler/admin/history.ts reads the run tallies and the tick history, a
// few rows per bucket whatever the number of jobs). Buckets are local to the display zone.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { runHistory, tickHistory } from "@/lib/scheduler/admin/index.ts";
import { formatInZone } from "@/lib/time/zoned-time.ts";
import { duration } from "@/lib/format/relative-time.ts";
import { ZonedTime } from "@/components/zoned-time.tsx";
import { jobTypeColors } from "@/lib/format/job-type-colors.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { timeTravelEnabled, type RawSearchParams } from "@/app/_lib/search-params.ts";
import { HistoryCharts } from "@/components/history-charts.tsx";
import { historyBuckets, historyChartData, runsInBuckets, ticksInBuckets } from "@/lib/format/history-chart-data.ts";
import { catalogue } from "@/jobs/index.ts";
import { historyRanges, parseHistoryQuery, type HistoryQuery } from "./history-query.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "History" };

const minuteMs = 60_000;

function linkWith(query: HistoryQuery, change: Partial<HistoryQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams({ range: next.range, step: next.range === "7d" ? "hour" : next.step });
  if (next.jobType) params.set("type", next.jobType);
  if (next.now) params.set("now", next.now.toISOString());
  return `/history?${params.toString()}`;
}

export default async function HistoryPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  await requireViewer();
  const { zone } = await displayZone();
  // A bad query never gets here (proxy.ts answers it 400).
  const parsed = parseHistoryQuery(await searchParams, { timeTravel: timeTravelEnabled() });
  const query: HistoryQuery = parsed.ok ? parsed.query : { range: "24h", step: "minute", jobType: undefined, now: undefined };
  const db = getDb();
  const now = query.now ?? (await readWithRetry(async () => (await databaseClock(db))()));
  // Up to the end of the current minute: the bucket under way is drawn too.
  const to = new Date(Math.floor(now.getTime() / minuteMs) * minuteMs + minuteMs);
  const from = new Date(to.getTime() - historyRanges[query.range]);
  const window = { from, to, step: query.step, zone };
  const [timedRuns, timedTicks] = await Promise.all([readWithRetry(() => runHistory(db, window)), readWithRetry(() => tickHistory(db, window))]);
  const buckets = historyBuckets(from, to, query.step, zone);
  // Placed by instant, not by the local minute's text: a fall-back night repeats that text.
  const allRuns = runsInBuckets(buckets, timedRuns);
  const ticks = ticksInBuckets(buckets, timedTicks);
  const runs = query.jobType ? allRuns.filter((r) => r.jobType === query.jobType) : allRuns;
  const declared = catalogue.all().map((d) => d.name);
  const types = [...new Set(allRuns.map((r) => r.jobType))].sort();
  const shownTypes = query.jobType ? [query.jobType] : types;
  const colors = jobTypeColors(declared, [...types, ...shownTypes]);

  const totals = new Map<string, { started: number; succeeded: number; failed: number; maxDelayMs: number }>();
  for (const r of runs) {
    const t = totals.get(r.jobType) ?? { started: 0, succeeded: 0, failed: 0, maxDelayMs: 0 };
    t.started += r.started;
    t.succeeded += r.succeeded;
    t.failed += r.failed;
    t.maxDelayMs = Math.max(t.maxDelayMs, r.maxDelayMs ?? 0);
    totals.set(r.jobType, t);
  }
  const bucketByKey = new Map(buckets.map((b) => [b.key, b]));
  const failing = runs.filter((r) => r.failed > 0).slice(-50).reverse();
  const stepLabel = query.step;
  const rangeText = query.range === "24h" ? "24 hours" : "7 days";
  const jobsLink = (type: string, window: { from: string; to: string }) => `/jobs?${new URLSearchParams({ type, from: window.from, to: window.to }).toString()}`;

  return (
    <>
      <div className="page-heading">
        <h1>History</h1>
      </div>
      <p className="muted">
        The last {rangeText} up to {formatInZone(now, zone)}, per {stepLabel} in {zone}. Counts come from every attempt the engine started or
        ended; lag and due jobs from each recorded tick.
      </p>
      {query.now ? (
        <p className="notice" role="status">
          Time travel: showing the history as of {formatInZone(query.now, zone)}. <Link href={linkWith(query, { now: undefined })}>Back to now</Link>
        </p>
      ) : null}
      <nav aria-label="History window" className="filters">
        <span>Window:</span>{" "}
        <Link href={linkWith(query, { range: "24h", step: "minute" })} aria-current={query.range === "24h" && query.step === "minute" ? "page" : undefined}>
          24 hours per minute
        </Link>{" "}
        <Link href={linkWith(query, { range: "24h", step: "hour" })} aria-current={query.range === "24h" && query.step === "hour" ? "page" : undefined}>
          24 hours per hour
        </Link>{" "}
        <Link href={linkWith(query, { range: "7d", step: "hour" })} aria-current={query.range === "7d" ? "page" : undefined}>
          7 days per hour
        </Link>
      </nav>
      <form method="get" action="/history" className="filters">
        <input type="hidden" name="range" value={query.range} />
        <input type="hidden" name="step" value={query.step} />
        {query.now ? <input type="hidden" name="now" value={query.now.toISOString()} /> : null}
        <label>
          Job type{" "}
          <select name="type" defaultValue={query.jobType ?? ""}>
            <option value="">every type</option>
            {[...new Set([...declared, ...types])].sort().map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>{" "}
        <button type="submit">Show</button>
      </form>

      <HistoryCharts data={historyChartData(query.step, buckets, buckets.at(-1)?.to ?? to, shownTypes, runs, ticks)} colors={colors} />

      <h2>By job type</h2>
      {totals.size === 0 ? (
        <p className="muted">No attempt started or ended in this window.</p>
      ) : (
        <div className="table-wrap">
        <table aria-label="Attempts by job type">
          <thead>
            <tr>
              <th scope="col">Job type</th>
              <th scope="col">Started</th>
              <th scope="col">Succeeded</th>
              <th scope="col">Failed</th>
              <th scope="col">Latest start delay</th>
              <th scope="col">Jobs</th>
            </tr>
          </thead>
          <tbody>
            {[...totals.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([type, t]) => (
              <tr key={type}>
                <td>
                  <span className="swatch" style={{ background: colors[type] }} /> <code>{type}</code>
                </td>
                <td>{t.started.toLocaleString("en")}</td>
                <td>{t.succeeded.toLocaleString("en")}</td>
                <td>{t.failed.toLocaleString("en")}</td>
                <td>{t.maxDelayMs > 0 ? `${duration(t.maxDelayMs)} late` : "on time"}</td>
                <td>
                  <Link href={jobsLink(type, { from: from.toISOString(), to: to.toISOString() })}>jobs of {type} due in the window</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}

      <h2>Where attempts failed</h2>
      {failing.length === 0 ? (
        <p className="muted">No attempt failed in this window.</p>
      ) : (
        <div className="table-wrap">
        <table aria-label="Failed attempts by bucket">
          <thead>
            <tr>
              <th scope="col">{query.step === "minute" ? "Minute" : "Hour"} from</th>
              <th scope="col">Job type</th>
              <th scope="col">Failed</th>
              <th scope="col">Jobs</th>
            </tr>
          </thead>
          <tbody>
            {failing.map((r) => {
              const bucket = bucketByKey.get(r.bucket);
              return (
                <tr key={`${r.bucket} ${r.jobType}`}>
                  <td>{bucket ? <ZonedTime instant={bucket.from} zone={zone} now={now} /> : r.bucket.replace("T", " ")}</td>
                  <td>
                    <code>{r.jobType}</code>
                  </td>
                  <td>{r.failed.toLocaleString("en")}</td>
                  <td>{bucket ? <Link href={jobsLink(r.jobType, { from: bucket.from.toISOString(), to: bucket.to.toISOString() })}>jobs due then</Link> : null}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        </div>
      )}
    </>
  );
}
