"use server";
// The dispute page's decision, in two steps: review (what would move: the typed amount read in
// the booking's currency, and the split between customer and chef; nothing written) and confirm
// (exactly that split, refused if it is no longer what would happen). Both are public endpoints:
// each checks the operator itself and parses its form with zod (field errors, nothing written),
// then calls lib/operations/dispute-decision.ts, which refuses a stale page and resolves through
// the marketplace's own use case, with the audit entry in the same transaction.
import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import { getDb } from "@/lib/db/client.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { formatMinor } from "@/lib/format/money.ts";
import { confirmDisputeForm, reviewDisputeForm } from "@/lib/operations/dispute-inputs.ts";
import { resolveDisputeAsOperator, reviewDisputeDecision } from "@/lib/operations/dispute-decision.ts";
import { requireOperator } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { formFields, invalid, refused, type ActionState } from "@/app/_lib/action-state.ts";
import type { DisputeReviewState } from "@/components/resolve-dispute-form.tsx";

const outcomeWords = { refunded: "refunded in full", partially_refunded: "partly refunded", released: "released to the chef" } as const;

export async function reviewDisputeDecisionAction(_previous: DisputeReviewState, form: FormData): Promise<DisputeReviewState> {
  try {
    await requireOperator();
    const parsed = reviewDisputeForm.safeParse({ ...formFields(form), zone: (await displayZone()).zone });
    if (!parsed.success) return { ...invalid(parsed.error), message: "Nothing to review: check the fields marked below." };
    const { disputeId, status, version, outcome, refundAmount, reason, zone } = parsed.data;
    const review = await reviewDisputeDecision(getDb(), { disputeId, status, version, outcome, refundAmount, zone });
    return {
      ok: true,
      review: {
        disputeId: String(review.disputeId), status: review.status, version: review.version, bookingVersion: review.bookingVersion,
        outcome: review.outcome, reason, refundMinor: String(review.refundMinor), payoutMinor: String(review.payoutMinor),
        refund: formatMinor(review.refundMinor, review.currency), payout: formatMinor(review.payoutMinor, review.currency), held: formatMinor(review.heldMinor, review.currency),
      },
    };
  } catch (error) {
    unstable_rethrow(error); // redirect() when signed out works by throwing
    const state = await refused(error);
    return state.fieldErrors ? { ...state, message: "Nothing to review: check the fields marked below." } : state;
  }
}

export async function resolveDisputeAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const parsed = confirmDisputeForm.safeParse({ ...formFields(form), zone: (await displayZone()).zone });
    if (!parsed.success) return invalid(parsed.error);
    const db = getDb();
    const now = (await databaseClock(db))();
    const result = await resolveDisputeAsOperator(db, operator, parsed.data, now);
    revalidatePath("/disputes");
    revalidatePath(`/disputes/${parsed.data.disputeId}`);
    const words = outcomeWords[result.status as keyof typeof outcomeWords] ?? result.status;
    return {
      ok: true,
      message: `Dispute ${parsed.data.disputeId} ${words} (${parsed.data.outcome}): ${formatMinor(result.refundMinor, result.currency)} back to the customer, ${formatMinor(result.payoutMinor, result.currency)} to the chef.`,
    };
  } catch (error) {
    unstable_rethrow(error);
    return refused(error);
  }
}
