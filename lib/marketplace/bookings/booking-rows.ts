// Reading a booking and changing its status the guarded way: the UPDATE's WHERE requires the
// status the use case decided from (decision 0009's pattern, STYLE 3), so a change that lost a
// race matches no row and is reported, never silently applied twice.
import type { Tx } from "../../db/client.ts";
import type { Booking, BookingStatus, Prisma } from "../../db/generated/client.ts";
import { DulyError, ErrorCode } from "../../errors.ts";
import { NotBefore } from "../../scheduler/index.ts";
import type { Actor } from "../actor.ts";
import { StaleRead } from "../context.ts";
import { notFound, refuseTransition, type Transition } from "../transitions.ts";
import { bookingTransitions, type BookingTransition } from "./booking-status.ts";
import { bookingEventOf, recordBookingEvent, recordBookingEvents } from "../events.ts";

export async function loadBooking(tx: Tx, bookingId: number): Promise<Booking> {
  return (await tx.booking.findUnique({ where: { id: bookingId } })) ?? notFound(`booking ${bookingId}`);
}

/** Refuses (INVALID_STATE, naming the current status) unless `booking` may make this change. */
export function requireTransition(booking: Booking, name: BookingTransition, action: string = name): void {
  const { from } = bookingTransitions[name] as Transition<BookingStatus>;
  if (!from.includes(booking.status)) refuseTransition(`booking ${booking.id}`, booking.status, action, from);
}

/**
 * Makes the change if the booking is still `observed` (one of the transition's `from`), with
 * `data`, in one statement (UPDATE ... RETURNING); returns the updated booking, or null when it
 * no longer was. `due` adds conditions to the WHERE (a deadline's "and it is time").
 */
export async function transitionBooking(
  tx: Tx,
  booking: Pick<Booking, "id">,
  name: BookingTransition,
  observed: BookingStatus,
  data: Omit<Prisma.BookingUpdateManyMutationInput, "status" | "updatedAt"> & { updatedAt: Date },
  by: string,
  due: Prisma.BookingWhereInput = {},
): Promise<Booking | null> {
  const { from, to } = bookingTransitions[name] as Transition<BookingStatus>;
  if (!from.includes(observed)) throw new Error(`transition ${name} does not apply to ${observed}`);
  const [updated] = await tx.booking.updateManyAndReturn({ where: { id: booking.id, status: observed, ...due }, data: { ...data, status: to } });
  // The change's event, in its transaction (lib/events): every booking status change passes here.
  if (updated) await recordBookingEvent(tx, updated, bookingEventOf[name], by, data.updatedAt);
  return updated ?? null;
}

/**
 * As transitionBooking, for a use case that already wrote on the strength of `observed`: a
 * booking that changed meanwhile is a StaleRead (the transaction is retried from the start).
 */
export async function transitionOrRetry(
  tx: Tx,
  booking: Pick<Booking, "id">,
  name: BookingTransition,
  observed: BookingStatus,
  data: Omit<Prisma.BookingUpdateManyMutationInput, "status" | "updatedAt"> & { updatedAt: Date },
  by: string,
): Promise<Booking> {
  const updated = await transitionBooking(tx, booking, name, observed, data, by);
  if (updated) return updated;
  const current = await loadBooking(tx, booking.id);
  throw new StaleRead(`booking ${booking.id}`, current.status);
}

/**
 * Whether `actor` may know `booking` exists: its own customer and chef, operators and the system.
 * Any other customer or chef is told it does not exist, exactly as for an id nothing has.
 */
export function canSee(actor: Actor, booking: Pick<Booking, "customerId" | "chefId">): boolean {
  if (actor.kind === "customer") return actor.customerId === booking.customerId;
  if (actor.kind === "chef") return actor.chefId === booking.chefId;
  return true;
}

/**
 * The booking's own parties (and operators) may act on it. A customer or chef who is not its
 * party gets NOT_FOUND naming `record` (the booking, or the dispute being acted on), word for
 * word what an unknown id gets, so ids cannot be probed; a party who may see it but not do
 * this (the chef paying) gets NOT_ALLOWED.
 */
export function requireParty(
  actor: Actor,
  booking: Booking,
  allowed: ReadonlyArray<Actor["kind"]>,
  action: string,
  record = `booking ${booking.id}`,
): void {
  if (!canSee(actor, booking)) notFound(record);
  if (!allowed.includes(actor.kind)) {
    const who = actor.kind === "customer" || actor.kind === "chef" ? `its ${actor.kind}` : actor.kind;
    throw new DulyError(ErrorCode.NotAllowed, `${action} of booking ${booking.id} is for ${allowed.join(" or ")} of the booking; ${who} may not`);
  }
}

/**
 * A deadline's change: made in one statement when the booking is `from` and the deadline
 * (`dueWhere`) has come; otherwise it reads the booking once to tell "moved on" (returns
 * acted: false) from "not due yet" (NotDueYet: the engine defers the job to the deadline).
 */
export async function deadlineTransition(
  tx: Tx,
  bookingId: number,
  name: BookingTransition,
  from: BookingStatus,
  data: Omit<Prisma.BookingUpdateManyMutationInput, "status" | "updatedAt"> & { updatedAt: Date },
  due: { where: Prisma.BookingWhereInput; at: (booking: Booking) => Date; what: string },
  by: string,
): Promise<{ acted: true; booking: Booking } | { acted: false; status: string }> {
  const updated = await transitionBooking(tx, { id: bookingId }, name, from, data, by, due.where);
  if (updated) return { acted: true, booking: updated };
  const current = await loadBooking(tx, bookingId);
  if (current.status !== from) return { acted: false, status: current.status };
  throw new NotDueYet(`booking ${bookingId}'s ${due.what}`, due.at(current), data.updatedAt);
}

/**
 * A deadline's change for many bookings at once (a job type's batch, docs/decisions/0027): one
 * statement makes it for every booking still `from` whose deadline has come, and returns them.
 * The others are left as they are: their jobs then run the one-booking use case, which tells
 * "moved on" from "not due yet" as deadlineTransition does.
 */
export async function deadlineTransitionMany(
  tx: Tx,
  bookingIds: number[],
  name: BookingTransition,
  from: BookingStatus,
  data: Omit<Prisma.BookingUpdateManyMutationInput, "status" | "updatedAt"> & { updatedAt: Date },
  dueWhere: Prisma.BookingWhereInput,
  by: string,
): Promise<Booking[]> {
  const { from: allowed, to } = bookingTransitions[name] as Transition<BookingStatus>;
  if (!allowed.includes(from)) throw new Error(`transition ${name} does not apply to ${from}`);
  if (bookingIds.length === 0) return [];
  const updated = await tx.booking.updateManyAndReturn({ where: { id: { in: bookingIds }, status: from, ...dueWhere }, data: { ...data, status: to } });
  // Each change's event, in the batch's transaction, as transitionBooking writes it for one
  // booking (lib/events: every booking status change is an event, whichever path made it), all
  // in one statement, in booking id order.
  updated.sort((a, b) => a.id - b.id);
  await recordBookingEvents(tx, updated, bookingEventOf[name], by, data.updatedAt);
  return updated;
}

/**
 * Thrown by a deadline's use case when its business instant has not come (an operator ran the
 * job early, or the event was moved while it was claimed). It is the engine's NotBefore: the job
 * is moved to `due` without spending an attempt, its writes rolled back (decision 0020).
 */
export class NotDueYet extends NotBefore {
  constructor(what: string, due: Date, now: Date) {
    super(due, `${what} is due at ${due.toISOString()}, not yet at ${now.toISOString()}`);
    this.name = "NotDueYet";
  }
}
