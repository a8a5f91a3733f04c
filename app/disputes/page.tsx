// Disputes waiting for an operator, oldest first: booking, parties, amount, when opened, and
// the deadline job that resolves it on its own (a refund when the chef stays silent) with when
// it fires. "Resolved" shows the history, newest first.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { formatMinor } from "@/lib/format/money.ts";
import { listDisputes, type DisputeListStatus } from "@/lib/operations/disputes.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { pageNow } from "@/app/_lib/page-now.ts";
import type { RawSearchParams } from "@/app/_lib/search-params.ts";
import { ZonedTime } from "@/components/zoned-time.tsx";
import { AutoRefresh } from "@/components/auto-refresh.tsx";
import { formatInZone } from "@/lib/time/zoned-time.ts";
import { DisputeStatusBadge } from "@/components/dispute-status-badge.tsx";
import { disputesHref, parseDisputesQuery } from "./disputes-query.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Disputes" };

const views: Array<{ status: DisputeListStatus; label: string }> = [
  { status: "open", label: "Open" },
  { status: "awaiting_operator", label: "Chef replied" },
  { status: "awaiting_reply", label: "Awaiting the chef" },
  { status: "resolved", label: "Resolved (history)" },
];

export default async function DisputesPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  await requireViewer();
  const { zone } = await displayZone();
  const parsed = parseDisputesQuery(await searchParams);
  if (!parsed.ok) {
    return (
      <>
        <h1>Disputes</h1>
        <p role="alert" className="notice notice-error">
          This link has a bad parameter: {parsed.error}. <Link href="/disputes" className="text-link">Show the open disputes</Link>.
        </p>
      </>
    );
  }
  const { query } = parsed;
  const history = query.status === "resolved";
  const { rows, next } = await readWithRetry(() => listDisputes(getDb(), { status: query.status, after: query.after, limit: 50 }));
  const renderedAt = await pageNow(getDb());
  const now = renderedAt;

  return (
    <>
      <div className="page-heading">
        <h1>Disputes</h1>
        <AutoRefresh seconds={15} renderedAt={renderedAt.toISOString()} renderedText={formatInZone(renderedAt, zone)} />
        <nav aria-label="Which disputes" className="segmented">
          {views.map((view) => (
            <Link key={view.status} href={disputesHref({ status: view.status })} aria-current={view.status === query.status ? "page" : undefined}>
              {view.label}
            </Link>
          ))}
        </nav>
      </div>
      <p className="muted">
        {history
          ? "Resolved disputes, the latest first."
          : "Open disputes, the oldest first. One awaiting the chef is refunded in full by its deadline job if the chef stays silent; once the chef replied, it waits for an operator."}{" "}
        Times are in {zone}.
      </p>
      {rows.length === 0 ? (
        <p className="empty">{history ? "No dispute has been resolved yet." : "No dispute is waiting: nothing to decide."}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table phone-list" aria-label={history ? "Resolved disputes" : "Open disputes"}>
            <thead>
              <tr>
                <th scope="col">Dispute</th>
                <th scope="col">Booking</th>
                <th scope="col">Customer / chef</th>
                <th scope="col">Amount</th>
                <th scope="col">Opened ({zone})</th>
                {history ? <th scope="col">Outcome</th> : <th scope="col">Auto-resolve deadline ({zone})</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id}>
                  <th scope="row">
                    <span className="stack">
                      <Link href={`/disputes/${d.id}`}>Dispute {d.id}</Link>
                      <DisputeStatusBadge status={d.status} />
                    </span>
                  </th>
                  <td>
                    <span className="stack">
                      <Link href={`/bookings/${d.bookingId}`}>booking {d.bookingId}</Link>
                      <span className="muted">{d.bookingStatus}</span>
                    </span>
                  </td>
                  <td>
                    <span className="stack">
                      <bdi className="clip" title={d.customer.name}>{d.customer.name}</bdi>
                      <span className="muted">
                        chef <bdi className="clip" title={d.chef.name}>{d.chef.name}</bdi>
                      </span>
                    </span>
                  </td>
                  <td>{formatMinor(d.priceMinor, d.currency)}</td>
                  <td>
                    <ZonedTime now={now} instant={d.openedAt} zone={zone} />
                  </td>
                  {history ? (
                    <td>
                      <span className="stack">
                        <span>{d.refundMinor ? `${formatMinor(d.refundMinor, d.currency)} refunded` : "nothing refunded"}</span>
                        <span className="muted">
                          by <bdi>{d.resolvedBy}</bdi>
                        </span>
                        {d.resolvedAt ? <ZonedTime now={now} instant={d.resolvedAt} zone={zone} /> : null}
                      </span>
                    </td>
                  ) : (
                    <td>
                      {d.deadline ? (
                        <span className="stack">
                          <ZonedTime now={now} instant={d.deadline.runAt} zone={zone} />
                          <Link href={`/jobs/${d.deadline.id}`} className="text-link" title={`${d.deadline.jobType}: refunds in full unless the chef replies`}>
                            job {d.deadline.id} <code className="clip">{d.deadline.jobType}</code>
                          </Link>
                        </span>
                      ) : (
                        <span className="muted">none: the chef replied; waits for an operator</span>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="pager" aria-label="Pages">
        {query.after ? <Link href={disputesHref({ status: query.status })}>First page</Link> : null}
        {next ? <Link href={disputesHref({ status: query.status, after: next })}>Next →</Link> : null}
      </nav>
    </>
  );
}
