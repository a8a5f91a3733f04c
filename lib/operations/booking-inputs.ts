// The booking page's action inputs, parsed with zod at the edge (server actions) and reused by
// tests. Like the job forms (inputs.ts), each carries what the page showed of the booking (its
// status and version), so an action on a stale page is refused instead of applied.
import { z } from "zod";
import { bookingStatuses, reason, serialIdText } from "../validation/fields.ts";
import { displayZoneField, zonedDateTime } from "./inputs.ts";

/** A booking id as a form or a URL sends it. */
export const bookingId = serialIdText("a booking id");

export const seenBooking = {
  bookingId,
  status: z.enum(bookingStatuses, { error: "expected the booking's status as the page showed it" }),
  version: z.string().regex(/^\d{1,10}$/, "expected the booking's version as the page showed it"),
  zone: displayZoneField,
};

/** Move the event: a wall-clock time in the operator's display zone (never silently shifted). */
export const moveBookingEventInput = z.object({ ...seenBooking, eventAt: zonedDateTime, reason });
export const cancelBookingAsOperatorInput = z.object({ ...seenBooking, reason });

export type SeenBooking = { status: (typeof bookingStatuses)[number]; version: string };
export type MoveBookingEventInput = z.output<typeof moveBookingEventInput>;
export type CancelBookingAsOperatorInput = z.output<typeof cancelBookingAsOperatorInput>;

/** A move form's fields as the schema wants them (the date-time fields nest under `eventAt`, as the job form's do). */
export function moveFormFields(fields: Record<string, unknown>): Record<string, unknown> {
  return { ...fields, eventAt: { localRunAt: fields.localRunAt, zone: fields.zone, offsetChoice: fields.offsetChoice } };
}
