// A move request as the use cases return it and the API documents it (kept beside views.ts, which
// it extends: a booking's detail lists its move requests).
import { z } from "zod";
import type { BookingMoveRequest } from "../db/generated/client.ts";
import { moveRequestStatus } from "../validation/fields.ts";

const iso = z.string().meta({ description: "ISO 8601 instant (UTC)", format: "date-time" });

export const moveRequestStatusSchema = moveRequestStatus;

export const moveRequestView = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  status: moveRequestStatusSchema,
  /** The booking's event time when the move was asked for: the agreed one, which stands until the chef accepts. */
  fromEventAt: iso,
  /** The proposed event time and its zone. */
  eventAt: iso,
  timeZone: z.string(),
  requestedBy: z.string(),
  requestedAt: iso,
  /** The chef's answer deadline: after it, the request lapses and nothing changes. */
  answerBy: iso,
  endedAt: iso.nullable(),
  endedBy: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type MoveRequestView = z.infer<typeof moveRequestView>;

export function toMoveRequestView(m: BookingMoveRequest): MoveRequestView {
  return {
    id: m.id, bookingId: m.bookingId, status: m.status, fromEventAt: m.fromEventAt.toISOString(), eventAt: m.eventAt.toISOString(),
    timeZone: m.timeZone, requestedBy: m.requestedBy, requestedAt: m.requestedAt.toISOString(), answerBy: m.answerBy.toISOString(),
    endedAt: m.endedAt?.toISOString() ?? null, endedBy: m.endedBy, endReason: m.endReason,
  };
}
