// A chef cooks at one event at a time. An event's span is [event_at, event_at + duration), half
// open, so back-to-back events fit; a booking holds its chef's span from the moment the chef
// accepts it, and for as long as the event happens or happened (chefTimeStatuses). The database
// enforces it: the exclusion constraint bookings_chef_time_excl (migration
// 20261213000000_event_moves_and_chef_time) refuses a second holding booking whose span
// overlaps, so two accepts racing for the same evening cannot both commit, whatever the code
// above it does. The checks here come first only to refuse with a clear message
// (CHEF_UNAVAILABLE) instead of a constraint violation, and to let an auction pass over a busy
// bidder (docs/decisions/0023).
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import type { BookingStatus } from "../../db/generated/enums.ts";
import { DulyError, ErrorCode } from "../../errors.ts";

/**
 * Statuses in which a booking holds its chef's time: accepted (the chef said yes) and every
 * status of an event that happens or happened. Requested does not (a chef may have several
 * requests for one evening and accept one); declined, expired and cancelled give it back. The
 * constraint's WHERE lists exactly these (tests/integration/marketplace/marketplace-chef-calendar.test.ts).
 */
export const chefTimeStatuses = [
  "accepted", "paid", "closed", "completed", "disputed", "paid_out", "refunded", "settled",
] as const satisfies readonly BookingStatus[];

/** When a request names none: four hours, a dinner with its preparation and clearing up. */
export const defaultEventDurationMinutes = 240;

/** How long an event holds the chef, in whole minutes: half an hour to a day (a CHECK in the table too). */
export const eventDurationMinutes = z.number().int().min(30).max(1440);

/** The name of the constraint, as the database reports a violation of it. */
const constraintName = "bookings_chef_time_excl";

export interface EventSpan {
  chefId: number;
  eventAt: Date;
  durationMinutes: number;
  /** The booking being accepted or moved: it does not clash with itself. */
  exceptBookingId?: number;
}

export const spanEnd = (eventAt: Date, durationMinutes: number) => new Date(eventAt.getTime() + durationMinutes * 60_000);

/**
 * The chef's holding booking whose span overlaps this one, if any. The span expression and the
 * statuses are the constraint's own, so "overlaps" means here exactly what the constraint will
 * refuse (half-open ranges: an event may start as another ends). bookings_chef_id_idx finds the
 * chef's rows: a chef has tens of bookings, not millions.
 */
export async function findClash(tx: Tx, span: EventSpan): Promise<{ id: number; eventAt: Date; endsAt: Date } | null> {
  const end = spanEnd(span.eventAt, span.durationMinutes);
  const rows = await tx.$queryRaw<Array<{ id: number; eventAt: Date; durationMinutes: number }>>`
    SELECT id, event_at AS "eventAt", duration_minutes AS "durationMinutes"
      FROM bookings
     WHERE chef_id = ${span.chefId}
       AND status = ANY (${[...chefTimeStatuses]}::booking_status[])
       AND id <> ${span.exceptBookingId ?? 0}
       AND tstzrange(event_at, timezone('UTC', timezone('UTC', event_at) + make_interval(mins => duration_minutes)), '[)')
           && tstzrange(${span.eventAt}::timestamptz, ${end}::timestamptz, '[)')
     ORDER BY event_at
     LIMIT 1`;
  const clash = rows[0];
  return clash ? { id: clash.id, eventAt: clash.eventAt, endsAt: spanEnd(clash.eventAt, clash.durationMinutes) } : null;
}

/**
 * Refuses (CHEF_UNAVAILABLE) when the chef already holds an overlapping event. `reveal`: name the
 * other booking (to the chef, whose booking it is, or an operator); a customer learns only that
 * the chef is busy then.
 */
export async function requireChefFree(tx: Tx, span: EventSpan, reveal: boolean): Promise<void> {
  const clash = await findClash(tx, span);
  if (!clash) return;
  const when = `${clash.eventAt.toISOString()} to ${clash.endsAt.toISOString()}`;
  throw new DulyError(
    ErrorCode.ChefUnavailable,
    reveal
      ? `chef ${span.chefId} is already booked from ${when} (booking ${clash.id}), which overlaps ${span.eventAt.toISOString()} for ${span.durationMinutes} minutes`
      : `chef ${span.chefId} is already booked at that time (${when}); choose another time or chef`,
  );
}

/**
 * Runs a write that may give a booking the chef's time; a violation of the constraint (a racing
 * transaction took the span after the check above read it) becomes CHEF_UNAVAILABLE. The
 * transaction is aborted by then: this only names the refusal, it never carries on.
 */
export async function holdingChefTime<T>(chefId: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatesChefTime(error)) {
      throw new DulyError(ErrorCode.ChefUnavailable, `chef ${chefId} was booked for an overlapping event meanwhile; nothing was changed`);
    }
    throw error;
  }
}

/** PostgreSQL's exclusion_violation (23P01) on bookings_chef_time_excl, however the driver adapter wraps it. */
function violatesChefTime(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current: unknown = error; current && typeof current === "object" && !seen.has(current); ) {
    seen.add(current);
    const record = current as { code?: unknown; originalCode?: unknown; message?: unknown; originalMessage?: unknown; meta?: unknown; cause?: unknown };
    const code = record.originalCode ?? record.code;
    const message = `${String(record.originalMessage ?? "")} ${String(record.message ?? "")}`;
    if (code === "23P01" && message.includes(constraintName)) return true;
    current = record.cause ?? (record.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError;
  }
  return false;
}
