// The dispute page's form, parsed with zod at the edge (the server action) and reused by tests.
// Fields arrive as strings. The amount is typed in the booking's currency (major units); it is
// turned into minor units once the currency is known (disputeRefundMinor).
import { z } from "zod";
import { reason } from "./inputs.ts";

const disputeStatuses = ["awaiting_reply", "awaiting_operator", "refunded", "partially_refunded", "released"] as const;

const seenDispute = {
  disputeId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "expected a dispute id")
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, "expected a dispute id"),
  status: z.enum(disputeStatuses, { error: "expected the dispute's status as the page showed it" }),
  version: z.string().regex(/^\d{1,10}$/, "expected the dispute's version as the page showed it"),
  reason,
};

/** A positive decimal such as 12.50 (a comma works too); its digits are checked against the currency later. */
export const refundAmountText = z
  .string({ error: "an amount is required for a partial refund" })
  .trim()
  .regex(/^\d{1,12}([.,]\d{1,4})?$/, "expected an amount such as 12.50")
  .refine((text) => Number(text.replace(",", ".")) > 0, "must be more than zero");

export const resolveDisputeForm = z.discriminatedUnion(
  "outcome",
  [
    z.object({ ...seenDispute, outcome: z.literal("refund"), refundAmount: z.string().optional() }),
    z.object({ ...seenDispute, outcome: z.literal("partial"), refundAmount: refundAmountText }),
    z.object({ ...seenDispute, outcome: z.literal("release"), refundAmount: z.string().optional() }),
  ],
  { error: "choose full refund, partial refund or release" },
);
export type ResolveDisputeForm = z.output<typeof resolveDisputeForm>;
