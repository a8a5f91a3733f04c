// "Due in the next 7 days": the schedule is data, so the agenda is a read of scheduled_jobs.
// Thin server component: parse the URL, call lib/scheduler, hand plain rows to the table.
import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/lib/db/client.ts";
import { agenda } from "@/lib/scheduler/index.ts";
import { relativeTime } from "@/lib/format/relative-time.ts";
import { JobsTable, type JobRow } from "@/components/jobs-table.tsx";
import { timeTravelEnabled, type RawSearchParams } from "@/app/_lib/search-params.ts";
import { defaultDays, parseAgendaQuery } from "./agenda-query.ts";

// Reads the database on every request.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Agenda" };

const dayMs = 86_400_000;
/** The agenda shows at most this many jobs; the page says so when it cuts the list. */
const rowLimit = 500;
const windowChoices = [1, 7, 30];

export default async function AgendaPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
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
  const now = asOf ?? new Date();
  const to = new Date(now.getTime() + days * dayMs);
  const items = await agenda(getDb(), { from: now, to, limit: rowLimit });
  const rows: JobRow[] = items.map((item) => ({
    id: item.id,
    jobType: item.jobType,
    runAt: item.runAt.toISOString(),
    runAtRelative: relativeTime(item.runAt, now),
    status: item.status,
    subject: item.subjectType ? `${item.subjectType}:${item.subjectId ?? ""}` : null,
    attempts: item.attempts,
    maxAttempts: item.maxAttempts,
    lastError: item.lastError,
  }));
  const title = `Due in the next ${days === 1 ? "day" : `${days} days`}`;

  return (
    <>
      <div className="page-heading">
        <h1>{title}</h1>
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
      <p className="muted">
        Pending and running jobs from <time dateTime={now.toISOString()}>{now.toISOString()}</time> to{" "}
        <time dateTime={to.toISOString()}>{to.toISOString()}</time>, soonest first.
      </p>
      {asOf ? (
        <p className="notice" role="status">
          Time travel: showing the agenda as of {asOf.toISOString()}. <Link href={`/agenda?days=${days}`}>Back to now</Link>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="empty">Nothing is due in this window.</p>
      ) : (
        <JobsTable rows={rows} label={title} />
      )}
      {rows.length === rowLimit ? <p className="muted">Showing the first {rowLimit} jobs only.</p> : null}
    </>
  );
}
