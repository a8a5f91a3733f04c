// The bookings page's URL: filters (status, event window, a party's name or email), order, page
// size and page position all live in the query string, as on the jobs page (jobs-query.ts).
// Times are ISO instants in links; a window typed in the form is a local time in the operator's
// zone, resolved here (a skipped or repeated local time is refused, never shifted).
import { z } from "zod";
import { describeIssues, blankToUndefined, keysetPosition, unstorableParam, type RawSearchParams } from "@/app/_lib/search-params.ts";
import { instantIn } from "@/app/jobs/jobs-query.ts";
import type { BookingCursor, BookingListQuery } from "@/lib/operations/booking-list.ts";
import { bookingStatusSchema } from "@/lib/marketplace/index.ts";

export const pageSizes = [25, 50, 100] as const;
export const bookingStatuses = bookingStatusSchema.options;

const cursor = keysetPosition("int").transform(({ at, id }): BookingCursor => ({ eventAt: at, id }));

const formatCursor = (position: BookingCursor) => `${position.eventAt.toISOString()}~${position.id}`;

function schemaFor(zone: string) {
  return z
    .object({
      status: z.preprocess(blankToUndefined, bookingStatusSchema.optional()),
      from: z.preprocess(blankToUndefined, instantIn(zone).optional()),
      to: z.preprocess(blankToUndefined, instantIn(zone).optional()),
      q: z.preprocess(blankToUndefined, z.string().trim().min(1).max(200).optional()),
      dir: z.preprocess(blankToUndefined, z.enum(["asc", "desc"]).default("asc")),
      size: z.preprocess(blankToUndefined, z.coerce.number().pipe(z.union(pageSizes.map((n) => z.literal(n)))).default(50)),
      after: cursor.optional(),
      before: cursor.optional(),
    })
    .strict()
    .refine((q) => !(q.after && q.before), "after and before cannot both be given")
    .refine((q) => !(q.from && q.to && q.from >= q.to), { message: "the window must end after it starts", path: ["to"] });
}

export function parseBookingsQuery(params: RawSearchParams, zone: string): { ok: true; query: BookingListQuery } | { ok: false; error: string } {
  const unstorable = unstorableParam(params);
  if (unstorable) return { ok: false, error: unstorable };
  const parsed = schemaFor(zone).safeParse(params);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  const q = parsed.data;
  return {
    ok: true,
    query: { status: q.status, from: q.from, to: q.to, search: q.q, direction: q.dir, pageSize: q.size, after: q.after, before: q.before },
  };
}

/** The canonical link of a query (instants as ISO), with changes applied. */
export function bookingsHref(
  query: BookingListQuery,
  changes: { after?: BookingCursor; before?: BookingCursor; dir?: "asc" | "desc"; from?: Date; to?: Date; status?: BookingListQuery["status"] } = {},
): string {
  const params = new URLSearchParams();
  const status = "status" in changes ? changes.status : query.status;
  if (status) params.set("status", status);
  const from = "from" in changes ? changes.from : query.from;
  const to = "to" in changes ? changes.to : query.to;
  if (from) params.set("from", from.toISOString());
  if (to) params.set("to", to.toISOString());
  if (query.search) params.set("q", query.search);
  const dir = changes.dir ?? query.direction;
  if (dir !== "asc") params.set("dir", dir);
  if (query.pageSize !== 50) params.set("size", String(query.pageSize));
  if (changes.after) params.set("after", formatCursor(changes.after));
  if (changes.before) params.set("before", formatCursor(changes.before));
  const text = params.toString();
  return text ? `/bookings?${text}` : "/bookings";
}
