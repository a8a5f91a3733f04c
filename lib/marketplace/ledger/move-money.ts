// Recording money that moved, exactly once per idempotency key. Called only by use cases, in the
// transaction of the status change that moves the money (so a status guard and the ledger agree).
//
// Replaying a key with the same movement returns the recorded entry (a provider's webhook
// retried); the same key for a different movement is IDEMPOTENCY_CONFLICT. A payout or refund
// larger than what the booking holds is a bug, not a user error: it throws and rolls back.
import type { Tx } from "../../db/client.ts";
import type { LedgerEntry, LedgerKind } from "../../db/generated/client.ts";
import { DulyError, ErrorCode } from "../../errors.ts";

export interface Movement {
  bookingId: number;
  kind: LedgerKind;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
  actor: string;
  at: Date;
}

export interface Balance {
  chargedMinor: number;
  paidOutMinor: number;
  refundedMinor: number;
  heldMinor: number;
}

export async function balanceOf(tx: Tx, bookingId: number): Promise<Balance> {
  const sums = await tx.ledgerEntry.groupBy({ by: ["kind"], where: { bookingId }, _sum: { amountMinor: true } });
  const sum = (kind: LedgerKind) => sums.find((s) => s.kind === kind)?._sum.amountMinor ?? 0;
  const chargedMinor = sum("charge");
  const paidOutMinor = sum("payout");
  const refundedMinor = sum("refund");
  return { chargedMinor, paidOutMinor, refundedMinor, heldMinor: chargedMinor - paidOutMinor - refundedMinor };
}

/** Records one movement; returns it and whether this call recorded it (false: a replay). */
export async function moveMoney(tx: Tx, movement: Movement): Promise<{ entry: LedgerEntry; recorded: boolean }> {
  if (movement.kind !== "charge") {
    const balance = await balanceOf(tx, movement.bookingId);
    if (movement.amountMinor > balance.heldMinor) {
      throw new Error(
        `ledger: a ${movement.kind} of ${movement.amountMinor} for booking ${movement.bookingId} exceeds what it holds (${balance.heldMinor})`,
      );
    }
  }
  // ON CONFLICT DO NOTHING covers both unique indexes (the key; one entry per booking and kind).
  const inserted = await tx.$queryRaw<Array<{ id: bigint }>>`
    INSERT INTO ledger_entries (booking_id, kind, amount_minor, currency, idempotency_key, actor, created_at)
    VALUES (${movement.bookingId}, ${movement.kind}::ledger_kind, ${movement.amountMinor}, ${movement.currency},
            ${movement.idempotencyKey}, ${movement.actor}, ${movement.at})
    ON CONFLICT DO NOTHING
    RETURNING id`;
  if (inserted[0]) {
    return { entry: await tx.ledgerEntry.findUniqueOrThrow({ where: { id: inserted[0].id } }), recorded: true };
  }
  const byKey = await tx.ledgerEntry.findUnique({ where: { idempotencyKey: movement.idempotencyKey } });
  if (byKey) {
    const same = byKey.bookingId === movement.bookingId && byKey.kind === movement.kind &&
      byKey.amountMinor === movement.amountMinor && byKey.currency === movement.currency;
    if (same) return { entry: byKey, recorded: false };
    throw new DulyError(
      ErrorCode.IdempotencyConflict,
      `idempotency key ${JSON.stringify(movement.idempotencyKey)} already recorded a ${byKey.kind} of ${byKey.amountMinor} ${byKey.currency} ` +
        `for booking ${byKey.bookingId}`,
    );
  }
  const existing = await tx.ledgerEntry.findUniqueOrThrow({ where: { bookingId_kind: { bookingId: movement.bookingId, kind: movement.kind } } });
  throw new DulyError(
    ErrorCode.InvalidState,
    `booking ${movement.bookingId} already has a ${movement.kind} (key ${JSON.stringify(existing.idempotencyKey)}); money moves once`,
  );
}
