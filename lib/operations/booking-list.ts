// The bookings table's one query: filter (status, event window, a customer's or chef's name or
// email, or a booking id), order by event time, one page by keyset on (event_at, id), as the
// jobs list does (job-list.ts): page 500 costs what page 1 does. Each row carries its parties'
// names and the next job due for it (its own or its dispute's), read per row of the page only.
import type { DbOrTx } from "../db/client.ts";
import { Prisma } from "../db/client.ts";
import type { BookingStatus } from "../db/generated/enums.ts";
import { subjectOf } from "../marketplace/index.ts";
import { nextOpenJobs } from "../scheduler/admin/index.ts";

export interface BookingListFilter {
  status?: BookingStatus;
  /** event_at >= from */
  from?: Date;
  /** event_at < to */
  to?: Date;
  /** Part of a customer's or chef's name or email; digits (or #digits) also match a booking id. */
  search?: string;
}

/** A position in the (event_at, id) order. */
export interface BookingCursor {
  eventAt: Date;
  id: number;
}

export interface BookingListQuery extends BookingListFilter {
  direction: "asc" | "desc";
  pageSize: number;
  after?: BookingCursor;
  before?: BookingCursor;
}

export interface BookingListRow {
  id: number;
  status: BookingStatus;
  eventAt: Date;
  /** The event's own zone (where it happens). */
  timeZone: string;
  place: string;
  priceMinor: number;
  currency: string;
  customer: { id: number; name: string };
  chef: { id: number; name: string };
  /** The soonest pending or running job of the booking or its disputes. */
  nextJob: { id: string; jobType: string; runAt: Date; status: string } | null;
}

export interface BookingListPage {
  rows: BookingListRow[];
  next: BookingCursor | null;
  previous: BookingCursor | null;
}

function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function bookingFilterConditions(filter: BookingListFilter): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filter.status !== undefined) conditions.push(Prisma.sql`b.status = ${filter.status}::booking_status`);
  if (filter.from !== undefined) conditions.push(Prisma.sql`b.event_at >= ${filter.from}`);
  if (filter.to !== undefined) conditions.push(Prisma.sql`b.event_at < ${filter.to}`);
  if (filter.search !== undefined) {
    const pattern = likeContains(filter.search);
    const people = Prisma.sql`c.name ILIKE ${pattern} OR c.email ILIKE ${pattern} OR k.name ILIKE ${pattern} OR k.email ILIKE ${pattern}`;
    const id = /^#?(\d{1,9})$/.exec(filter.search)?.[1];
    conditions.push(id ? Prisma.sql`(${people} OR b.id = ${Number(id)})` : Prisma.sql`(${people})`);
  }
  return conditions;
}

function whereOf(conditions: Prisma.Sql[]): Prisma.Sql {
  return conditions.length === 0 ? Prisma.empty : Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}`;
}

function positionCondition(cursor: BookingCursor, forward: boolean): Prisma.Sql {
  return forward
    ? Prisma.sql`b.event_at >= ${cursor.eventAt} AND (b.event_at > ${cursor.eventAt} OR b.id > ${cursor.id})`
    : Prisma.sql`b.event_at <= ${cursor.eventAt} AND (b.event_at < ${cursor.eventAt} OR b.id < ${cursor.id})`;
}

interface Row {
  id: number;
  status: BookingStatus;
  event_at: Date;
  time_zone: string;
  place: string;
  price_minor: number;
  currency: string;
  customer_id: number;
  customer_name: string;
  chef_id: number;
  chef_name: string;
  dispute_ids: number[];
}

export async function listBookings(db: DbOrTx, query: BookingListQuery): Promise<BookingListPage> {
  const backwards = query.before !== undefined;
  const forwardInIndex = (query.direction === "asc") !== backwards;
  const conditions = bookingFilterConditions(query);
  const cursor = query.before ?? query.after;
  if (cursor) conditions.push(positionCondition(cursor, forwardInIndex));
  const order = forwardInIndex ? Prisma.sql`ORDER BY b.event_at ASC, b.id ASC` : Prisma.sql`ORDER BY b.event_at DESC, b.id DESC`;
  // The page first (LIMIT), with its disputes' ids; then the engine's next open job of each row
  // (one probe of the jobs' subject index per booking and dispute of the page).
  const rows = await db.$queryRaw<Row[]>`
    SELECT b.id, b.status::text AS status, b.event_at, b.time_zone, b.place, b.price_minor, b.currency,
           c.id AS customer_id, c.name AS customer_name, k.id AS chef_id, k.name AS chef_name,
           ARRAY(SELECT d.id FROM disputes d WHERE d.booking_id = b.id ORDER BY d.id) AS dispute_ids
    FROM bookings b
    JOIN customers c ON c.id = b.customer_id
    JOIN chefs k ON k.id = b.chef_id
    ${whereOf(conditions)}
    ${order}
    LIMIT ${query.pageSize + 1}`;
  const more = rows.length > query.pageSize;
  const page = rows.slice(0, query.pageSize);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const at = (row: Row): BookingCursor => ({ eventAt: row.event_at, id: row.id });
  const nextJobs = await nextOpenJobs(db, page.map((row) => ({
    key: String(row.id),
    subjects: [subjectOf.booking(row.id), ...row.dispute_ids.map((id) => subjectOf.dispute(id))],
  })));
  return {
    rows: page.map((row) => ({
      id: row.id,
      status: row.status,
      eventAt: row.event_at,
      timeZone: row.time_zone,
      place: row.place,
      priceMinor: row.price_minor,
      currency: row.currency,
      customer: { id: row.customer_id, name: row.customer_name },
      chef: { id: row.chef_id, name: row.chef_name },
      nextJob: nextJobs.get(String(row.id)) ?? null,
    })),
    next: last && (backwards || more) ? at(last) : null,
    previous: first && (backwards ? more : cursor !== undefined) ? at(first) : null,
  };
}

/** How many bookings match, counted up to `cap`. */
export async function countBookings(db: DbOrTx, filter: BookingListFilter, cap = 10_000): Promise<{ count: number; capped: boolean }> {
  const [row] = await db.$queryRaw<Array<{ count: number }>>`
    SELECT count(*)::int AS count FROM (
      SELECT 1 FROM bookings b JOIN customers c ON c.id = b.customer_id JOIN chefs k ON k.id = b.chef_id
      ${whereOf(bookingFilterConditions(filter))}
      LIMIT ${cap + 1}
    ) capped`;
  const count = row?.count ?? 0;
  return { count: Math.min(count, cap), capped: count > cap };
}
