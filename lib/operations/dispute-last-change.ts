// What last happened to a dispute, in words, for a stale-page refusal (dispute-decision.ts), as
// job-last-change.ts does for jobs: "the tick (job dispute-reply-deadline) resolved it at 10:02:
// refunded in full", "Olga Ops resolved it at 10:01: released to the chef (the chef was right)",
// "the chef Bo Chen (chef 7) replied at 09:58". The version (xmin) says only that it changed.
//
// A dispute changes when its chef replies (replied_at) and when it is resolved (resolved_at and
// resolved_by; an operator's decision also has its audit entry, with the operator's name and
// reason). The latest is described, its time in the operator's zone.
import type { Tx } from "../db/client.ts";
import { formatMinor } from "../format/money.ts";
import { formatInZone } from "../time/zoned-time.ts";
import { whoChangedIt } from "./who-changed-it.ts";

interface Change {
  source: "audit" | "resolved" | "replied";
  at: Date;
  /** An actor label, or for an audit entry the operator's name. */
  who: string | null;
  status: string | null;
  refundMinor: number | null;
  currency: string | null;
  reason: string | null;
}

/** The latest of the dispute's audit entry, resolution and reply; at one instant the audit entry (it names the operator) first. */
async function latestChange(tx: Tx, disputeId: number): Promise<Change | null> {
  const [change] = await tx.$queryRaw<Change[]>`
    SELECT source, at, who, status, refund_minor AS "refundMinor", currency, reason FROM (
      (SELECT 'audit' AS source, 0 AS rank, a.at, coalesce(nullif(u.name, ''), a.actor_email) AS who, a.to_value ->> 'status' AS status,
              (a.to_value ->> 'refundMinor')::int AS refund_minor, a.to_value ->> 'currency' AS currency, left(a.reason, 200) AS reason
         FROM audit_entries a LEFT JOIN auth_users u ON u.id = a.actor_id
        WHERE a.record_type = 'dispute' AND a.record_id = ${String(disputeId)}
        ORDER BY a.at DESC, a.id DESC LIMIT 1)
      UNION ALL
      SELECT 'resolved', 1, d.resolved_at, d.resolved_by, d.status::text, d.refund_minor, b.currency, NULL
        FROM disputes d JOIN bookings b ON b.id = d.booking_id WHERE d.id = ${disputeId} AND d.resolved_at IS NOT NULL
      UNION ALL
      SELECT 'replied', 2, d.replied_at, 'chef:' || b.chef_id, NULL, NULL, NULL, NULL
        FROM disputes d JOIN bookings b ON b.id = d.booking_id WHERE d.id = ${disputeId} AND d.replied_at IS NOT NULL
    ) changes
    ORDER BY at DESC, rank
    LIMIT 1`;
  return change ?? null;
}

const outcomes: Record<string, string> = {
  refunded: "refunded in full",
  partially_refunded: "partly refunded",
  released: "released to the chef",
};

/** "the tick (job dispute-reply-deadline) resolved it at 2026-12-01 10:02:00 Europe/Berlin (+01:00): refunded in full", or null. */
export async function describeDisputeLastChange(tx: Tx, disputeId: number, zone: string): Promise<string | null> {
  const change = await latestChange(tx, disputeId);
  if (!change) return null;
  const at = formatInZone(change.at, zone);
  const who = change.source === "audit" ? (change.who ?? "an operator") : await whoChangedIt(tx, change.who);
  if (change.source === "replied") return `${who} replied at ${at}`;
  const refund = change.status === "partially_refunded" && change.refundMinor !== null && change.currency ? `, ${formatMinor(change.refundMinor, change.currency)} back to the customer` : "";
  const reason = change.reason ? ` (${change.reason})` : "";
  return `${who} resolved it at ${at}: ${outcomes[change.status ?? ""] ?? change.status}${refund}${reason}`;
}
