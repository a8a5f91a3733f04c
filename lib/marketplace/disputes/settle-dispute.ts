// Ending a dispute moves the money held for its booking, in the transaction of the status
// changes: all of it back to the customer (refund), part back and the rest to the chef (partial),
// or all of it to the chef (release). Shared by the operator's decision and the reply deadline.
import type { Tx } from "../../db/client.ts";
import type { Dispute, DisputeStatus } from "../../db/generated/client.ts";
import { loadBooking, transitionOrRetry } from "../bookings/booking-rows.ts";
import { StaleRead } from "../context.ts";
import { ledgerKey } from "../ledger/ledger-keys.ts";
import { balanceOf, moveMoney } from "../ledger/move-money.ts";
import { transitionDispute } from "./dispute-rows.ts";

export type Settlement = { kind: "refund" } | { kind: "partial"; refundMinor: number } | { kind: "release" };

export async function settleDispute(
  tx: Tx,
  { dispute, observed, settlement, by, now, refundKey }: {
    dispute: Dispute; observed: DisputeStatus; settlement: Settlement; by: string; now: Date; refundKey?: string;
  },
): Promise<Dispute | null> {
  const booking = await loadBooking(tx, dispute.bookingId);
  const { heldMinor } = await balanceOf(tx, booking.id);
  const refundMinor = settlement.kind === "refund" ? heldMinor : settlement.kind === "partial" ? settlement.refundMinor : 0;
  const transition = settlement.kind === "refund" ? "refund" : settlement.kind === "partial" ? "refundPart" : "release";
  const settled = await transitionDispute(tx, dispute.id, transition, observed, { updatedAt: now, resolvedAt: now, resolvedBy: by, refundMinor }, { by, booking });
  if (!settled) return null;
  if (booking.status !== "disputed") throw new StaleRead(`booking ${booking.id}`, booking.status);
  const bookingTransition = settlement.kind === "refund" ? "refund" : settlement.kind === "partial" ? "settle" : "release";
  const endReason = settlement.kind === "refund" ? "dispute: refunded" : settlement.kind === "partial" ? "dispute: partly refunded" : "dispute: released to the chef";
  await transitionOrRetry(tx, booking, bookingTransition, "disputed", { updatedAt: now, endedAt: now, endedBy: by, endReason }, by);
  const common = { bookingId: booking.id, currency: booking.currency, actor: by, at: now };
  if (refundMinor > 0) {
    await moveMoney(tx, { ...common, kind: "refund", amountMinor: refundMinor, idempotencyKey: refundKey ?? ledgerKey.refund(booking.id) });
  }
  if (heldMinor - refundMinor > 0) {
    await moveMoney(tx, { ...common, kind: "payout", amountMinor: heldMinor - refundMinor, idempotencyKey: ledgerKey.payout(booking.id) });
  }
  return settled;
}
