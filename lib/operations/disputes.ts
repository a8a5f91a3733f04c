// Disputes as operators see them: the ones waiting (oldest first) with their booking, parties,
// amount and auto-resolve deadline job; the resolved ones (history); one dispute in full. The
// operator's decision (review, then confirm) is dispute-decision.ts.
import type { Db, DbOrTx } from "../db/client.ts";
import { balanceOf, openDisputeStatuses, subjectOf } from "../marketplace/index.ts";
import { jobsOfSubjects, nextOpenJobs } from "../scheduler/admin/index.ts";
import type { DisputeStatus } from "../marketplace/disputes/dispute-status.ts";
import { disputeStatuses } from "../validation/fields.ts";

export const disputeListStatuses = ["open", "awaiting_operator", "awaiting_reply", "resolved"] as const;
export type DisputeListStatus = (typeof disputeListStatuses)[number];

const open: DisputeStatus[] = [...openDisputeStatuses];
/** Every other status is an outcome (refunded, partially refunded, released). */
const resolved: DisputeStatus[] = disputeStatuses.filter((status) => !open.includes(status));

/** The pending (or running) job that resolves a dispute on its own: the chef's reply deadline. */
export interface DeadlineJob {
  id: string;
  jobType: string;
  status: string;
  runAt: Date;
}

export interface DisputeRow {
  id: number;
  status: DisputeStatus;
  bookingId: number;
  bookingStatus: string;
  customer: { id: number; name: string };
  chef: { id: number; name: string };
  priceMinor: number;
  currency: string;
  openedAt: Date;
  replyBy: Date;
  repliedAt: Date | null;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  refundMinor: number | null;
  deadline: DeadlineJob | null;
}

export interface DisputeListFilter {
  status: DisputeListStatus;
  /** Keyset: the last row of the previous page (opened_at ascending for open ones, resolved_at descending for resolved). */
  after?: { at: Date; id: number };
  limit?: number;
}

interface DisputeSqlRow {
  id: number;
  status: DisputeStatus;
  booking_id: number;
  booking_status: string;
  customer_id: number;
  customer_name: string;
  chef_id: number;
  chef_name: string;
  price_minor: number;
  currency: string;
  opened_at: Date;
  reply_by: Date;
  replied_at: Date | null;
  resolved_at: Date | null;
  resolved_by: string | null;
  refund_minor: number | null;
}

function toRow(r: DisputeSqlRow, deadline: DeadlineJob | null): DisputeRow {
  return {
    id: r.id, status: r.status, bookingId: r.booking_id, bookingStatus: r.booking_status,
    customer: { id: r.customer_id, name: r.customer_name }, chef: { id: r.chef_id, name: r.chef_name },
    priceMinor: r.price_minor, currency: r.currency, openedAt: r.opened_at, replyBy: r.reply_by, repliedAt: r.replied_at,
    resolvedAt: r.resolved_at, resolvedBy: r.resolved_by, refundMinor: r.refund_minor,
    deadline,
  };
}

/** One page of disputes; `next` is the keyset cursor of the following page, or null. */
export async function listDisputes(db: DbOrTx, filter: DisputeListFilter): Promise<{ rows: DisputeRow[]; next: { at: Date; id: number } | null }> {
  const limit = filter.limit ?? 50;
  const statuses = filter.status === "open" ? open : filter.status === "resolved" ? resolved : [filter.status];
  const history = filter.status === "resolved";
  const after = filter.after;
  const rows = history
    ? await db.$queryRaw<DisputeSqlRow[]>`
        SELECT d.id, d.status::text AS status, d.booking_id, b.status::text AS booking_status, c.id AS customer_id, c.name AS customer_name,
               ch.id AS chef_id, ch.name AS chef_name, b.price_minor, b.currency, d.opened_at, d.reply_by, d.replied_at, d.resolved_at,
               d.resolved_by, d.refund_minor
          FROM disputes d JOIN bookings b ON b.id = d.booking_id JOIN customers c ON c.id = b.customer_id JOIN chefs ch ON ch.id = b.chef_id
         WHERE d.status = ANY(${statuses}::text[]::dispute_status[]) -- the status index
           AND (${after?.at ?? null}::timestamptz IS NULL OR (d.resolved_at, d.id) < (${after?.at ?? null}::timestamptz, ${after?.id ?? 0}::int))
         ORDER BY d.resolved_at DESC, d.id DESC
         LIMIT ${limit + 1}`
    : await db.$queryRaw<DisputeSqlRow[]>`
        SELECT d.id, d.status::text AS status, d.booking_id, b.status::text AS booking_status, c.id AS customer_id, c.name AS customer_name,
               ch.id AS chef_id, ch.name AS chef_name, b.price_minor, b.currency, d.opened_at, d.reply_by, d.replied_at, d.resolved_at,
               d.resolved_by, d.refund_minor
          FROM disputes d JOIN bookings b ON b.id = d.booking_id JOIN customers c ON c.id = b.customer_id JOIN chefs ch ON ch.id = b.chef_id
         WHERE d.status = ANY(${statuses}::text[]::dispute_status[]) -- the status index
           AND (${after?.at ?? null}::timestamptz IS NULL OR (d.opened_at, d.id) > (${after?.at ?? null}::timestamptz, ${after?.id ?? 0}::int))
         ORDER BY d.opened_at, d.id
         LIMIT ${limit + 1}`;
  // An open dispute's deadline job, through the job's subject (dispute:<id>): the engine's next
  // open job of each row (a resolved one has none left to show).
  const deadlines = history
    ? new Map<string, DeadlineJob>()
    : await nextOpenJobs(db, rows.slice(0, limit).map((r) => ({ key: String(r.id), subjects: [subjectOf.dispute(r.id)] })));
  const page = rows.slice(0, limit).map((r) => toRow(r, deadlines.get(String(r.id)) ?? null));
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last ? { at: (history ? last.resolvedAt : last.openedAt)!, id: last.id } : null };
}

export interface LedgerLine {
  id: string;
  kind: string;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
  actor: string;
  createdAt: Date;
}

export interface DisputeDetail extends DisputeRow {
  reason: string;
  reply: string | null;
  /** The row's xmin: the form sends it back, and the decision is refused if the dispute changed since (docs/decisions/0017). */
  version: string;
  eventAt: Date;
  eventTimeZone: string;
  place: string;
  /** What the booking holds now: what a refund can give back. */
  heldMinor: number;
  ledger: LedgerLine[];
  /** Every job of this dispute (its deadline, pending or done). */
  jobs: DeadlineJob[];
}

export async function disputeDetail(db: Db, disputeId: number): Promise<DisputeDetail | null> {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<Array<DisputeSqlRow & { reason: string; reply: string | null; version: string; event_at: Date; time_zone: string; place: string }>>`
      SELECT d.id, d.status::text AS status, d.booking_id, b.status::text AS booking_status, c.id AS customer_id, c.name AS customer_name,
             ch.id AS chef_id, ch.name AS chef_name, b.price_minor, b.currency, d.opened_at, d.reply_by, d.replied_at, d.resolved_at,
             d.resolved_by, d.refund_minor, d.reason, d.reply, d.xmin::text AS version, b.event_at, b.time_zone, b.place
        FROM disputes d JOIN bookings b ON b.id = d.booking_id JOIN customers c ON c.id = b.customer_id JOIN chefs ch ON ch.id = b.chef_id
       WHERE d.id = ${disputeId}`;
    if (!row) return null;
    const jobs = await jobsOfSubjects(tx, [subjectOf.dispute(disputeId)]);
    const ledger = await tx.ledgerEntry.findMany({ where: { bookingId: row.booking_id }, orderBy: { id: "asc" } });
    const { heldMinor } = await balanceOf(tx, row.booking_id);
    const jobViews = jobs.map((j) => ({ id: j.id, jobType: j.jobType, status: j.status, runAt: j.runAt }));
    return {
      ...toRow(row, jobViews.find((j) => j.status === "pending" || j.status === "running") ?? null),
      reason: row.reason, reply: row.reply, version: row.version, eventAt: row.event_at, eventTimeZone: row.time_zone, place: row.place,
      heldMinor,
      ledger: ledger.map((e) => ({ id: e.id.toString(), kind: e.kind, amountMinor: e.amountMinor, currency: e.currency, idempotencyKey: e.idempotencyKey, actor: e.actor, createdAt: e.createdAt })),
      jobs: jobViews,
    };
  });
}
