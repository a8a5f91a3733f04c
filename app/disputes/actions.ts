"use server";
// The dispute page's decision: a public endpoint, so it checks the operator itself, parses its
// form with zod (field errors, nothing written), then calls lib/operations/disputes.ts, which
// refuses a stale page and resolves through the marketplace's own use case, with the audit
// entry in the same transaction.
import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import { getDb } from "@/lib/db/client.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { formatMinor } from "@/lib/format/money.ts";
import { resolveDisputeForm } from "@/lib/operations/dispute-inputs.ts";
import { refundMinorOf, resolveDisputeAsOperator, type OperatorOutcome } from "@/lib/operations/disputes.ts";
import { requireOperator } from "@/app/_lib/operator-session.ts";
import { formFields, invalid, refused, type ActionState } from "@/app/_lib/action-state.ts";

const outcomeWords = { refunded: "refunded in full", partially_refunded: "partly refunded", released: "released to the chef" } as const;

export async function resolveDisputeAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  try {
    const operator = await requireOperator();
    const parsed = resolveDisputeForm.safeParse(formFields(form));
    if (!parsed.success) return invalid(parsed.error);
    const { disputeId, status, version, reason, outcome } = parsed.data;
    const db = getDb();
    const decision: OperatorOutcome =
      parsed.data.outcome === "partial" ? { outcome: "partial", refundMinor: await refundMinorOf(db, disputeId, parsed.data.refundAmount) } : { outcome: parsed.data.outcome };
    const now = (await databaseClock(db))();
    const result = await resolveDisputeAsOperator(db, operator, { ...decision, disputeId, status, version, reason }, now);
    revalidatePath("/disputes");
    revalidatePath(`/disputes/${disputeId}`);
    const words = outcomeWords[result.status as keyof typeof outcomeWords] ?? result.status;
    return {
      ok: true,
      message: `Dispute ${disputeId} ${words} (${outcome}): ${formatMinor(result.refundMinor, result.currency)} back to the customer, ${formatMinor(result.payoutMinor, result.currency)} to the chef.`,
    };
  } catch (error) {
    unstable_rethrow(error); // redirect() when signed out works by throwing
    return refused(error);
  }
}
