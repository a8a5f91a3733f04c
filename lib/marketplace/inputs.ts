// The building blocks of the use cases' input schemas: what a booking id, an instant, a price,
// a place look like when they come from outside. The API's OpenAPI document is generated from
// the schemas built of these, so a limit here is a documented limit there.
import { z } from "zod";
import { currencyCode } from "../money/currencies.ts";
import { serialId, timeZone as timeZoneField } from "../validation/fields.ts";

/** A record id: a positive 32-bit integer (what SERIAL columns hold; lib/validation/fields.ts). */
export const recordId = serialId;

/** An instant with an explicit offset (ISO 8601), e.g. "2027-06-12T18:00:00+02:00". */
export const instant = z.iso.datetime({ offset: true, error: "expected an ISO 8601 instant with an offset, e.g. 2027-06-12T18:00:00Z" });

/** A time zone such as "Europe/Paris" (the event's own zone, for showing local time): the one rule, lib/validation/fields.ts. */
export const timeZone = timeZoneField;

/** Text a person typed: no control characters (NUL cannot be stored in PostgreSQL text). */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, `at most ${max} characters`)
    .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value), { error: "must not contain control characters" })
    .refine((value) => value.isWellFormed(), { error: "must not contain lone surrogates" });

/**
 * Money in integer minor units of its currency (cents, fils, yen: lib/money/currencies.ts has
 * each currency's digits): at most 10^9 of them (10,000,000.00 EUR, 1,000,000.000 KWD).
 */
export const amountMinor = z.number().int().positive().max(1_000_000_000);

/** An ISO 4217 currency code the runtime knows, in capitals (lib/money/currencies.ts: the one rule). */
export const currency = currencyCode;

export const email = z.email().max(200);

/**
 * An idempotency key from a payment provider: printable ASCII, at most 200 characters. Not of
 * the ledger's own form (`payout:booking:42`, lib/marketplace/ledger/ledger-keys.ts): the keys
 * share one unique index, so a caller's key of that form would take another booking's payout or
 * refund key, and that movement would then be refused forever (IDEMPOTENCY_CONFLICT).
 */
export const providerKey = z
  .string()
  .regex(/^[\x21-\x7E]{1,200}$/, "printable ASCII without spaces, at most 200 characters")
  .refine((key) => !/^(?:charge|payout|refund):booking:/i.test(key), { error: "must not take the ledger's own form (charge|payout|refund:booking:<id>)" });
