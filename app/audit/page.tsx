// Every operator action, newest first, filtered by who, what, which record, batch and day.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { auditActions, listAuditEntries } from "@/lib/audit/audit-log.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { pageNow } from "@/app/_lib/page-now.ts";
import type { RawSearchParams } from "@/app/_lib/search-params.ts";
import { AuditList } from "@/components/audit-list.tsx";
import { parseAuditQuery } from "./audit-query.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  await requireViewer();
  const { zone } = await displayZone();
  const params = await searchParams;
  const parsed = parseAuditQuery(params, zone);
  if (!parsed.ok) {
    return (
      <>
        <h1>Audit log</h1>
        <p role="alert" className="notice notice-error">
          This link has a bad parameter: {parsed.error}. <Link href="/audit">Show every entry</Link>.
        </p>
      </>
    );
  }
  const { query, filter } = parsed;
  const [{ entries, nextBeforeId }, now] = await Promise.all([readWithRetry(() => listAuditEntries(getDb(), { ...filter, limit: 50 })), pageNow(getDb())]);
  const nextHref = nextBeforeId
    ? `/audit?${new URLSearchParams({ ...Object.fromEntries(Object.entries(query).filter(([k, v]) => v !== undefined && k !== "before").map(([k, v]) => [k, String(v)])), before: nextBeforeId })}`
    : null;

  return (
    <>
      <div className="page-heading">
        <h1>Audit log</h1>
      </div>
      <p className="muted">Every change an operator made, written in the same transaction as the change. Days are in {zone}.</p>
      <form className="toolbar" method="get" action="/audit" aria-label="Filter the audit log">
        <label className="field">
          Who (email)
          <input type="search" name="actor" defaultValue={query.actor ?? ""} />
        </label>
        <label className="field">
          Action
          <select name="action" defaultValue={query.action ?? ""}>
            <option value="">Any</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Record (type:id)
          <input type="search" name="record" placeholder="scheduled_job:42" defaultValue={query.record ?? ""} />
        </label>
        <label className="field">
          From day
          <input type="date" name="since" defaultValue={query.since ?? ""} />
        </label>
        <label className="field">
          To day
          <input type="date" name="until" defaultValue={query.until ?? ""} />
        </label>
        <button type="submit" className="button button-primary">
          Filter
        </button>
        <Link href="/audit" className="button">
          Clear
        </Link>
      </form>
      <AuditList entries={entries} zone={zone} now={now} />
      <div className="pager">
        {query.before ? <Link href="/audit">Newest</Link> : null}
        {nextHref ? <Link href={nextHref}>Older entries →</Link> : null}
      </div>
    </>
  );
}
