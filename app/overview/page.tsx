// The operator's first look: the next 7 days of work by type (a day's hours on click), what is
// due now and how late, failures and dead jobs in the last 24 hours, the last tick, and alarms
// when ticks have stopped or a recurring schedule this code declares is missing or retired.
// Refreshes itself without losing the operator's place.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { databaseClock, lastTick } from "@/lib/scheduler/index.ts";
import {
  declaredSchedulesNotInForce, dueByDay, dueByHour, failedAttempts24h, figureCap, overviewFigures, pausedJobTypes, type DueBucket,
} from "@/lib/scheduler/admin/index.ts";
import { duration } from "@/lib/format/relative-time.ts";
import { formatInZone, parseLocalDateTime, resolveLocalTime, localPartsOf } from "@/lib/time/zoned-time.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { timeTravelEnabled, type RawSearchParams } from "@/app/_lib/search-params.ts";
import { parseOverviewQuery } from "./overview-query.ts";
import { AutoRefresh } from "@/components/auto-refresh.tsx";
import { DueChart, type ChartColumn } from "@/components/due-chart.tsx";
import { ZonedTime } from "@/components/zoned-time.tsx";
import { QuotaResetsPanel } from "@/components/quota-resets-panel.tsx";
import { upcomingResets } from "@/lib/quotas/index.ts";
import { catalogue } from "@/jobs/index.ts";
import { jobTypeColors } from "@/lib/format/job-type-colors.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Overview" };

const dayMs = 86_400_000;
/** No tick for this long means the cron trigger (or npm start's ticker) has stopped. */
export const tickAlarmMs = 3 * 60_000;
const refreshSeconds = 15;


/** The instant a local day starts in `zone` (its first existing minute). */
function startOfLocalDay(day: string, zone: string): Date {
  for (let hour = 0; hour < 3; hour++) {
    const resolved = resolveLocalTime(parseLocalDateTime(`${day}T0${hour}:00`)!, zone);
    if (resolved.kind === "exact") return resolved.instant;
    if (resolved.kind === "ambiguous") return resolved.earlier;
  }
  return new Date(`${day}T00:00:00Z`);
}

function nextLocalDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + dayMs).toISOString().slice(0, 10);
}

function columnsOf(buckets: DueBucket[], keys: string[], label: (key: string) => string, href?: (key: string) => string): ChartColumn[] {
  return keys.map((key) => {
    const counts: Record<string, number> = {};
    for (const b of buckets.filter((b) => b.bucket === key)) counts[b.jobType] = b.count;
    return { key, label: label(key), href: href?.(key), counts };
  });
}

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

export default async function OverviewPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  await requireViewer();
  const { zone } = await displayZone();
  // A bad query never gets here (proxy.ts answers it 400).
  const parsed = parseOverviewQuery(await searchParams, { timeTravel: timeTravelEnabled() });
  const selectedDay = parsed.ok ? parsed.day : undefined;
  const asOf = parsed.ok ? parsed.now : undefined;
  const db = getDb();
  const now = asOf ?? (await readWithRetry(async () => (await databaseClock(db))()));
  const travel = asOf ? `&now=${encodeURIComponent(asOf.toISOString())}` : "";
  const today = (() => {
    const p = localPartsOf(now, zone);
    return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
  })();
  const days = [today];
  while (days.length < 8) days.push(nextLocalDay(days[days.length - 1]!));
  const weekEnd = new Date(now.getTime() + 7 * dayMs);

  // The reads are independent: issued together, on connections of the pool, so the page waits
  // for the slowest of them rather than for their sum.
  const hourWindow = selectedDay ? { from: startOfLocalDay(selectedDay, zone), to: startOfLocalDay(nextLocalDay(selectedDay), zone) } : null;
  const [byDay, figures, failures24h, resets, tick, paused, notInForce, byHour] = await Promise.all([
    readWithRetry(() => dueByDay(db, { from: now, to: weekEnd, zone })),
    readWithRetry(() => overviewFigures(db, now)),
    readWithRetry(() => failedAttempts24h(db, now)),
    // Counts per local day only: the agenda lists the accounts themselves.
    readWithRetry(() => upcomingResets(db, { now, to: new Date(now.getTime() + 7 * 86_400_000), limit: 0 })),
    readWithRetry(() => lastTick(db)),
    readWithRetry(() => pausedJobTypes(db)),
    readWithRetry(() => declaredSchedulesNotInForce(db, catalogue.recurring.map((d) => d.name))),
    hourWindow ? readWithRetry(() => dueByHour(db, { from: hourWindow.from < now ? now : hourWindow.from, to: hourWindow.to, zone })) : null,
  ]);
  const resetsSummary = { late: resets.late, days: resets.days, total: resets.late + resets.days.reduce((sum, d) => sum + d.accounts, 0) };
  let hourly: { columns: ChartColumn[]; types: string[] } | null = null;
  if (selectedDay && byHour) {
    const hours = Array.from({ length: 24 }, (_, h) => `${selectedDay}T${String(h).padStart(2, "0")}`);
    hourly = { columns: columnsOf(byHour, hours, (key) => key.slice(11)), types: [...new Set(byHour.map((b) => b.jobType))].sort() };
  }
  const types = [...new Set(byDay.map((b) => b.jobType))].sort();
  const weekColumns = columnsOf(byDay, days.slice(0, 8), weekday, (day) => `/overview?day=${day}${travel}`).filter((c, i) => i < 7 || Object.keys(c.counts).length > 0);
  const weekTotal = byDay.reduce((sum, b) => sum + b.count, 0);
  const tickAge = tick ? now.getTime() - tick.at.getTime() : null;
  const ticksStopped = tickAge === null || tickAge > tickAlarmMs;
  const lagMs = figures.oldestDue ? now.getTime() - figures.oldestDue.getTime() : 0;

  return (
    <>
      <div className="page-heading">
        <h1>Overview</h1>
        <AutoRefresh seconds={refreshSeconds} renderedAt={now.toISOString()} renderedText={formatInZone(now, zone)} />
      </div>

      {asOf ? (
        <p className="notice" role="status">
          Time travel: showing the overview as of {formatInZone(asOf, zone)}. <Link href="/overview">Back to now</Link>
        </p>
      ) : null}
      {ticksStopped ? (
        <div role="alert" className="notice notice-alarm">
          {tick
            ? `No tick has run for ${duration(tickAge!)} (the last ended ${formatInZone(tick.at, zone)}).`
            : "No tick has been recorded yet."}{" "}
          The cron trigger (Vercel Cron, or npm start&apos;s ticker) has stopped firing or every tick fails: due jobs are not running.
          See docs/deploy.md.
        </div>
      ) : null}
      {notInForce.length > 0 ? (
        <div role="alert" className="notice notice-alarm">
          Recurring schedules this deployment declares are not running:{" "}
          {notInForce.map((s) => `${s.name} (${s.retiredAt ? `retired ${formatInZone(s.retiredAt, zone)}` : "missing"})`).join(", ")}.
          This deployment&apos;s next tick puts them back; if this stays, its ticks do not reach this database (the cron calls
          another deployment) or they fail. See <Link href="/recurring">Recurring</Link> and docs/deploy.md.
        </div>
      ) : null}
      {paused.length > 0 ? (
        <p className="notice" role="status">
          Paused job types (not run by any tick): {paused.join(", ")}. <Link href="/job-types">Job types</Link>
        </p>
      ) : null}

      <div className="cards">
        <div className="card">
          <h2>Due now</h2>
          <p className="figure">{figures.dueNow > figureCap ? `${figureCap.toLocaleString("en")}+` : figures.dueNow.toLocaleString("en")}</p>
          <Link href={`/jobs?status=pending&to=${encodeURIComponent(now.toISOString())}`} className="muted">
            late jobs
          </Link>
        </div>
        <div className="card">
          <h2>Lag</h2>
          <p className="figure">{figures.oldestDue ? duration(lagMs) : "none"}</p>
          <span className="muted">age of the oldest due job</span>
        </div>
        <div className="card">
          <h2>Failures, 24 h</h2>
          <p className="figure">{failures24h.toLocaleString("en")}</p>
          <span className="muted">failed or lost attempts</span>
        </div>
        <div className="card">
          <h2>Dead, 24 h</h2>
          <p className="figure">{figures.dead24h.toLocaleString("en")}</p>
          <Link href="/jobs?status=dead&dir=desc" className="muted">
            {figures.deadTotal > figureCap ? `${figureCap.toLocaleString("en")}+` : figures.deadTotal.toLocaleString("en")} dead in all
          </Link>
        </div>
        <div className="card">
          <h2>Last tick</h2>
          {tick ? (
            <>
              <ZonedTime now={now} instant={tick.at} zone={zone} />
              <p className="muted">
                {tick.summary.status ?? "?"}: claimed {tick.summary.claimed ?? 0}, succeeded {tick.summary.succeeded ?? 0}, failed {tick.summary.failed ?? 0}, dead{" "}
                {tick.summary.dead ?? 0}; {tick.summary.durationMs ?? 0} ms
                {tick.summary.errors?.length ? `; ${tick.summary.errors.length} error(s): ${tick.summary.errors[0]}` : ""}
              </p>
            </>
          ) : (
            <p className="muted">none recorded</p>
          )}
        </div>
      </div>

      <div className="overview-grid">
        <section aria-labelledby="week-heading">
          <h2 id="week-heading">Due in the next 7 days</h2>
          {weekTotal === 0 ? (
            <p className="empty">Nothing is due in the next 7 days.</p>
          ) : (
            <DueChart columns={weekColumns} types={types} colors={jobTypeColors(catalogue.all().map((d) => d.name), types)} caption={`${weekTotal.toLocaleString("en")} pending job${weekTotal === 1 ? "" : "s"}, per day in ${zone}. Choose a day for its hours.`} />
          )}
          {selectedDay && hourly ? (
            <section aria-labelledby="hours-heading">
              <h3 id="hours-heading">
                {weekday(selectedDay)}, per hour ({zone}) <Link href={asOf ? `/overview?now=${encodeURIComponent(asOf.toISOString())}` : "/overview"} scroll={false} className="muted">close</Link>
              </h3>
              <DueChart columns={hourly.columns} types={hourly.types} colors={jobTypeColors(catalogue.all().map((d) => d.name), hourly.types)} caption={`Jobs due on ${selectedDay} by hour in ${zone}.`} />
            </section>
          ) : null}
        </section>
        <QuotaResetsPanel resets={resetsSummary} />
      </div>
    </>
  );
}
