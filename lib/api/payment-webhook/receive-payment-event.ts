// The payment provider's webhook (POST /api/webhooks/payments): the one way, besides the
// platform's own app key, that a captured payment reaches the ledger. A customer never confirms
// a payment; the provider does, and its word is taken only when signed with the shared secret.
//
// In order, nothing written before the last step: the secret is configured (else 500, logged),
// the body is JSON-typed and at most 64 KiB, the signature matches the raw bytes (401), the body
// parses, the signed time is within the tolerance of the database's clock (401), then a
// `payment.captured` event records the charge through payBooking, whose ledger key is the
// provider's `paymentKey`: the same event delivered twice records once. Other event types are
// acknowledged and ignored, so the provider does not retry them for days.
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { payBooking, payBookingInput, systemActor } from "../../marketplace/index.ts";
import { SettingsError } from "../../settings.ts";
import { ApiError, ApiErrorCode } from "../errors.ts";
import { parseJsonBytes, readBodyBytes, requireJsonContentType } from "../json-body.ts";
import { requireFreshSignature, signatureHeader, signatureToleranceMs, verifyPaymentSignature } from "./signature.ts";

/** The one event that moves money: the provider captured the booking's price. */
export const paymentCapturedEvent = z.strictObject({
  type: z.literal("payment.captured"),
  /** The booking, what was captured, and the provider's key for the capture (the ledger's idempotency key). */
  data: payBookingInput.required({ paymentKey: true }),
});
export type PaymentCapturedEvent = z.input<typeof paymentCapturedEvent>;

const anyEvent = z.looseObject({ type: z.string().min(1).max(100) });

export interface PaymentWebhookContext {
  db: Db;
  /** DULY_PAYMENT_WEBHOOK_SECRET; undefined refuses every event. */
  secret: string | undefined;
  toleranceMs?: number;
}

export type PaymentWebhookAnswer =
  | { received: true; type: "payment.captured"; bookingId: number; bookingStatus: string }
  | { received: true; type: string; ignored: string };

/**
 * The database's clock, read for the freshness check and handed to payBooking as `now`.
 * Why the database's and not this process's: it is the one clock every deadline is judged by
 * (a payment at or after pay_by is refused by it), web servers' clocks may drift apart from it
 * and from each other, and one instant for both checks means the freshness window and the
 * payment deadline can never disagree about when the event arrived.
 */
async function databaseNow(db: Db): Promise<Date> {
  const [row] = await db.$queryRaw<Array<{ now: Date }>>`SELECT statement_timestamp() AS now`;
  return row!.now;
}

function invalidEvent(error: z.ZodError): ApiError {
  const issues = error.issues.map((issue) => ({
    path: ["body", ...issue.path.map((part) => (typeof part === "symbol" ? String(part) : part))],
    message: issue.code === "unrecognized_keys" ? `unknown key(s): ${issue.keys.join(", ")}` : issue.message,
  }));
  return new ApiError(ApiErrorCode.InvalidInput, issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "), issues);
}

export async function receivePaymentEvent(context: PaymentWebhookContext, request: Request): Promise<PaymentWebhookAnswer> {
  if (!context.secret) {
    throw new SettingsError("DULY_PAYMENT_WEBHOOK_SECRET is not set: the payment webhook refuses every event until it is");
  }
  requireJsonContentType(request);
  const rawBody = await readBodyBytes(request);
  const signedAt = verifyPaymentSignature(request.headers.get(signatureHeader), rawBody, context.secret);
  const envelope = anyEvent.safeParse(parseJsonBytes(rawBody));
  if (!envelope.success) throw invalidEvent(envelope.error);
  const now = await databaseNow(context.db);
  requireFreshSignature(signedAt, now, context.toleranceMs ?? signatureToleranceMs);
  if (envelope.data.type !== "payment.captured") {
    return { received: true, type: envelope.data.type, ignored: "Duly acts only on payment.captured" };
  }
  const event = paymentCapturedEvent.safeParse(envelope.data);
  if (!event.success) throw invalidEvent(event.error);
  const booking = await payBooking({ db: context.db, actor: systemActor("payment-webhook"), now }, event.data.data);
  return { received: true, type: "payment.captured", bookingId: booking.id, bookingStatus: booking.status };
}
