// The payment webhook's signature (lib/api/payment-webhook/signature.ts): HMAC-SHA256 over
// `<t>.<raw body>`, `Duly-Signature: t=<unix>,v1=<hex>`, checked in constant time, and a signed
// time within 5 minutes of the clock passed in (no clock is read: each case chooses `now`).
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { requireFreshSignature, signPaymentEvent, verifyPaymentSignature } from "../../../lib/api/payment-webhook/signature.ts";

const secret = "whsec_0123456789abcdef0123456789abcdef";
const body = '{"type":"payment.captured","data":{"bookingId":42,"amountMinor":15000,"currency":"EUR","paymentKey":"pi_1"}}';
const bytes = new TextEncoder().encode(body);
const t = 1_900_000_000;
const signedAt = new Date(t * 1000);

function refusal(run: () => unknown): { code?: string; message?: string } {
  try {
    run();
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  return {};
}

describe("verifyPaymentSignature", () => {
  it("accepts what the sender signed, and is Stripe's scheme: HMAC-SHA256 of `${t}.${body}` in hex", () => {
    const header = signPaymentEvent(secret, t, body);
    expect(header).toBe(`t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`);
    expect(verifyPaymentSignature(header, bytes, secret)).toEqual(signedAt);
  });

  it("refuses a missing, empty or malformed header", () => {
    for (const header of [null, "", "   ", "v1=abc", `t=${t}`, `t=${t},v1=zz`, `t=x,v1=${"0".repeat(64)}`, `t=${t},t=${t},v1=${"0".repeat(64)}`, "x".repeat(2000)]) {
      expect(refusal(() => verifyPaymentSignature(header, bytes, secret)).code, String(header).slice(0, 40)).toBe("INVALID_SIGNATURE");
    }
  });

  it("refuses a wrong secret, a body changed by one byte, and a timestamp changed after signing", () => {
    const header = signPaymentEvent(secret, t, body);
    expect(refusal(() => verifyPaymentSignature(signPaymentEvent(`${secret}x`, t, body), bytes, secret)).code).toBe("INVALID_SIGNATURE");
    expect(refusal(() => verifyPaymentSignature(header, new TextEncoder().encode(body.replace("15000", "15001")), secret)).code).toBe("INVALID_SIGNATURE");
    expect(refusal(() => verifyPaymentSignature(header.replace(`t=${t}`, `t=${t + 60}`), bytes, secret)).code).toBe("INVALID_SIGNATURE");
  });

  it("accepts any one matching v1 among several (a sender rotating its secret) and ignores other schemes", () => {
    const good = signPaymentEvent(secret, t, body).split(",v1=")[1]!;
    expect(verifyPaymentSignature(`t=${t},v0=abc,v1=${"0".repeat(64)},v1=${good}`, bytes, secret)).toEqual(signedAt);
  });
});

describe("requireFreshSignature", () => {
  it("accepts up to 5 minutes either way and refuses beyond, naming both instants", () => {
    for (const offMs of [0, 300_000, -300_000]) expect(() => requireFreshSignature(signedAt, new Date(signedAt.getTime() + offMs))).not.toThrow();
    for (const offMs of [300_001, -300_001, 86_400_000]) {
      const refused = refusal(() => requireFreshSignature(signedAt, new Date(signedAt.getTime() + offMs)));
      expect(refused.code).toBe("INVALID_SIGNATURE");
      expect(refused.message).toContain(signedAt.toISOString());
    }
  });
});
