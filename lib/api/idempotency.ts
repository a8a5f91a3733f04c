// The Idempotency-Key header (docs/decisions/0013). A POST sent with a key runs in one
// transaction that first claims the key (an INSERT into idempotency_records), then runs the use
// case, then writes the response into the claimed row, and commits all of it or none of it: a
// crash cannot leave an effect without its record, or a record without its effect.
//
// Two requests with the same key at once: the second's INSERT waits on the unique index for the
// first's transaction. If the first commits, the second finds its row and replays the response
// (no second effect); if the first rolls back (the use case refused), the second claims the key
// and runs. A wait longer than the lock timeout answers 409 IDEMPOTENCY_KEY_IN_PROGRESS.
// Refusals (4xx) are not recorded: they wrote nothing, so a retry simply runs again.
import { createHash } from "node:crypto";
import type { Tx } from "../db/client.ts";
import { ApiError, ApiErrorCode } from "./errors.ts";
import { canonicalJson } from "./json-body.ts";

/** Longest accepted key; UUIDs and ULIDs fit with room to spare. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** How long a duplicate waits for the first request with its key before 409 IN_PROGRESS. */
export const DEFAULT_IDEMPOTENCY_WAIT_MS = 10_000;

/** The header's value, or undefined when absent. Printable ASCII only, 1 to 255 characters. */
export function parseIdempotencyKey(header: string | null): string | undefined {
  if (header === null) return undefined;
  if (header.length === 0 || header.length > MAX_IDEMPOTENCY_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(header)) {
    throw new ApiError(
      ApiErrorCode.InvalidIdempotencyKey,
      `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters without spaces (a UUID is a good choice)`,
    );
  }
  return header;
}

export interface IdempotentRequest {
  apiKeyId: number;
  key: string;
  method: string;
  /** The request's path (`/api/v1/bookings/42/accept`), without the query. */
  path: string;
  /** Who it acts for (`customer:3`), or "" for none: one key cannot replay another party's answer. */
  actingAs: string;
  /** The parsed JSON body. Compared canonically: key order and whitespace do not matter. */
  body: unknown;
}

export function requestHash(request: IdempotentRequest): string {
  const material = canonicalJson([request.method.toUpperCase(), request.path, request.actingAs, request.body]);
  return createHash("sha256").update(material, "utf8").digest("hex");
}

export interface StoredResponse {
  status: number;
  /** The body exactly as it was first sent. */
  body: string;
}

export type Claim = { kind: "claimed"; recordId: bigint } | { kind: "replay"; response: StoredResponse };

/**
 * Claims the key in `tx` or finds its first response. Must be the transaction's first write, so
 * the wait on a concurrent duplicate happens before any effect. Refuses 422 when the key was used
 * for another request, 409 when its first request is still running after `waitMs`.
 */
export async function claimIdempotencyKey(tx: Tx, request: IdempotentRequest, waitMs = DEFAULT_IDEMPOTENCY_WAIT_MS): Promise<Claim> {
  const hash = requestHash(request);
  // Bound the wait for a concurrent duplicate, for this statement only (the use case keeps the
  // session's own lock_timeout): set_config(..., true) is local to the transaction.
  const [{ previous }] = await tx.$queryRaw<{ previous: string }[]>`
    SELECT current_setting('lock_timeout') AS previous, set_config('lock_timeout', ${`${Math.max(1, Math.round(waitMs))}ms`}, true)`;
  let inserted: { id: bigint }[];
  try {
    // response_status 0 marks the claim; the same transaction overwrites it before committing,
    // so no committed row ever holds it.
    inserted = await tx.$queryRaw<{ id: bigint }[]>`
      INSERT INTO idempotency_records (api_key_id, idempotency_key, request_hash, method, path, response_status, response_body)
      VALUES (${request.apiKeyId}, ${request.key}, ${hash}, ${request.method.toUpperCase()}, ${request.path}, 0, '')
      ON CONFLICT (api_key_id, idempotency_key) DO NOTHING
      RETURNING id`;
  } catch (error) {
    if (isLockTimeout(error)) {
      throw new ApiError(
        ApiErrorCode.IdempotencyKeyInProgress,
        "a request with this Idempotency-Key is still being processed; retry it shortly",
      );
    }
    throw error;
  }
  await tx.$queryRaw`SELECT set_config('lock_timeout', ${previous}, true)`;
  if (inserted.length === 1) return { kind: "claimed", recordId: inserted[0].id };

  const [first] = await tx.$queryRaw<{ requestHash: string; status: number; body: string; method: string; path: string }[]>`
    SELECT request_hash AS "requestHash", response_status AS status, response_body AS body, method, path
      FROM idempotency_records
     WHERE api_key_id = ${request.apiKeyId} AND idempotency_key = ${request.key}`;
  if (!first) {
    // Deleted (retention) between the INSERT and this read: the caller may simply retry.
    throw new ApiError(ApiErrorCode.IdempotencyKeyInProgress, "this Idempotency-Key changed hands while it was checked; retry");
  }
  if (first.requestHash !== hash) {
    throw new ApiError(
      ApiErrorCode.IdempotencyKeyReused,
      `this Idempotency-Key was already used for a different request (${first.method} ${first.path} with another body or party); use a new key for a new request`,
    );
  }
  return { kind: "replay", response: { status: first.status, body: first.body } };
}

/** Writes the response into the claimed record, in the same transaction as the effect. */
export async function recordIdempotentResponse(tx: Tx, recordId: bigint, response: StoredResponse): Promise<void> {
  const updated = await tx.$executeRaw`
    UPDATE idempotency_records SET response_status = ${response.status}, response_body = ${response.body}
     WHERE id = ${recordId} AND response_status = 0`;
  if (updated !== 1) throw new Error(`idempotency record ${recordId} was not in its claimed state`);
}

/** PostgreSQL's lock_not_available (55P03), however the driver adapter wraps it. */
function isLockTimeout(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current: unknown = error; current && typeof current === "object" && !seen.has(current); ) {
    seen.add(current);
    const record = current as { code?: unknown; originalCode?: unknown; meta?: unknown; cause?: unknown; message?: unknown };
    if (record.code === "55P03" || record.originalCode === "55P03") return true;
    if (typeof record.message === "string" && /lock timeout|55P03/.test(record.message)) return true;
    current = record.cause ?? (record.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError;
  }
  return false;
}

/** Deletes records older than `before`, at most `limit` at a time; returns how many went. */
export async function pruneIdempotencyRecords(tx: Tx, before: Date, limit = 10_000): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM idempotency_records
     WHERE id = ANY(ARRAY(SELECT id FROM idempotency_records WHERE created_at < ${before} ORDER BY created_at LIMIT ${limit}))`;
}
