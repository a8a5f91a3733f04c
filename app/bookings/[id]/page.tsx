// One booking: its state, parties and money; its lifecycle as a timeline (what the marketplace
// recorded, the jobs that ran for it, what operators did); its jobs, linked to their pages; and
// the operator's actions: move the event (with a preview of which jobs move) and cancel.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { notFound } from "next/navigation";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { findBookingDetail } from "@/lib/operations/booking-detail.ts";
import { bookingId as bookingIdSchema } from "@/lib/operations/booking-inputs.ts";
import { movableStatuses } from "@/lib/marketplace/index.ts";
import { formatMinor } from "@/lib/format/money.ts";
import { formatInZone, formatLocal, toDateTimeLocalValue } from "@/lib/time/zoned-time.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { BookingStatusBadge } from "@/components/booking-status-badge.tsx";
import { StatusBadge } from "@/components/status-badge.tsx";
import { RelativeTime, ZonedTime } from "@/components/zoned-time.tsx";
import { ZonedText } from "@/components/zoned-text.tsx";
import { BookingActionForms } from "@/components/booking-action-forms.tsx";
import { cancelBookingAction, moveEventAction, previewMoveEventAction } from "./actions.ts";
import { sameZone } from "@/lib/validation/zone-names.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: `Booking ${(await params).id}` };
}

export default async function BookingPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requireViewer();
  const parsedId = bookingIdSchema.safeParse((await params).id);
  if (!parsedId.success) notFound();
  const db = getDb();
  const now = await readWithRetry(async () => (await databaseClock(db))());
  const detail = await readWithRetry(() => findBookingDetail(db, parsedId.data, operator, now));
  if (!detail) notFound();
  const { booking, seen, customer, chef, jobs, timeline } = detail;
  const { zone } = await displayZone();
  const eventAt = new Date(booking.eventAt);
  const open = (movableStatuses as readonly string[]).includes(seen.status) && eventAt > now;
  const openJobs = jobs.filter((job) => job.status === "pending" || job.status === "running");
  const pendingMove = booking.moveRequests.find((move) => move.status === "pending");
  const price = formatMinor(booking.priceMinor, booking.currency);
  const cancelConsequence = [
    seen.status === "paid" ? `An operator's cancellation refunds the customer in full (${price}).` : "Nothing has been charged: no money moves.",
    openJobs.length > 0 ? `Its ${openJobs.length} pending job${openJobs.length === 1 ? " is" : "s are"} cancelled with it.` : "",
  ].filter(Boolean).join(" ");

  return (
    <>
      <p className="muted">
        <Link href="/bookings">← Bookings</Link>
      </p>
      <div className="page-heading">
        <h1>Booking {booking.id}</h1>
        <BookingStatusBadge status={booking.status} />
      </div>

      <section className="card" aria-labelledby="facts-heading">
        <h2 id="facts-heading">Facts</h2>
        <dl className="detail-grid">
          <dt>Event</dt>
          <dd>
            <ZonedTime now={now} instant={eventAt} zone={zone} utc />
            {!sameZone(booking.timeZone, zone) ? (
              <div className="muted">
                local: {formatLocal(eventAt, booking.timeZone, { seconds: false })} {booking.timeZone}
              </div>
            ) : null}
          </dd>
          <dt>Holds the chef</dt>
          <dd>{booking.durationMinutes} minutes from the event time</dd>
          <dt>Agreed time</dt>
          <dd>
            {booking.agreedEventAt ? <ZonedTime now={now} instant={new Date(booking.agreedEventAt)} zone={zone} /> : <span className="muted">none yet (the chef has not accepted)</span>}
            <div className="muted">the customer&apos;s cancellation terms are judged against it</div>
          </dd>
          {pendingMove ? (
            <>
              <dt>Move requested</dt>
              <dd>
                to <ZonedTime now={now} instant={new Date(pendingMove.eventAt)} zone={zone} /> (request {pendingMove.id}, by {pendingMove.requestedBy});
                the chef answers by <ZonedTime now={now} instant={new Date(pendingMove.answerBy)} zone={zone} />, else it lapses
              </dd>
            </>
          ) : null}
          <dt>Place</dt>
          <dd>
            <bdi>{booking.place}</bdi>
          </dd>
          <dt>Customer</dt>
          <dd>
            <bdi>{customer.name}</bdi> <span className="muted">(<bdi>{customer.email}</bdi>, customer {customer.id})</span>
          </dd>
          <dt>Chef</dt>
          <dd>
            <bdi>{chef.name}</bdi> <span className="muted">(<bdi>{chef.email}</bdi>, chef {chef.id})</span>
          </dd>
          <dt>Amount</dt>
          <dd>{price}</dd>
          <dt>Money</dt>
          <dd>
            charged {formatMinor(booking.money.chargedMinor, booking.currency)} · paid out {formatMinor(booking.money.paidOutMinor, booking.currency)} · refunded{" "}
            {formatMinor(booking.money.refundedMinor, booking.currency)} · held {formatMinor(booking.money.heldMinor, booking.currency)}
          </dd>
          <dt>Business record</dt>
          <dd>
            <Link href={`/jobs?subject=${encodeURIComponent(`booking:${booking.id}`)}`}>booking:{booking.id} (all its jobs)</Link>
          </dd>
          {booking.auctionId !== null ? (
            <>
              <dt>From auction</dt>
              <dd>auction {booking.auctionId}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="actions-heading" className="agenda-section">
        <h2 id="actions-heading">Actions</h2>
        {operator.role !== "operator" ? <p className="muted">You are signed in as a viewer: you can see everything but not act.</p> : null}
        <BookingActionForms
          bookingId={String(booking.id)}
          status={seen.status}
          version={seen.version}
          zone={zone}
          eventAtLocal={toDateTimeLocalValue(eventAt, zone)}
          open={open}
          cancelConsequence={cancelConsequence}
          canAct={operator.role === "operator"}
          actions={{ preview: previewMoveEventAction, move: moveEventAction, cancel: cancelBookingAction }}
        />
      </section>

      <section aria-labelledby="jobs-heading" className="agenda-section">
        <h2 id="jobs-heading">Scheduled jobs</h2>
        {jobs.length === 0 ? (
          <p className="empty">No job was ever scheduled for this booking.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table" aria-label="Jobs of this booking">
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Type</th>
                  <th scope="col">Status</th>
                  <th scope="col">Runs at ({zone})</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Record</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((job) => (
                  <tr key={job.id}>
                    <td>
                      <Link href={`/jobs/${job.id}`}>Job {job.id}</Link>
                    </td>
                    <td>
                      <code>{job.jobType}</code>
                    </td>
                    <td>
                      <StatusBadge status={job.status} />
                      {job.cancelReason ? <div className="muted">why: <ZonedText text={job.cancelReason} zone={zone} /></div> : null}
                    </td>
                    <td>
                      <ZonedTime now={now} instant={job.runAt} zone={zone} />
                    </td>
                    <td>
                      {job.attempts} of {job.maxAttempts}
                    </td>
                    <td>
                      <code>
                        <bdi>{job.subject}</bdi>
                      </code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="timeline-heading" className="agenda-section">
        <h2 id="timeline-heading">Lifecycle ({zone})</h2>
        <ol className="timeline booking-timeline">
          {timeline.map((item, index) => (
            <li key={index} className={`timeline-${item.tone}`}>
              <strong>
                <ZonedText text={item.title} zone={zone} />
              </strong>
              <div className="muted">
                <time dateTime={item.at.toISOString()} title={item.at.toISOString()}>
                  {formatInZone(item.at, zone)}
                </time>{" "}
                <RelativeTime instant={item.at} now={now} />
                {item.jobId ? (
                  <>
                    {" "}
                    · <Link href={`/jobs/${item.jobId}`}>job {item.jobId}</Link>
                  </>
                ) : null}
              </div>
              {item.detail ? (
                <p className={item.tone === "problem" && item.jobId ? "error-block" : undefined}>
                  <ZonedText text={item.detail} zone={zone} />
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
