// Every scheduled job, filtered, ordered and paged on the server; all of it in the URL.
import type { Metadata } from "next";
import { AutoRefresh } from "@/components/auto-refresh.tsx";
import Link from "@/components/link.tsx";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { countJobs, jobTypesInUse, listJobs, pausedJobTypes } from "@/lib/scheduler/admin/index.ts";
import { instantsInZone } from "@/lib/time/zoned-text.ts";
import { shortRelativeTime } from "@/lib/format/relative-time.ts";
import { formatInZone, toDateTimeLocalValue } from "@/lib/time/zoned-time.ts";
import { jobStatuses } from "@/lib/validation/fields.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { unfinishedBulks } from "@/lib/operations/bulk.ts";
import { BulkPanel } from "@/components/bulk-panel.tsx";
import { continueBulkAction, previewBulkAction, startBulkAction } from "./bulk-actions.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import type { RawSearchParams } from "@/app/_lib/search-params.ts";
import { JobsBrowser, type JobsBrowserRow } from "@/components/jobs-browser.tsx";
import { jobsHref, pageSizes, parseJobsQuery, type JobsQuery } from "./jobs-query.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Jobs" };

const hourMs = 3_600_000;

export default async function JobsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const operator = await requireViewer();
  const { zone } = await displayZone();
  const parsed = parseJobsQuery(await searchParams, zone);
  if (!parsed.ok) {
    return (
      <>
        <h1>Jobs</h1>
        <p role="alert" className="notice notice-error">
          This link has a bad parameter: {parsed.error}. <Link href="/jobs?status=any">Show every job</Link>.
        </p>
      </>
    );
  }
  const query = parsed.query;
  const db = getDb();
  // Independent reads, issued together: the page waits for the slowest, not for their sum.
  const [now, page, { count, capped }, types, pausedTypes, unfinished] = await Promise.all([
    readWithRetry(async () => (await databaseClock(db))()),
    readWithRetry(() => listJobs(db, query)),
    readWithRetry(() => countJobs(db, query)),
    readWithRetry(() => jobTypesInUse(db)),
    readWithRetry(() => pausedJobTypes(db)),
    readWithRetry(() => unfinishedBulks(db)),
  ]);
  const paused = new Set(pausedTypes);

  const rows: JobsBrowserRow[] = page.rows.map((row) => ({
    id: row.id,
    jobType: row.jobType,
    runAtText: formatInZone(row.runAt, zone),
    runAtIso: row.runAt.toISOString(),
    runAtRelative: shortRelativeTime(row.runAt, now),
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    subject: row.subjectType ? `${row.subjectType}:${row.subjectId ?? ""}` : null,
    key: row.key,
    // An error says instants as recorded (ISO, UTC); the table says them in the display zone.
    lastError: row.lastError === null ? null : instantsInZone(row.lastError, zone),
    paused: paused.has(row.jobType),
  }));
  const base: JobsQuery = { ...query, after: undefined, before: undefined };
  const presets = [
    { label: "Next week", href: jobsHref({ ...base, status: "pending" }, { from: now, to: new Date(now.getTime() + 7 * 24 * hourMs), dir: "asc" }) },
    { label: "Next 24 hours", href: jobsHref({ ...base, status: "pending" }, { from: now, to: new Date(now.getTime() + 24 * hourMs), dir: "asc" }) },
    { label: "Late", href: jobsHref({ ...base, status: "pending" }, { from: undefined, to: now, dir: "asc" }) },
    { label: "Dead", href: jobsHref({ ...base, status: "dead" }, { from: undefined, to: undefined, dir: "desc" }) },
  ];

  return (
    <>
      <div className="page-heading">
        <h1>Jobs</h1>
        <AutoRefresh seconds={15} renderedAt={now.toISOString()} renderedText={formatInZone(now, zone)} />
        <nav aria-label="Quick filters" className="presets">
          {presets.map((preset) => (
            <Link key={preset.label} href={preset.href} className="button">
              {preset.label}
            </Link>
          ))}
        </nav>
      </div>
      {/* Keyed by the query: a preset link is a client-side navigation, and an uncontrolled field
          would keep showing its old value (the next Apply would drop what the link applied). */}
      <form key={jobsHref(base)} className="toolbar" method="get" action="/jobs" aria-label="Filter jobs">
        <label className="field">
          Type
          <select name="type" defaultValue={query.jobType ?? ""}>
            <option value="">Any</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {type}
                {paused.has(type) ? " (paused)" : ""}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Status
          <select name="status" defaultValue={query.status ?? ""}>
            <option value="">Any</option>
            {jobStatuses.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Runs from ({zone})
          <input type="datetime-local" name="from" defaultValue={query.from ? toDateTimeLocalValue(query.from, zone) : ""} />
        </label>
        <label className="field">
          Until ({zone})
          <input type="datetime-local" name="to" defaultValue={query.to ? toDateTimeLocalValue(query.to, zone) : ""} />
        </label>
        <label className="field">
          Business record
          <input type="search" name="subject" placeholder="booking:42" defaultValue={query.subjectText ?? ""} />
        </label>
        <label className="field">
          Key starts with
          <input type="search" name="key" defaultValue={query.keyPrefix ?? ""} />
        </label>
        <label className="field">
          Per page
          <select name="size" defaultValue={String(query.pageSize)}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <input type="hidden" name="dir" value={query.direction} />
        <button type="submit" className="button button-primary">
          Apply
        </button>
        <Link href="/jobs?status=any" className="button">
          Clear
        </Link>
      </form>
      <p className="muted" role="status">
        {capped ? `More than ${count.toLocaleString("en")}` : count.toLocaleString("en")} matching job{count === 1 ? "" : "s"}
        {query.from || query.to ? `, running ${query.from ? `from ${formatInZone(query.from, zone)}` : ""}${query.to ? ` until ${formatInZone(query.to, zone)}` : ""}` : ""}.
      </p>
      {rows.length === 0 ? (
        <p className="empty">No job matches these filters.</p>
      ) : (
        <JobsBrowser
          rows={rows}
          selectable={operator.role === "operator"}
          direction={query.direction}
          sortHrefs={{ asc: jobsHref(base, { dir: "asc" }), desc: jobsHref(base, { dir: "desc" }) }}
        />
      )}
      <BulkPanel
        filterQuery={jobsHref(base).replace(/^\/jobs\??/, "")}
        matching={`${capped ? "more than " : ""}${count.toLocaleString("en")} job${count === 1 ? "" : "s"}`}
        zone={zone}
        canAct={operator.role === "operator"}
        unfinished={unfinished.map((op) => ({ ...op, createdAt: op.createdAt.toISOString() }))}
        preview={previewBulkAction}
        start={startBulkAction}
        next={continueBulkAction}
      />
      <nav className="pager" aria-label="Pages">
        {page.previous || query.after || query.before ? <Link href={jobsHref(base)}>First page</Link> : null}
        {page.previous ? <Link href={jobsHref(base, { before: page.previous })}>← Previous</Link> : null}
        {page.next ? <Link href={jobsHref(base, { after: page.next })}>Next →</Link> : null}
      </nav>
    </>
  );
}
