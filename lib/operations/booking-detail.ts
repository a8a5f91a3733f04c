// One booking as the operator's page shows it: the marketplace's own view of it (getBooking:
// state, disputes, move requests, ledger, money), its parties, every job it, its disputes and its
// move requests ever had with their run history, what operators did to it, and its lifecycle as
// one timeline.
import type { Db } from "../db/client.ts";
import { listAuditEntries, type AuditEntryView } from "../audit/audit-log.ts";
import { getBooking, subjectOf, type Actor, type BookingDetailView } from "../marketplace/index.ts";
import type { JobStatus, RunOutcome } from "../scheduler/index.ts";
import { jobsOfSubjects } from "../scheduler/admin/index.ts";
import { formatMinor } from "../format/money.ts";
import { bookingVersion } from "./booking-as-seen.ts";
import type { SeenBooking } from "./booking-inputs.ts";

export interface BookingJob {
  id: string;
  jobType: string;
  status: JobStatus;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  /** "booking:42", "dispute:7" or "move-request:3". */
  subject: string;
  cancelReason: string | null;
  runs: Array<{ attempt: number; startedAt: Date; finishedAt: Date | null; outcome: RunOutcome; error: string | null }>;
}

export interface TimelineItem {
  at: Date;
  title: string;
  detail?: string;
  /** A job run's job, linked from the item. */
  jobId?: string;
  /** "done": it happened; "upcoming": it is scheduled (the event ahead); "problem": a failure or an end. */
  tone: "done" | "upcoming" | "problem" | "operator";
}

export interface BookingDetail {
  booking: BookingDetailView;
  seen: SeenBooking;
  customer: { id: number; name: string; email: string };
  chef: { id: number; name: string; email: string };
  jobs: BookingJob[];
  audit: AuditEntryView[];
  timeline: TimelineItem[];
}

/**
 * The booking, or null when there is none. The version is read before everything else: if the
 * booking changes while the page is read, the page carries the older version and an action on
 * it is refused (never applied to a picture newer than its version).
 */
export async function findBookingDetail(db: Db, bookingId: number, reader: { email: string }, now: Date): Promise<BookingDetail | null> {
  const seen = await bookingVersion(db, bookingId);
  if (!seen) return null;
  const actor: Actor = { kind: "operator", email: reader.email };
  const booking = await getBooking({ db, actor, now }, { bookingId });
  const [customer, chef] = await Promise.all([
    db.customer.findUniqueOrThrow({ where: { id: booking.customerId }, select: { id: true, name: true, email: true } }),
    db.chef.findUniqueOrThrow({ where: { id: booking.chefId }, select: { id: true, name: true, email: true } }),
  ]);
  const subjects = [
    subjectOf.booking(bookingId),
    ...booking.disputes.map((d) => subjectOf.dispute(d.id)),
    ...booking.moveRequests.map((m) => subjectOf.moveRequest(m.id)),
  ];
  const jobs: BookingJob[] = (await jobsOfSubjects(db, subjects, { runs: true })).map((job) => ({
    id: job.id,
    jobType: job.jobType,
    status: job.status,
    runAt: job.runAt,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    subject: `${job.subjectType}:${job.subjectId}`,
    cancelReason: job.cancelReason,
    runs: job.runs,
  }));
  const { entries: audit } = await listAuditEntries(db, { recordType: "booking", recordId: String(bookingId), limit: 100 });
  return { booking, seen, customer, chef, jobs, audit, timeline: bookingTimeline({ booking, customer, chef, jobs, audit, now }) };
}

const ended: Record<string, string> = {
  declined: "Declined",
  expired: "Expired (the chef did not answer in time)",
  cancelled: "Cancelled",
  paid_out: "Paid out to the chef",
  refunded: "Refunded to the customer",
  settled: "Settled (part refunded, the rest paid out)",
};

/** Everything the records say happened to the booking, oldest first; the event itself while it is ahead. */
export function bookingTimeline({ booking, customer, chef, jobs, audit, now }: {
  booking: BookingDetailView;
  customer: { name: string };
  chef: { name: string };
  jobs: BookingJob[];
  audit: AuditEntryView[];
  now: Date;
}): TimelineItem[] {
  const items: TimelineItem[] = [];
  const when = (iso: string | null) => (iso ? new Date(iso) : null);
  const add = (at: Date | null, item: Omit<TimelineItem, "at">) => {
    if (at) items.push({ at, ...item });
  };
  const price = formatMinor(booking.priceMinor, booking.currency);
  add(when(booking.requestedAt), { title: "Requested", detail: `${customer.name} asked ${chef.name} for ${price} at ${booking.place}`, tone: "done" });
  add(when(booking.acceptedAt), { title: "Accepted", detail: `by ${chef.name}`, tone: "done" });
  for (const entry of booking.ledger) {
    const amount = formatMinor(entry.amountMinor, entry.currency);
    const title = entry.kind === "charge" ? `Paid: ${amount} charged` : entry.kind === "payout" ? `Payout: ${amount} to the chef` : `Refund: ${amount} to the customer`;
    add(when(entry.createdAt), { title, detail: `by ${entry.actor}`, tone: "done" });
  }
  const eventAt = new Date(booking.eventAt);
  const eventAhead = eventAt > now && !booking.endedAt;
  add(eventAt, { title: eventAhead ? "Event (scheduled)" : "Event time", detail: booking.place, tone: eventAhead ? "upcoming" : "done" });
  add(when(booking.closedAt), { title: "Closed", detail: "locked at the event time", tone: "done" });
  add(when(booking.completedAt), { title: "Completed", tone: "done" });
  for (const dispute of booking.disputes) {
    add(when(dispute.openedAt), { title: `Dispute ${dispute.id} opened`, detail: dispute.reason, tone: "problem" });
    add(when(dispute.repliedAt), { title: `Dispute ${dispute.id}: the chef replied`, detail: dispute.reply ?? undefined, tone: "done" });
    const refund = dispute.refundMinor !== null ? `, ${formatMinor(dispute.refundMinor, booking.currency)} refunded` : "";
    add(when(dispute.resolvedAt), { title: `Dispute ${dispute.id} ${dispute.status.replace("_", " ")}`, detail: `by ${dispute.resolvedBy ?? "?"}${refund}`, tone: "done" });
  }
  for (const move of booking.moveRequests) {
    add(when(move.requestedAt), { title: `Move ${move.id} requested by ${move.requestedBy}`, detail: `to ${move.eventAt}; the chef answers by ${move.answerBy}`, tone: "done" });
    const outcome = move.status === "accepted" ? "accepted: the event moved" : move.status;
    add(when(move.endedAt), { title: `Move ${move.id} ${outcome}`, detail: `by ${move.endedBy ?? "?"}${move.endReason ? `: ${move.endReason}` : ""}`, tone: move.status === "accepted" ? "done" : "problem" });
  }
  if (booking.endedAt && ended[booking.status]) {
    const reason = booking.endReason ? `: ${booking.endReason}` : "";
    add(when(booking.endedAt), { title: ended[booking.status]!, detail: `by ${booking.endedBy ?? "?"}${reason}`, tone: booking.status === "paid_out" ? "done" : "problem" });
  }
  for (const job of jobs) {
    for (const run of job.runs) {
      const tone = run.outcome === "succeeded" ? "done" : run.outcome === "running" ? "upcoming" : "problem";
      add(run.startedAt, { title: `${job.jobType} ran (attempt ${run.attempt}): ${run.outcome}`, detail: run.error ?? undefined, jobId: job.id, tone });
    }
  }
  for (const entry of audit) {
    const what = entry.action === "booking.move_event" ? "moved the event" : entry.action === "booking.cancel" ? "cancelled the booking" : entry.action;
    add(entry.at, { title: `Operator ${entry.actorEmail} ${what}`, detail: entry.reason ?? undefined, tone: "operator" });
  }
  // At the same instant a job's run comes first (a tick's change is stamped with the instant its
  // job ran at); otherwise items keep the order above (requested before its charge, ...).
  const rank = (item: TimelineItem) => (item.jobId ? 0 : 1);
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.at.getTime() - b.item.at.getTime() || rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}
