// An event as its reader may see it: the platform (an app key acting for no one, operators) sees
// what was stored; a customer or chef sees the object as the API shows it to them (docs/api.md,
// "What each party sees"): actors other than the parties by kind only, a chef an auction's own
// bid only and its booking only if it won.
import { z } from "zod";
import { actorAsSeenByParty } from "../marketplace/bookings/booking-as-seen.ts";
import { eventObjectTypes, eventTypeSchema } from "./event-types.ts";

/** Who reads: the platform, or a party by its label ("customer:3", "chef:7"). */
export type EventReader = "platform" | `customer:${number}` | `chef:${number}`;

export const eventView = z
  .object({
    id: z.string().meta({ description: "The event's id: receivers deduplicate by it (a delivery may come more than once).", example: "1042" }),
    type: eventTypeSchema,
    createdAt: z.string().meta({ description: "When the change was made (ISO 8601, UTC).", format: "date-time" }),
    actor: z.string().meta({ description: "Who made it: customer:3, chef:7, or operator / system (the platform sees which)." }),
    objectType: z.enum(eventObjectTypes),
    objectId: z.number().int(),
    data: z.record(z.string(), z.unknown()).meta({ description: "The object after the change, as GET shows it to the reader." }),
  })
  .meta({ id: "Event" });
export type EventView = z.infer<typeof eventView>;

export interface EventRow {
  id: bigint;
  type: string;
  objectType: string;
  objectId: number;
  data: unknown;
  actor: string;
  createdAt: Date;
}

/** Stored beside an auction's view, never shown: which chef won (only it sees the booking). */
export const winningChefField = "winningChefId";

export function toEventView(row: EventRow, reader: EventReader): EventView {
  const stored = { ...(row.data as Record<string, unknown>) };
  const winningChefId = stored[winningChefField];
  delete stored[winningChefField];
  const base = {
    id: row.id.toString(), type: row.type as EventView["type"], createdAt: row.createdAt.toISOString(),
    objectType: row.objectType as EventView["objectType"], objectId: row.objectId,
  };
  if (reader === "platform") return { ...base, actor: row.actor, data: stored };
  return { ...base, actor: actorAsSeenByParty(row.actor) ?? row.actor, data: redact(row.objectType, stored, reader, winningChefId) };
}

function redact(objectType: string, data: Record<string, unknown>, reader: EventReader, winningChefId: unknown): Record<string, unknown> {
  if (objectType === "booking") return { ...data, endedBy: actorAsSeenByParty((data.endedBy as string | null) ?? null) };
  if (objectType === "dispute") return { ...data, resolvedBy: actorAsSeenByParty((data.resolvedBy as string | null) ?? null) };
  if (objectType === "auction" && reader.startsWith("chef:")) {
    const chefId = Number(reader.slice("chef:".length));
    const bids = Array.isArray(data.bids) ? (data.bids as Array<{ chefId: number }>).filter((bid) => bid.chefId === chefId) : [];
    return { ...data, bids, bookingId: winningChefId === chefId ? data.bookingId : null };
  }
  return data;
}
