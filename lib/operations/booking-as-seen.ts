// Optimistic concurrency for operator actions on one booking, as job-as-seen.ts does for jobs
// (docs/decisions/0017): the page shows the booking's status and version (its row's xmin), the
// form sends both back, and the action refuses with StaleRecord, writing nothing, when the
// booking changed meanwhile (a tick closed it, the customer paid, another operator moved it).
//
// Lock order is the marketplace's (decision 0011): the booking's jobs first (the engine's one rule
// for that, lib/scheduler/admin: lockJobsOfSubject), then the booking. A running handler holds its
// job and then updates the booking; locking the booking first would deadlock against it. Both
// locks SKIP LOCKED: a booking whose job a tick is running right now is
// refused at once rather than waited for (the handler's commit changes the booking anyway).
//
// A refusal says what changed, who changed it and when, in the operator's zone
// (booking-last-change.ts), or which job a tick is running right now.
import type { DbOrTx, Tx } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { subjectOf } from "../marketplace/index.ts";
import { lockJobsOfSubject } from "../scheduler/admin/index.ts";
import { formatInZone } from "../time/zoned-time.ts";
import { describeBookingLastChange } from "./booking-last-change.ts";
import type { SeenBooking } from "./booking-inputs.ts";

export interface LockedBooking {
  id: number;
  status: SeenBooking["status"];
  eventAt: Date;
  version: string;
}

export async function lockBookingAsSeen(tx: Tx, bookingId: number, seen: SeenBooking & { zone?: string }): Promise<LockedBooking> {
  const zone = seen.zone ?? "UTC";
  const jobs = await lockJobsOfSubject(tx, subjectOf.booking(bookingId), { busy: "skip" });
  const [row] = await tx.$queryRaw<Array<{ id: number; status: SeenBooking["status"]; event_at: Date; version: string }>>`
    SELECT id, status::text AS status, event_at, xmin::text AS version
    FROM bookings WHERE id = ${bookingId}
    FOR UPDATE SKIP LOCKED`;
  if (!row) {
    const [exists] = await tx.$queryRaw<Array<{ id: number }>>`SELECT id FROM bookings WHERE id = ${bookingId}`;
    if (!exists) throw new DulyError(ErrorCode.NotFound, `booking ${bookingId} does not exist`);
  }
  if (!row || jobs.held.length > 0) {
    const who = jobs.held.length > 0
      ? `a tick is running ${jobs.held.map((job) => `job ${job.id} (${job.jobType}, due ${formatInZone(job.runAt, zone)})`).join(" and ")}`
      : "another operator or one of its parties is changing it";
    throw new DulyError(ErrorCode.StaleRecord, `booking ${bookingId} is being worked on right now (${who}); nothing was changed. Reload the page in a moment.`);
  }
  if (row.status !== seen.status || row.version !== seen.version) {
    const how = row.status !== seen.status ? `it was ${seen.status} on your page and is now ${row.status}` : "it was changed";
    // What happened, who did it and when, from the booking's records.
    const latest = (await describeBookingLastChange(tx, bookingId, zone)) ?? "by a tick, one of its parties or another operator";
    throw new DulyError(ErrorCode.StaleRecord, `booking ${bookingId} changed since your page showed it: ${how} (${latest}). Nothing was changed; reload the page to see it as it is now.`);
  }
  return { id: row.id, status: row.status, eventAt: row.event_at, version: row.version };
}

/** The current status and version of a booking (for pages and tests), or null if there is none. */
export async function bookingVersion(db: DbOrTx, bookingId: number): Promise<SeenBooking | null> {
  const [row] = await db.$queryRaw<Array<SeenBooking>>`
    SELECT status::text AS status, xmin::text AS version FROM bookings WHERE id = ${bookingId}`;
  return row ?? null;
}
