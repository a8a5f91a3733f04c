// Creating, revoking, listing and checking API keys (docs/decisions/0012). Used by the CLI
// (scripts/apikey.ts), the demo seed and every /api/v1 route (through authenticateApiKey).
import { z } from "zod";
import type { DbOrTx } from "../../db/client.ts";
import type { ApiKeyScope } from "../../db/generated/client.ts";
import { DulyError, ErrorCode } from "../../errors.ts";
import { ApiError, ApiErrorCode } from "../errors.ts";
import { bearerToken, generateToken, hashToken, prefixOfToken } from "./api-key-token.ts";
import { int4Max, parseInput } from "../../validation/fields.ts";

/** What a route knows about the key that called it. */
export interface AuthenticatedKey {
  id: number;
  prefix: string;
  scope: ApiKeyScope;
  /** The customer or chef a bound key acts as; undefined for `app` keys. */
  partyId: number | undefined;
  /** Its own requests-per-minute limit; undefined: the server's (DULY_API_RATE_LIMIT). */
  rateLimitPerMinute: number | undefined;
  /** Reads only: every POST is refused (403 API_KEY_READ_ONLY). */
  readOnly: boolean;
}

const printable = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), { error: "must not contain control characters" });

const newKeySchema = z
  .object({
    name: printable(100),
    scope: z.enum(["app", "customer", "chef"]),
    partyId: z.number().int().positive().max(int4Max).optional(),
    readOnly: z.boolean().optional(),
    rateLimitPerMinute: z.number().int().min(1).max(10_000_000).optional(),
  })
  .strict()
  .refine((key) => (key.scope === "app") === (key.partyId === undefined), {
    error: "a customer or chef key needs partyId (the id it acts as); an app key takes none",
    path: ["partyId"],
  });
export type NewApiKey = z.input<typeof newKeySchema>;

export interface CreatedApiKey {
  id: number;
  prefix: string;
  /** The secret, shown once: only its hash is stored. */
  token: string;
}

/** Creates a key and returns its token (the only time it is seen). A bound key's party must exist. */
export async function createApiKey(db: DbOrTx, input: NewApiKey): Promise<CreatedApiKey> {
  const { name, scope, partyId, readOnly, rateLimitPerMinute } = parseInput(newKeySchema, input, "API key");
  if (scope === "customer" && partyId !== undefined && !(await db.customer.findUnique({ where: { id: partyId }, select: { id: true } }))) {
    throw new DulyError(ErrorCode.NotFound, `no customer has id ${partyId}`);
  }
  if (scope === "chef" && partyId !== undefined && !(await db.chef.findUnique({ where: { id: partyId }, select: { id: true } }))) {
    throw new DulyError(ErrorCode.NotFound, `no chef has id ${partyId}`);
  }
  const { token, prefix, tokenHash } = generateToken();
  const created = await db.apiKey.create({ data: { name, scope, partyId: partyId ?? null, prefix, tokenHash, readOnly: readOnly ?? false, rateLimitPerMinute: rateLimitPerMinute ?? null }, select: { id: true } });
  return { id: created.id, prefix, token };
}

/**
 * Revokes the key with this prefix (`duly_1a2b3c4d`) as of `now`. Revoking a revoked key keeps
 * its first revocation time. Unknown prefix: NOT_FOUND.
 */
export async function revokeApiKey(db: DbOrTx, prefix: string, now: Date): Promise<{ revokedAt: Date }> {
  // Guarded in the WHERE: a second revocation changes nothing (STYLE 3).
  await db.apiKey.updateMany({ where: { prefix, revokedAt: null }, data: { revokedAt: now } });
  const key = await db.apiKey.findUnique({ where: { prefix }, select: { revokedAt: true } });
  if (!key?.revokedAt) throw new DulyError(ErrorCode.NotFound, `no API key has prefix ${JSON.stringify(prefix)}`);
  return { revokedAt: key.revokedAt };
}

export interface ApiKeySummary {
  id: number;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  partyId: number | null;
  createdAt: Date;
  revokedAt: Date | null;
  readOnly: boolean;
  rateLimitPerMinute: number | null;
  /** When the key was last used, to the minute; null: never. */
  lastUsedAt: Date | null;
}

export function listApiKeys(db: DbOrTx): Promise<ApiKeySummary[]> {
  return db.apiKey.findMany({
    orderBy: { id: "asc" },
    select: { id: true, name: true, prefix: true, scope: true, partyId: true, createdAt: true, revokedAt: true, readOnly: true, rateLimitPerMinute: true, lastUsedAt: true },
  });
}

/**
 * The key named by `Authorization: Bearer <token>`. Refuses with 401 UNAUTHENTICATED when the
 * header is missing, malformed or names no key, and 401 API_KEY_REVOKED for a revoked key.
 * Looked up by the token's SHA-256 (a unique index): no timing to learn from, since an attacker
 * who could steer the hash's prefix would need the token to do it.
 */
export async function authenticateApiKey(db: DbOrTx, authorization: string | null): Promise<AuthenticatedKey> {
  const token = bearerToken(authorization);
  if (token === undefined) {
    throw new ApiError(ApiErrorCode.Unauthenticated, "send an API key as `Authorization: Bearer <key>` (docs/api.md)");
  }
  if (prefixOfToken(token) === undefined) throw new ApiError(ApiErrorCode.Unauthenticated, "this is not a Duly API key");
  const key = await db.apiKey.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, prefix: true, scope: true, partyId: true, revokedAt: true, readOnly: true, rateLimitPerMinute: true },
  });
  if (!key) throw new ApiError(ApiErrorCode.Unauthenticated, "unknown API key");
  if (key.revokedAt) {
    throw new ApiError(ApiErrorCode.ApiKeyRevoked, `API key ${key.prefix} was revoked at ${key.revokedAt.toISOString()}`);
  }
  return {
    id: key.id, prefix: key.prefix, scope: key.scope, partyId: key.partyId ?? undefined,
    rateLimitPerMinute: key.rateLimitPerMinute ?? undefined, readOnly: key.readOnly,
  };
}
