// Signing what Duly sends, Stripe's scheme (the one Duly's own payment webhook checks, decision
// 0022): `Duly-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. While a
// secret is being rotated the header carries one v1 per valid secret, the new one first, so a
// receiver holding either verifies. Pure: the caller passes the instant and the secrets.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const webhookSignatureHeader = "Duly-Signature";

/** A new endpoint secret: `whsec_` and 32 random bytes, base64url. Shown once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

function hmacHex(secret: string, timestamp: number, rawBody: string | Uint8Array): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
}

/** The header value for `rawBody` signed at `timestampSeconds` with each secret in turn. */
export function signWebhook(secrets: readonly string[], timestampSeconds: number, rawBody: string | Uint8Array): string {
  if (secrets.length === 0) throw new Error("signWebhook needs at least one secret");
  return [`t=${timestampSeconds}`, ...secrets.map((secret) => `v1=${hmacHex(secret, timestampSeconds, rawBody)}`)].join(",");
}

/**
 * What a receiver does (docs/api.md shows the same in a few lines): true when one v1 of the
 * header is the HMAC of `<t>.<raw body>` with `secret` and t is within `toleranceSeconds` of `nowSeconds`.
 */
export function verifyWebhookSignature(
  header: string | null | undefined,
  rawBody: string | Uint8Array,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = header.split(",").map((part) => part.trim().split("=", 2) as [string, string | undefined]);
  const timestamps = parts.filter(([name]) => name === "t").map(([, value]) => Number(value));
  if (timestamps.length !== 1 || !Number.isInteger(timestamps[0])) return false;
  const t = timestamps[0]!;
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, t, rawBody), "hex");
  return parts.some(([name, value]) => name === "v1" && /^[0-9a-f]{64}$/.test(value ?? "") && timingSafeEqual(Buffer.from(value!, "hex"), expected));
}
