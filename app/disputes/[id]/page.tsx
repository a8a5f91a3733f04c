// One dispute: the booking, parties, amount held, the customer's reason and the chef's reply,
// the deadline job, the ledger of the booking, what operators did, and the decision form.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { notFound } from "next/navigation";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { listAuditEntries } from "@/lib/audit/audit-log.ts";
import { formatMinor } from "@/lib/format/money.ts";
import { disputeDetail } from "@/lib/operations/disputes.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { pageNow } from "@/app/_lib/page-now.ts";
import { ZonedTime } from "@/components/zoned-time.tsx";
import { AuditList } from "@/components/audit-list.tsx";
import { DisputeStatusBadge } from "@/components/dispute-status-badge.tsx";
import { ResolveDisputeForm } from "@/components/resolve-dispute-form.tsx";
import { resolveDisputeAction, reviewDisputeDecisionAction } from "../actions.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: `Dispute ${(await params).id}` };
}

export default async function DisputePage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requireViewer();
  const id = (await params).id;
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) notFound();
  const db = getDb();
  const dispute = await readWithRetry(() => disputeDetail(db, Number(id)));
  if (!dispute) notFound();
  const { entries } = await readWithRetry(() => listAuditEntries(db, { recordType: "dispute", recordId: String(dispute.id), limit: 50 }));
  const { zone } = await displayZone();
  const now = await pageNow(db);
  const open = dispute.status === "awaiting_reply" || dispute.status === "awaiting_operator";

  return (
    <>
      <p className="muted">
        <Link href="/disputes">← Disputes</Link>
      </p>
      <div className="page-heading">
        <h1>Dispute {dispute.id}</h1>
        <DisputeStatusBadge status={dispute.status} />
      </div>

      <section className="card" aria-labelledby="facts-heading">
        <h2 id="facts-heading">Facts</h2>
        <dl className="detail-grid">
          <dt>Booking</dt>
          <dd>
            booking {dispute.bookingId} ({dispute.bookingStatus}), <bdi>{dispute.place}</bdi>
          </dd>
          <dt>Event</dt>
          <dd>
            <ZonedTime now={now} instant={dispute.eventAt} zone={zone} /> <span className="muted">(the event&apos;s zone: {dispute.eventTimeZone})</span>
          </dd>
          <dt>Customer</dt>
          <dd>
            <bdi>{dispute.customer.name}</bdi> <span className="muted">(customer {dispute.customer.id})</span>
          </dd>
          <dt>Chef</dt>
          <dd>
            <bdi>{dispute.chef.name}</bdi> <span className="muted">(chef {dispute.chef.id})</span>
          </dd>
          <dt>Price</dt>
          <dd>{formatMinor(dispute.priceMinor, dispute.currency)}</dd>
          <dt>Held now</dt>
          <dd>{formatMinor(dispute.heldMinor, dispute.currency)}</dd>
          <dt>Opened</dt>
          <dd>
            <ZonedTime now={now} instant={dispute.openedAt} zone={zone} utc />
          </dd>
          <dt>Customer&apos;s reason</dt>
          <dd>
            <bdi>{dispute.reason}</bdi>
          </dd>
          <dt>Chef&apos;s reply</dt>
          <dd>
            {dispute.reply ? (
              <span className="stack">
                <bdi>{dispute.reply}</bdi>
                {dispute.repliedAt ? <ZonedTime now={now} instant={dispute.repliedAt} zone={zone} /> : null}
              </span>
            ) : (
              <span className="muted">none yet; the deadline is <ZonedTime now={now} instant={dispute.replyBy} zone={zone} /></span>
            )}
          </dd>
          <dt>Auto-resolve deadline</dt>
          <dd>
            {dispute.deadline ? (
              <span className="stack">
                <ZonedTime now={now} instant={dispute.deadline.runAt} zone={zone} utc />
                <Link href={`/jobs/${dispute.deadline.id}`} className="text-link">
                  job {dispute.deadline.id} <code>{dispute.deadline.jobType}</code> ({dispute.deadline.status})
                </Link>
                <span className="muted">refunds in full if the chef has not replied by then; resolving cancels it</span>
              </span>
            ) : (
              <span className="muted">none pending</span>
            )}
          </dd>
          {dispute.resolvedAt ? (
            <>
              <dt>Resolved</dt>
              <dd>
                <span className="stack">
                  <ZonedTime now={now} instant={dispute.resolvedAt} zone={zone} />
                  <span>
                    by <bdi>{dispute.resolvedBy}</bdi>; {formatMinor(dispute.refundMinor ?? 0, dispute.currency)} refunded
                  </span>
                </span>
              </dd>
            </>
          ) : null}
        </dl>
      </section>

      <ResolveDisputeForm
        disputeId={dispute.id}
        status={dispute.status}
        version={dispute.version}
        currency={dispute.currency}
        held={formatMinor(dispute.heldMinor, dispute.currency)}
        open={open}
        canAct={operator.role === "operator"}
        actions={{ review: reviewDisputeDecisionAction, confirm: resolveDisputeAction }}
      />

      <section className="card" aria-labelledby="ledger-heading">
        <h2 id="ledger-heading">Ledger of booking {dispute.bookingId}</h2>
        <div className="table-wrap">
          <table className="data-table" aria-label="Ledger">
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Amount</th>
                <th scope="col">When ({zone})</th>
                <th scope="col">By</th>
                <th scope="col">Key</th>
              </tr>
            </thead>
            <tbody>
              {dispute.ledger.map((e) => (
                <tr key={e.id}>
                  <th scope="row">{e.kind}</th>
                  <td>{formatMinor(e.amountMinor, e.currency)}</td>
                  <td>
                    <ZonedTime now={now} instant={e.createdAt} zone={zone} />
                  </td>
                  <td>{e.actor}</td>
                  <td>
                    <code>{e.idempotencyKey}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card" aria-labelledby="jobs-heading">
        <h2 id="jobs-heading">Jobs of this dispute</h2>
        {dispute.jobs.length === 0 ? (
          <p className="empty">None.</p>
        ) : (
          <ul className="plain-list">
            {dispute.jobs.map((j) => (
              <li key={j.id}>
                <Link href={`/jobs/${j.id}`} className="text-link">job {j.id}</Link> <code>{j.jobType}</code> {j.status}, <ZonedTime now={now} instant={j.runAt} zone={zone} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="audit-heading">
        <h2 id="audit-heading">What operators did</h2>
        <AuditList entries={entries} zone={zone} now={now} />
      </section>
    </>
  );
}
