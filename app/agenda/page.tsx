// "Due in the next 7 days": the schedule is data, so the agenda is a read of scheduled_jobs.
// Late work comes first (overdue pending jobs and running ones): when ticks stop or fall behind,
// those are the jobs an operator needs to see, and a window starting at "now" would hide them.
// Thin server component: parse the URL, call lib/scheduler, hand plain rows to the tables.
// Every time on it is in the operator's display zone, as on every other page.
// A bad URL never reaches it in practice: proxy.ts answers it with HTTP 400 first.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { getDb } from "@/lib/db/client.ts";
import { agenda, databaseClock } from "@/lib/scheduler/index.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { duration, relativeTime } from "@/lib/format/relative-time.ts";
import type { AgendaItem } from "@/lib/scheduler/index.ts";
import { JobsTable, type JobRow } from "@/components/jobs-table.tsx";
import { timeTravelEnabled, type RawSearchParams } from "@/app/_lib/search-params.ts";
import { upcomingResets } from "@/lib/quotas/index.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { formatInZone } from "@/lib/time/zoned-time.ts";
import { instantsInZone } from "@/lib/time/zoned-text.ts";
import { ZonedTime } from "@/components/zoned-time.tsx";
import { defaultDays, parseAgendaQuery } from "./agenda-query.ts";
import { QuotaResetsSection, quotaAccountLimit } from "./quota-resets-section.tsx";

// Reads the database on every request.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Agenda" };

const dayMs = 86_400_000;
/** Each list shows at most this many jobs; the page says so when it cuts one. */
const rowLimit = 500;
const windowChoices = [1, 7, 30];

export default async function AgendaPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  await requireViewer();
  const parsed = parseAgendaQuery(await searchParams, { timeTravel: timeTravelEnabled() });
  if (!parsed.ok) {
    return (
      <>
        <h1>Agenda</h1>
        <p role="alert" className="notice notice-error">
          This link has a bad parameter: {parsed.error}. <Link href="/agenda">Show the next {defaultDays} days</Link>.
        </p>
      </>
    );
  }

  const { days, asOf } = parsed.query;
  const { zone } = await displayZone();
  const db = getDb();
  // Late or due by the database's clock, the one every tick decides by, not this server's.
  // A connection lost under a read is read again (a restarted pooler, a killed backend).
  const now = asOf ?? (await readWithRetry(async () => (await databaseClock(db))()));
  const to = new Date(now.getTime() + days * dayMs);
  const { late, upcoming } = await readWithRetry(() => agenda(db, { now, to, limit: rowLimit }));
  const quotaResets = await readWithRetry(() => upcomingResets(db, { now, to, limit: quotaAccountLimit }));
  const toRow = (item: AgendaItem, when: string): JobRow => ({
    id: item.id,
    jobType: item.jobType,
    runAt: item.runAt.toISOString(),
    runAtText: formatInZone(item.runAt, zone),
    runAtRelative: when,
    status: item.status,
    subject: item.subjectType ? `${item.subjectType}:${item.subjectId ?? ""}` : null,
    attempts: item.attempts,
    maxAttempts: item.maxAttempts,
    lastError: item.lastError === null ? null : instantsInZone(item.lastError, zone),
  });
  // How late: a pending job has waited that long past its time; a running one has started
  // (and, seen from a travelled clock, may not even be due yet).
  const lateRows = late.map((item) =>
    toRow(item, item.status === "running" ? `running, due ${relativeTime(item.runAt, now)}` : `${duration(now.getTime() - item.runAt.getTime())} late`),
  );
  const rows = upcoming.map((item) => toRow(item, relativeTime(item.runAt, now)));
  const title = `Due in the next ${days === 1 ? "day" : `${days} days`}`;

  return (
    <>
      <div className="page-heading">
        <h1>Agenda</h1>
        <nav aria-label="Window" className="segmented">
          {windowChoices.map((choice) => {
            const href = asOf ? `/agenda?days=${choice}&now=${encodeURIComponent(asOf.toISOString())}` : `/agenda?days=${choice}`;
            return (
              <Link key={choice} href={href} aria-current={choice === days ? "page" : undefined}>
                {choice === 1 ? "1 day" : `${choice} days`}
              </Link>
            );
          })}
        </nav>
      </div>
      {asOf ? (
        <p className="notice" role="status">
          Time travel: showing the agenda as of <ZonedTime now={now} instant={asOf} zone={zone} />. <Link href={`/agenda?days=${days}`}>Back to now</Link>
        </p>
      ) : null}

      <section aria-labelledby="late-heading" className="agenda-section">
        <h2 id="late-heading">Late</h2>
        <p className="muted">
          Pending jobs whose time has passed and running jobs, most overdue first. Ticks start a due job
          within about a second, so pending jobs that stay here mean the cron (or <code>npm start</code>&apos;s
          ticker) has stopped or fallen behind.
        </p>
        {lateRows.length === 0 ? (
          <p className="empty">Nothing is late.</p>
        ) : (
          <JobsTable rows={lateRows} label="Late" />
        )}
        {lateRows.length === rowLimit ? <p className="muted">Showing the {rowLimit} most overdue jobs only.</p> : null}
      </section>

      <section aria-labelledby="window-heading" className="agenda-section">
        <h2 id="window-heading">{title}</h2>
        <p className="muted">
          Pending jobs from <ZonedTime now={now} instant={now} zone={zone} /> to <ZonedTime now={now} instant={to} zone={zone} />, soonest first.
        </p>
        {rows.length === 0 ? (
          <p className="empty">Nothing is due in this window.</p>
        ) : (
          <JobsTable rows={rows} label={title} />
        )}
        {rows.length === rowLimit ? <p className="muted">Showing the first {rowLimit} jobs only.</p> : null}
      </section>

      <QuotaResetsSection resets={quotaResets} days={days} zone={zone} now={now} />
    </>
  );
}
