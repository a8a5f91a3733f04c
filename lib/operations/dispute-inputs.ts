// The dispute page's two forms, parsed with zod at the edge (the server actions) and reused by
// tests. Fields arrive as strings. The review carries the amount as typed, in the booking's
// currency; the confirmation carries the minor units the review showed (dispute-decision.ts).
import { z } from "zod";
import { disputeStatuses, reason, serialIdText } from "../validation/fields.ts";
import { displayZoneField } from "./inputs.ts";

const seenDispute = {
  disputeId: serialIdText("a dispute id"),
  status: z.enum(disputeStatuses, { error: "expected the dispute's status as the page showed it" }),
  version: z.string().regex(/^\d{1,10}$/, "expected the dispute's version as the page showed it"),
  reason,
  zone: displayZoneField,
};

/**
 * The amount as typed: only its length is checked here. It is read in the booking's currency,
 * with the one rule for typed money (lib/format/money.ts), once the currency is known.
 */
export const refundAmountText = z
  .string({ error: "an amount is required for a partial refund" })
  .trim()
  .min(1, "an amount is required for a partial refund")
  .max(64, "at most 64 characters");

/** Step 1, review: the outcome, the typed amount for a partial refund, and the reason. */
export const reviewDisputeForm = z.discriminatedUnion(
  "outcome",
  [
    z.object({ ...seenDispute, outcome: z.literal("refund"), refundAmount: z.string().optional() }),
    z.object({ ...seenDispute, outcome: z.literal("partial"), refundAmount: refundAmountText }),
    z.object({ ...seenDispute, outcome: z.literal("release"), refundAmount: z.string().optional() }),
  ],
  { error: "choose full refund, partial refund or release" },
);
export type ReviewDisputeForm = z.output<typeof reviewDisputeForm>;

/** Minor units the review computed, sent back by the confirm step as the page showed them. */
const minorUnits = (what: string) =>
  z
    .string({ error: `expected ${what} as the review showed it` })
    .regex(/^(0|[1-9]\d{0,15})$/, `expected ${what} as the review showed it`)
    .transform(Number)
    .refine(Number.isSafeInteger, `expected ${what} as the review showed it`);

/** Step 2, confirm: exactly the split the review showed (minor units), with the versions it was computed from. */
export const confirmDisputeForm = z.object({
  ...seenDispute,
  outcome: z.enum(["refund", "partial", "release"], { error: "choose full refund, partial refund or release" }),
  refundMinor: minorUnits("the refund"),
  payoutMinor: minorUnits("the payout"),
  bookingVersion: z.string().regex(/^\d{1,10}$/, "expected the booking's version as the review showed it"),
});
export type ConfirmDisputeForm = z.output<typeof confirmDisputeForm>;
