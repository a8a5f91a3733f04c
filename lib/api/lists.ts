// Lists with keyset cursors (issue 14, item 4): newest first by id, `limit` at a time, and an
// opaque `nextCursor` naming the last id answered. A page never repeats or skips a record that
// existed when the list was first read, whatever is inserted meanwhile: the next page is "ids
// below the last one", not "rows after the first N" (an offset shifts under inserts). A record
// inserted while a client pages through appears on a later read from the start (its id is
// higher). The cursor carries a digest of the filters it was made under, so a cursor reused with
// other filters is refused rather than silently answering a different list.
import { createHash } from "node:crypto";
import { z } from "zod";
import { inRunTimeRange, runTimeRange } from "../validation/fields.ts";
import { ApiError, ApiErrorCode } from "./errors.ts";

const instant = z
  .iso.datetime({ offset: true, error: "expected an ISO instant with a zone, e.g. 2026-12-01T09:00:00Z" })
  .transform((value) => new Date(value))
  .refine(inRunTimeRange, `expected an instant ${runTimeRange}`);

/** The query every list takes, with its own `status` enum. */
export function listQuery<Status extends z.ZodEnum>(status: Status, createdField: string) {
  return z
    .object({
      status: status.optional().meta({ description: "Only records in this status." }),
      createdGte: instant.optional().meta({ description: `Only records created (${createdField}) at or after this instant.`, example: "2026-12-01T00:00:00Z" }),
      createdLt: instant.optional().meta({ description: `Only records created (${createdField}) before this instant.`, example: "2027-01-01T00:00:00Z" }),
      limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "How many records a page holds (1-100, default 20)." }),
      cursor: z.string().max(200).optional().meta({ description: "The `nextCursor` of the previous page, with the same filters; left out: the first page." }),
    })
    .strict();
}

export interface ListFilters {
  status?: string;
  createdGte?: Date;
  createdLt?: Date;
  limit: number;
  cursor?: string;
}

/** What a page answers. */
export function listPage<Item extends z.ZodType>(item: Item, id: string) {
  return z
    .object({
      data: z.array(item),
      hasMore: z.boolean().meta({ description: "Whether a next page has records (then `nextCursor` fetches it)." }),
      nextCursor: z.string().nullable().meta({ description: "Opaque: pass as `cursor` (with the same filters) for the next page; null on the last page." }),
    })
    .meta({ id });
}

const digestOf = (list: string, filters: ListFilters) =>
  createHash("sha256")
    .update(JSON.stringify([list, filters.status ?? null, filters.createdGte?.toISOString() ?? null, filters.createdLt?.toISOString() ?? null]))
    .digest("base64url")
    .slice(0, 12);

export function encodeCursor(list: string, filters: ListFilters, lastId: number): string {
  return Buffer.from(`${digestOf(list, filters)}.${lastId}`).toString("base64url");
}

/** The id a cursor continues below, or undefined for the first page. */
export function decodeCursor(list: string, filters: ListFilters): number | undefined {
  if (filters.cursor === undefined) return undefined;
  const match = /^([A-Za-z0-9_-]{12})\.([1-9][0-9]{0,9})$/.exec(Buffer.from(filters.cursor, "base64url").toString());
  if (!match || Number(match[2]) > 2_147_483_647) {
    throw new ApiError(ApiErrorCode.InvalidInput, "cursor is not one this list answered: pass a page's nextCursor as it is", [{ path: ["query", "cursor"], message: "not a cursor of this list" }]);
  }
  if (match[1] !== digestOf(list, filters)) {
    throw new ApiError(ApiErrorCode.InvalidInput, "cursor was made under other filters: send the same status, createdGte and createdLt as for the first page", [{ path: ["query", "cursor"], message: "made under other filters" }]);
  }
  return Number(match[2]);
}

/** The page of `rows` (fetched with limit + 1, newest first) and its cursor. */
export function pageOf<Row extends { id: number }, Item>(list: string, filters: ListFilters, rows: Row[], view: (row: Row) => Item) {
  const hasMore = rows.length > filters.limit;
  const shown = rows.slice(0, filters.limit);
  const last = shown.at(-1);
  return { data: shown.map(view), hasMore, nextCursor: hasMore && last ? encodeCursor(list, filters, last.id) : null };
}

/** The Prisma `where` on id and creation time that a page's filters and cursor say. */
export function keysetWhere(list: string, filters: ListFilters, createdColumn: string) {
  const below = decodeCursor(list, filters);
  const created = filters.createdGte || filters.createdLt ? { [createdColumn]: { ...(filters.createdGte ? { gte: filters.createdGte } : {}), ...(filters.createdLt ? { lt: filters.createdLt } : {}) } } : {};
  return { ...(below !== undefined ? { id: { lt: below } } : {}), ...created, ...(filters.status ? { status: filters.status } : {}) };
}
