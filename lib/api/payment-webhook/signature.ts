// The payment webhook's signature, Stripe's scheme: the sender sends
// `Duly-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` where the HMAC, keyed with the shared
// secret (DULY_PAYMENT_WEBHOOK_SECRET), covers `<t>.<raw body bytes>`. Signing the timestamp
// with the body means a captured delivery cannot be replayed with a fresh time, and checking the
// timestamp against our clock bounds how long a captured one can be replayed at all (the
// ledger's unique provider key makes a replay inside that window record nothing).
//
// Pure: no clock is read and no setting (callers pass `now` and the secret), so tests choose both.
import { createHmac, timingSafeEqual } from "node:crypto";
import { ApiError, ApiErrorCode } from "../errors.ts";

export const signatureHeader = "Duly-Signature";

/**
 * How far the signed timestamp may be from our clock, either way: Stripe's default. Long enough
 * for a provider's queueing and for clocks a little apart, short enough that a delivery copied
 * off the wire is useless soon after.
 */
export const signatureToleranceMs = 5 * 60_000;

const refuse = (message: string) => new ApiError(ApiErrorCode.InvalidSignature, message);

function hmac(secret: string, timestamp: string, rawBody: Uint8Array): Buffer {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest();
}

/** The header value a sender computes (tests, and a relay that forwards provider events). */
export function signPaymentEvent(secret: string, timestampSeconds: number, rawBody: Uint8Array | string): string {
  const bytes = typeof rawBody === "string" ? new TextEncoder().encode(rawBody) : rawBody;
  return `t=${timestampSeconds},v1=${hmac(secret, String(timestampSeconds), bytes).toString("hex")}`;
}

interface ParsedHeader {
  timestamp: string;
  signatures: Buffer[];
}

/** `t=…` once, `v1=…` one or more times (a sender rotating its secret signs with both); other schemes are ignored. */
function parseHeader(header: string | null): ParsedHeader {
  if (header === null || header.trim() === "") throw refuse(`no ${signatureHeader} header: every event must be signed`);
  if (header.length > 1024) throw refuse(`the ${signatureHeader} header is too long`);
  const timestamps: string[] = [];
  const signatures: Buffer[] = [];
  for (const part of header.split(",")) {
    const [name, value = ""] = part.trim().split("=", 2) as [string, string?];
    if (name === "t") timestamps.push(value);
    if (name === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, "hex"));
  }
  if (timestamps.length !== 1 || !/^[0-9]{1,12}$/.test(timestamps[0]!)) {
    throw refuse(`the ${signatureHeader} header must carry one timestamp t=<unix seconds>`);
  }
  if (signatures.length === 0) throw refuse(`the ${signatureHeader} header carries no v1=<hex HMAC-SHA256> signature`);
  return { timestamp: timestamps[0]!, signatures };
}

/**
 * Checks the header against the raw body and the secret; returns the signed instant. Refuses
 * (401 INVALID_SIGNATURE) a missing or malformed header and a signature that does not match. The
 * comparison takes the same time wherever the bytes differ (timingSafeEqual), so the right
 * signature cannot be found a byte at a time.
 */
export function verifyPaymentSignature(header: string | null, rawBody: Uint8Array, secret: string): Date {
  const { timestamp, signatures } = parseHeader(header);
  const expected = hmac(secret, timestamp, rawBody);
  if (!signatures.some((signature) => timingSafeEqual(signature, expected))) {
    throw refuse("the signature does not match the body: it was not signed with this server's secret, or the body changed after signing");
  }
  return new Date(Number(timestamp) * 1000);
}

/** Refuses a signed instant more than the tolerance from `now`, either way (a stale or replayed delivery, or a wrong clock). */
export function requireFreshSignature(signedAt: Date, now: Date, toleranceMs: number = signatureToleranceMs): void {
  const offMs = Math.abs(now.getTime() - signedAt.getTime());
  if (offMs > toleranceMs) {
    throw refuse(
      `the event was signed at ${signedAt.toISOString()}, ${Math.round(offMs / 1000)} s from this server's clock (${now.toISOString()}); ` +
        `more than ${toleranceMs / 1000} s apart is refused as stale or replayed`,
    );
  }
}
