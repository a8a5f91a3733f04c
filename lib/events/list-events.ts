// GET /api/v1/events: the events a reader may see, in position order, after a cursor. Sequences
// first, so a reader sees every event committed before its request.
import type { Db } from "../db/client.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { ApiError, ApiErrorCode } from "../api/errors.ts";
import { parseSetting } from "../settings.ts";
import { prunedThrough } from "./prune-events.ts";
import { sequenceEvents } from "./sequence-events.ts";
import { toEventView, type EventReader, type EventView } from "./event-view.ts";

export interface EventPage {
  data: EventView[];
  /** Pass as `after` for the next page; the same cursor when nothing new came (poll with it). */
  nextCursor: string;
  hasMore: boolean;
}

export async function listEvents(db: Db, reader: EventReader, query: { after: bigint; limit: number; types?: readonly string[] }): Promise<EventPage> {
  await sequenceEvents(db);
  // Every position up to the horizon is final; a page that ends before it still moves the
  // cursor there, so a party whose events are rare does not rescan the others' each time.
  const [{ horizon }] = await db.$queryRaw<Array<{ horizon: bigint }>>`SELECT coalesce(max(position), 0)::bigint AS horizon FROM events`;
  // Positions never go back (the prune keeps the newest), so no cursor past them was handed out;
  // echoing one back would have the reader poll forever and never see an event.
  if (query.after > horizon) throw new DulyError(ErrorCode.InvalidInput, `after: the cursor ${query.after} is ahead of every event (the newest is ${horizon}); start from a nextCursor this API returned, or 0`);
  const party = reader === "platform" ? null : reader;
  const types = query.types && query.types.length > 0 ? [...query.types] : null;
  const rows = await db.$queryRaw<Array<{ id: bigint; position: bigint; type: string; object_type: string; object_id: number; data: unknown; actor: string; created_at: Date }>>`
    SELECT id, position, type, object_type, object_id, data, actor, created_at FROM events
    WHERE position > ${query.after} AND position <= ${horizon}
      AND (${party}::text IS NULL OR audience @> ARRAY[${party}::text])
      AND (${types}::text[] IS NULL OR type = ANY(${types}::text[]))
    ORDER BY position LIMIT ${query.limit + 1}`;
  // After the page is read (a later snapshot): a prune that deleted events after the cursor
  // committed before the page was, or the page is whole.
  await refuseExpiredCursor(db, query.after);
  const page = rows.slice(0, query.limit);
  const data = page.map((row) =>
    toEventView({ id: row.id, type: row.type, objectType: row.object_type, objectId: row.object_id, data: row.data, actor: row.actor, createdAt: row.created_at }, reader),
  );
  const last = page.at(-1);
  const hasMore = rows.length > query.limit;
  const cursor = hasMore ? last!.position : horizon > query.after ? horizon : query.after;
  return { data, nextCursor: cursor.toString(), hasMore };
}

/**
 * 410 CURSOR_EXPIRED when the retention prune deleted an event after the cursor: answering what is
 * left would skip those without a word. 0 reads from the oldest event kept, as always; a cursor
 * at or past the highest position deleted misses nothing, even when older events are kept (one a
 * delivery still retries). The reader resyncs its records and goes on from there.
 */
async function refuseExpiredCursor(db: Db, after: bigint): Promise<void> {
  if (after === 0n) return;
  const through = await prunedThrough(db);
  if (after >= through) return;
  const days = parseSetting("DULY_EVENT_RETENTION_DAYS");
  throw new ApiError(
    ApiErrorCode.CursorExpired,
    `after: events after cursor ${after} were deleted by the retention (events are kept ${days} days): some you never read are gone. ` +
      `Resync the records you follow from their lists (GET /bookings, /auctions, /disputes), then read events from after=${through}, the oldest cursor that misses nothing`,
    undefined,
    "after",
  );
}
