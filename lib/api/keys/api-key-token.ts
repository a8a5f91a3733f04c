// API key tokens: `duly_<8 hex>_<43 base64url>`. The first part (`duly_1a2b3c4d`) is the key's
// prefix, shown to humans to tell keys apart; the whole token is the secret, 32 random bytes
// after the prefix. Only its SHA-256 is stored (docs/decisions/0012 says why not bcrypt).
import { createHash, randomBytes } from "node:crypto";

const TOKEN_PATTERN = /^(duly_[0-9a-f]{8})_[A-Za-z0-9_-]{43}$/;

export interface NewToken {
  token: string;
  prefix: string;
  tokenHash: string;
}

export function generateToken(): NewToken {
  const prefix = `duly_${randomBytes(4).toString("hex")}`;
  const token = `${prefix}_${randomBytes(32).toString("base64url")}`;
  return { token, prefix, tokenHash: hashToken(token) };
}

/** SHA-256 of the token, lowercase hex: what api_keys.token_hash holds and is looked up by. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The token's prefix when it has a token's shape, else undefined (refused without a query). */
export function prefixOfToken(token: string): string | undefined {
  return TOKEN_PATTERN.exec(token)?.[1];
}

/** The token in `Authorization: Bearer <token>`, or undefined when the header is absent or not that. */
export function bearerToken(authorization: string | null): string | undefined {
  if (authorization === null) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  return match?.[1];
}
