// A customer asks a chef to cook at an event. The chef has the policy's time to accept (a
// deadline job, created with the booking); the event must be at least the minimum notice away,
// and the chef free then: a request for a span the chef already holds is refused at once
// (CHEF_UNAVAILABLE) rather than left to fail at acceptance.
import { recordBookingEvent } from "../events.ts";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { DulyError, ErrorCode } from "../../errors.ts";
import { metadata } from "../../validation/fields.ts";
import { actorLabel, requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import { amountMinor, currency, instant, recordId, text, timeZone } from "../inputs.ts";
import { acceptDeadline, scheduleDeadline } from "../job-declarations.ts";
import type { LifecyclePolicy } from "../policy.ts";
import { notFound } from "../transitions.ts";
import { toBookingView, type BookingView } from "../views.ts";
import { defaultEventDurationMinutes, eventDurationMinutes, requireChefFree } from "./chef-time.ts";

export const requestBookingInput = z.strictObject({
  chefId: recordId,
  eventAt: instant,
  timeZone,
  place: text(200),
  priceMinor: amountMinor,
  currency,
  /** How long the event holds the chef, in minutes (30 to 1440); default 240. */
  durationMinutes: eventDurationMinutes.optional(),
  /** The integrator's own keys and values (lib/validation/fields.ts). */
  metadata: metadata.optional(),
});
export type RequestBookingInput = z.input<typeof requestBookingInput>;

export async function requestBooking(context: UseCaseContext, input: RequestBookingInput): Promise<BookingView> {
  const { actor } = context;
  const now = checkNow(context.now);
  requireActor(actor, ["customer"], "requesting a booking");
  const request = parseInput(requestBookingInput, input, "request booking");
  return inTransaction(context.db, async (tx) => {
    if (!(await tx.customer.findUnique({ where: { id: actor.customerId } }))) notFound(`customer ${actor.customerId}`);
    const booking = await createBookingRequest(tx, policyOf(context), now, {
      customerId: actor.customerId, chefId: request.chefId, eventAt: new Date(request.eventAt), timeZone: request.timeZone,
      place: request.place, priceMinor: request.priceMinor, currency: request.currency, auctionId: null, actor: actorLabel(actor),
      durationMinutes: request.durationMinutes ?? defaultEventDurationMinutes, metadata: request.metadata ?? {},
    });
    return toBookingView(booking);
  });
}

/** Also used when an auction is awarded: the booking row and its accept deadline, together. */
export async function createBookingRequest(
  tx: Tx,
  policy: LifecyclePolicy,
  now: Date,
  request: {
    customerId: number; chefId: number; eventAt: Date; timeZone: string; place: string; priceMinor: number; currency: string;
    auctionId: number | null; actor: string; durationMinutes: number; metadata?: Record<string, string>;
  },
) {
  // An auction's notice was checked against its close when it was posted; a late close still awards.
  if (request.auctionId === null) requireNotice(policy, request.eventAt, now);
  if (!(await tx.chef.findUnique({ where: { id: request.chefId } }))) notFound(`chef ${request.chefId}`);
  await requireChefFree(tx, { chefId: request.chefId, eventAt: request.eventAt, durationMinutes: request.durationMinutes }, false);
  const acceptBy = new Date(now.getTime() + policy.acceptWithinMs);
  const booking = await tx.booking.create({
    data: {
      customerId: request.customerId, chefId: request.chefId, status: "requested", eventAt: request.eventAt, timeZone: request.timeZone,
      place: request.place, priceMinor: request.priceMinor, currency: request.currency, auctionId: request.auctionId,
      requestedAt: now, acceptBy, updatedAt: now, durationMinutes: request.durationMinutes, metadata: request.metadata ?? {},
    },
  });
  await scheduleDeadline(tx, acceptDeadline, { bookingId: booking.id }, acceptBy);
  await recordBookingEvent(tx, booking, "booking.requested", request.actor, now);
  return booking;
}

/** How far ahead an event may be: its completion and payout must still be storable instants. */
export const maxHorizonMs = 2 * 366 * 86_400_000;

/** An event must be at least the minimum notice away (so accepting and paying fit before it), and at most two years. */
export function requireNotice(policy: LifecyclePolicy, eventAt: Date, now: Date): void {
  if (eventAt.getTime() > now.getTime() + maxHorizonMs) {
    throw new DulyError(ErrorCode.InvalidInput, `eventAt ${eventAt.toISOString()} is too far ahead: events are booked at most two years ahead`);
  }
  const earliest = new Date(now.getTime() + policy.minNoticeMs);
  if (eventAt < earliest) {
    throw new DulyError(
      ErrorCode.InvalidInput,
      `eventAt ${eventAt.toISOString()} is too soon: events need ${Math.round(policy.minNoticeMs / 3_600_000)} h notice (the earliest is ${earliest.toISOString()})`,
    );
  }
}
