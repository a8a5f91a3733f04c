// After the dispute window the chef is paid everything held (`payout`, key payout:booking:<id>),
// unless a dispute is open (opening one cancels this job, and the booking is no longer
// completed). Run by the payout job, which runs alone in its transaction. Idempotent: the status
// guard and the ledger's unique key each make a second run a no-op.
import { z } from "zod";
import { actorLabel, requireActor } from "../actor.ts";
import { checkNow, inTransaction, parseInput, policyOf, type UseCaseContext } from "../context.ts";
import type { DeadlineOutcome } from "../deadline-outcome.ts";
import { recordId } from "../inputs.ts";
import { ledgerKey } from "../ledger/ledger-keys.ts";
import { balanceOf, moveMoney } from "../ledger/move-money.ts";
import { deadlineTransition } from "./booking-rows.ts";
import { bookingInstants } from "../deadline-instants.ts";

export const payOutBookingInput = z.strictObject({ bookingId: recordId });
export type PayOutBookingInput = z.input<typeof payOutBookingInput>;

export async function payOutBooking(context: UseCaseContext, input: PayOutBookingInput): Promise<DeadlineOutcome> {
  const now = checkNow(context.now);
  requireActor(context.actor, ["system", "operator"], "paying out a booking");
  const { bookingId } = parseInput(payOutBookingInput, input, "pay out booking");
  const policy = policyOf(context);
  return inTransaction(context.db, async (tx) => {
    const by = actorLabel(context.actor);
    const result = await deadlineTransition(
      tx, bookingId, "payOut", "completed",
      { updatedAt: now, endedAt: now, endedBy: by, endReason: "paid out after the dispute window" },
      {
        where: { completedAt: { lte: new Date(now.getTime() - policy.payoutAfterMs) } },
        at: (b) => bookingInstants.payout(b, policy)!,
        what: "payout",
      }, actorLabel(context.actor),
    );
    if (!result.acted) return result;
    const { heldMinor } = await balanceOf(tx, bookingId);
    await moveMoney(tx, { bookingId, kind: "payout", amountMinor: heldMinor, currency: result.booking.currency, idempotencyKey: ledgerKey.payout(bookingId), actor: by, at: now });
    return { acted: true, status: result.booking.status };
  });
}
