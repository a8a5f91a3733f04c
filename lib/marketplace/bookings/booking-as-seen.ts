// What a booking's customer or chef may know of it, as opposed to operators and the platform
// (docs/api.md, "What each party sees"). The parties see the booking, its disputes, its money
// and when its deadlines fall; not the ledger's internals (entry ids, the payment provider's key,
// who recorded a movement), the scheduler's job ids, or which operator acted.
import type { Actor } from "../actor.ts";
import type { BookingDetailView } from "../views.ts";

/** Operators and the system (jobs, the platform's app key, the payment webhook) see everything. */
export function seesInternals(actor: Actor): boolean {
  return actor.kind === "operator" || actor.kind === "system";
}

/**
 * An actor label as a party may read it: the booking's own parties by name (`customer:3`),
 * anyone else by kind only (`operator`, not whose email; `system`, not which key or job).
 */
export function actorAsSeenByParty(label: string | null): string | null {
  if (label === null || label.startsWith("customer:") || label.startsWith("chef:")) return label;
  return label.split(":", 1)[0]!;
}

export function bookingDetailAsSeen(actor: Actor, detail: BookingDetailView): BookingDetailView {
  if (seesInternals(actor)) return detail;
  return {
    ...detail,
    endedBy: actorAsSeenByParty(detail.endedBy),
    disputes: detail.disputes.map((dispute) => ({ ...dispute, resolvedBy: actorAsSeenByParty(dispute.resolvedBy) })),
    ledger: detail.ledger.map(({ bookingId, kind, amountMinor, currency, createdAt }) => ({ bookingId, kind, amountMinor, currency, createdAt })),
    deadlines: detail.deadlines.map(({ jobType, runAt, status, subject }) => ({ jobType, runAt, status, subject })),
    moveRequests: detail.moveRequests.map((move) => ({
      ...move, requestedBy: actorAsSeenByParty(move.requestedBy) ?? move.requestedBy, endedBy: actorAsSeenByParty(move.endedBy),
    })),
  };
}
