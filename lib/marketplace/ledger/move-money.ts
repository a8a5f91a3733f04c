// Recording money that moved, exactly once per idempotency key. Called only by use cases, in the
// transaction of the status change that moves the money (so a status guard and the ledger agree).
//
// Replaying a key with the same movement returns the recorded entry (a provider's webhook
// retried); the same key for a different movement is IDEMPOTENCY_CONFLICT. A payout or refund
// larger than what the booking holds is a bug, not a user error: it throws and rolls back.
import { amountInWords } from "../../format/money.ts";
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
  // One statement: a payout or refund is inserted only if the booking holds at least its amount
  // (the callers hold the booking's row, so what it holds cannot change meanwhile); ON CONFLICT
  // DO NOTHING covers both unique indexes (the key; one entry per booking and kind).
  const outgoing = movement.kind !== "charge";
  const inserted = await tx.$queryRaw<Array<{ id: bigint; created_at: Date }>>`
    INSERT INTO ledger_entries (booking_id, kind, amount_minor, currency, idempotency_key, actor, created_at)
    SELECT ${movement.bookingId}, ${movement.kind}::ledger_kind, ${movement.amountMinor}, ${movement.currency},
           ${movement.idempotencyKey}, ${movement.actor}, ${movement.at}
    WHERE NOT ${outgoing} OR ${movement.amountMinor} <= (
      SELECT coalesce(sum(CASE kind WHEN 'charge' THEN amount_minor ELSE -amount_minor END), 0)
      FROM ledger_entries WHERE booking_id = ${movement.bookingId})
    ON CONFLICT DO NOTHING
    RETURNING id, created_at`;
  if (inserted[0]) {
    const { bookingId, kind, amountMinor, currency, idempotencyKey, actor } = movement;
    return { entry: { id: inserted[0].id, bookingId, kind, amountMinor, currency, idempotencyKey, actor, createdAt: inserted[0].created_at }, recorded: true };
  }
  const byKey = await tx.ledgerEntry.findUnique({ where: { idempotencyKey: movement.idempotencyKey } });
  if (byKey) {
    const same = byKey.bookingId === movement.bookingId && byKey.kind === movement.kind &&
      byKey.amountMinor === movement.amountMinor && byKey.currency === movement.currency;
    if (same) return { entry: byKey, recorded: false };
    throw new DulyError(
      ErrorCode.IdempotencyConflict,
      `idempotency key ${JSON.stringify(movement.idempotencyKey)} already recorded a ${byKey.kind} of ${amountInWords(byKey.amountMinor, byKey.currency)} ` +
        `for booking ${byKey.bookingId}`,
    );
  }
  const existing = await tx.ledgerEntry.findUnique({ where: { bookingId_kind: { bookingId: movement.bookingId, kind: movement.kind } } });
  if (!existing) {
    const { heldMinor } = await balanceOf(tx, movement.bookingId);
    throw new Error(`ledger: a ${movement.kind} of ${movement.amountMinor} for booking ${movement.bookingId} exceeds what it holds (${heldMinor})`);
  }
  throw new DulyError(
    ErrorCode.InvalidState,
    `booking ${movement.bookingId} already has a ${movement.kind} (key ${JSON.stringify(existing.idempotencyKey)}); money moves once`,
  );
}

/**
 * Pays each booking out everything it holds, in one statement (the payout batch, decision
 * 0027): what moveMoney does for a payout of balanceOf's held amount, for many bookings. The
 * callers hold the bookings' rows (their guarded status change), so what they hold cannot
 * change meanwhile; ON CONFLICT DO NOTHING covers both unique indexes, and a booking whose
 * payout was not recorded is left out of the answer (the caller then goes one at a time, where
 * moveMoney tells a replay from a conflict). Returns the bookings whose payout it recorded.
 */
export async function payOutEverythingHeld(
  tx: Tx,
  payouts: Array<{ bookingId: number; currency: string; idempotencyKey: string }>,
  actor: string,
  at: Date,
): Promise<Set<number>> {
  if (payouts.length === 0) return new Set();
  const inserted = await tx.$queryRaw<Array<{ booking_id: number }>>`
    INSERT INTO ledger_entries (booking_id, kind, amount_minor, currency, idempotency_key, actor, created_at)
    SELECT p.booking_id, 'payout'::ledger_kind,
           coalesce(sum(CASE l.kind WHEN 'charge' THEN l.amount_minor ELSE -l.amount_minor END), 0),
           p.currency, p.idempotency_key, ${actor}, ${at}
    FROM unnest(${payouts.map((p) => p.bookingId)}::int[], ${payouts.map((p) => p.currency)}::text[],
                ${payouts.map((p) => p.idempotencyKey)}::text[]) AS p(booking_id, currency, idempotency_key)
    LEFT JOIN ledger_entries l ON l.booking_id = p.booking_id
    GROUP BY p.booking_id, p.currency, p.idempotency_key
    ON CONFLICT DO NOTHING
    RETURNING booking_id`;
  return new Set(inserted.map((r) => r.booking_id));
}
