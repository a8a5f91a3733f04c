// What last happened to a booking, in words, for a stale-page refusal (booking-as-seen.ts), as
// job-last-change.ts does for jobs: "the customer Ann Lee (customer 3) cancelled it at 10:02",
// "the payment provider (its signed webhook) recorded its payment of 120.00 EUR at 10:01",
// "Olga Ops moved its event at 10:00 to 2027-03-12 19:00". The version (xmin) says only that
// something changed; these records say what, who, and when.
//
// Every change to a booking leaves one of these records, each saying who: operators' audit
// entries; its ledger (who moved the money); the chef's acceptance; the tick's close and
// completion; how it ended (ended_by); move requests (asked by, answered by); disputes (opened
// by its customer, replied to by its chef, resolved by); and the last move of its event
// (event_moved_by: a customer moving a requested booking leaves no other record). The latest is
// described; its time in the operator's zone.
import type { Tx } from "../db/client.ts";
import { formatMinor } from "../format/money.ts";
import { formatInZone } from "../time/zoned-time.ts";
import { whoChangedIt } from "./who-changed-it.ts";

interface Change {
  source: "audit" | "ended" | "ledger" | "dispute_resolved" | "dispute_replied" | "dispute_opened" | "move_ended" | "move_requested" | "event_moved" | "accepted" | "closed" | "completed";
  at: Date;
  /** An actor label (customer:3, system:payout, …); for an audit entry, the operator's name. */
  who: string | null;
  /** The audit action, the ledger kind, the status something ended in. */
  what: string | null;
  /** An event time the change moved to, or proposed. */
  eventAt: Date | null;
  amountMinor: number | null;
  currency: string | null;
  /** A reason, or the dispute's / move request's id. */
  detail: string | null;
}

/**
 * The latest change recorded for the booking. At the same instant an operator's audit entry
 * comes first (it names the operator and the reason), then how the booking ended, then money.
 */
async function latestChange(tx: Tx, bookingId: number): Promise<Change | null> {
  const [change] = await tx.$queryRaw<Change[]>`
    SELECT source, at, who, what, event_at AS "eventAt", amount_minor AS "amountMinor", currency, detail FROM (
      (SELECT 'audit' AS source, 0 AS rank, a.at, coalesce(nullif(u.name, ''), a.actor_email) AS who, a.action AS what,
              (a.to_value ->> 'eventAt')::timestamptz AS event_at, NULL::int AS amount_minor, NULL::text AS currency, left(a.reason, 200) AS detail
         FROM audit_entries a LEFT JOIN auth_users u ON u.id = a.actor_id
        WHERE a.record_type = 'booking' AND a.record_id = ${String(bookingId)}
        ORDER BY a.at DESC, a.id DESC LIMIT 1)
      UNION ALL
      SELECT 'ended', 1, b.ended_at, b.ended_by, b.status::text, NULL, NULL, NULL, left(b.end_reason, 200)
        FROM bookings b WHERE b.id = ${bookingId} AND b.ended_at IS NOT NULL
      UNION ALL
      (SELECT 'ledger', 2, l.created_at, l.actor, l.kind::text, NULL, l.amount_minor, l.currency, NULL
         FROM ledger_entries l WHERE l.booking_id = ${bookingId} ORDER BY l.created_at DESC, l.id DESC LIMIT 1)
      UNION ALL
      (SELECT 'dispute_resolved', 3, d.resolved_at, d.resolved_by, d.status::text, NULL, d.refund_minor, b.currency, d.id::text
         FROM disputes d JOIN bookings b ON b.id = d.booking_id WHERE d.booking_id = ${bookingId} AND d.resolved_at IS NOT NULL)
      UNION ALL
      (SELECT 'dispute_replied', 4, d.replied_at, 'chef:' || b.chef_id, NULL, NULL, NULL, NULL, d.id::text
         FROM disputes d JOIN bookings b ON b.id = d.booking_id WHERE d.booking_id = ${bookingId} AND d.replied_at IS NOT NULL)
      UNION ALL
      (SELECT 'dispute_opened', 5, d.opened_at, 'customer:' || b.customer_id, NULL, NULL, NULL, NULL, d.id::text
         FROM disputes d JOIN bookings b ON b.id = d.booking_id WHERE d.booking_id = ${bookingId})
      UNION ALL
      (SELECT 'move_ended', 6, m.ended_at, m.ended_by, m.status::text, m.event_at, NULL, NULL, m.id::text
         FROM booking_move_requests m WHERE m.booking_id = ${bookingId} AND m.ended_at IS NOT NULL)
      UNION ALL
      (SELECT 'move_requested', 7, m.requested_at, m.requested_by, NULL, m.event_at, NULL, NULL, m.id::text
         FROM booking_move_requests m WHERE m.booking_id = ${bookingId})
      UNION ALL
      SELECT 'event_moved', 8, b.event_moved_at, b.event_moved_by, NULL, b.event_at, NULL, NULL, NULL
        FROM bookings b WHERE b.id = ${bookingId} AND b.event_moved_at IS NOT NULL
      UNION ALL
      SELECT 'accepted', 9, b.accepted_at, 'chef:' || b.chef_id, NULL, NULL, NULL, NULL, NULL
        FROM bookings b WHERE b.id = ${bookingId} AND b.accepted_at IS NOT NULL
      UNION ALL
      SELECT 'closed', 10, b.closed_at, 'system:close-event', NULL, NULL, NULL, NULL, NULL
        FROM bookings b WHERE b.id = ${bookingId} AND b.closed_at IS NOT NULL
      UNION ALL
      SELECT 'completed', 11, b.completed_at, 'system:complete', NULL, NULL, NULL, NULL, NULL
        FROM bookings b WHERE b.id = ${bookingId} AND b.completed_at IS NOT NULL
    ) changes
    ORDER BY at DESC, rank
    LIMIT 1`;
  return change ?? null;
}

const endings: Record<string, string> = {
  declined: "declined it",
  expired: "let it expire (the chef did not answer in time)",
  cancelled: "cancelled it",
  paid_out: "paid it out to the chef",
  refunded: "refunded it to the customer",
  settled: "settled it (part refunded, the rest paid out)",
};

const moveEndings: Record<string, string> = {
  accepted: "accepted the move of its event",
  declined: "declined the move of its event",
  lapsed: "let the request to move its event lapse (no answer in time)",
  withdrawn: "withdrew the request to move its event",
};

const disputeEndings: Record<string, string> = {
  refunded: "refunded in full",
  partially_refunded: "partly refunded",
  released: "released to the chef",
};

/** What the change did, in two parts around its time: "<who> <did> at <time><after>". */
function whatWasDone(change: Change, zone: string): { did: string; after?: string } {
  const money = change.amountMinor !== null && change.currency ? formatMinor(change.amountMinor, change.currency) : "";
  const to = change.eventAt ? ` to ${formatInZone(change.eventAt, zone)}` : "";
  const reason = change.detail ? ` (${change.detail})` : "";
  switch (change.source) {
    case "audit":
      if (change.what === "booking.move_event") return { did: "moved its event", after: `${to}${reason}` };
      return { did: change.what === "booking.cancel" ? "cancelled it" : `changed it (${change.what})`, after: reason };
    case "ended":
      return { did: endings[change.what ?? ""] ?? `ended it (${change.what})`, after: reason };
    case "ledger":
      return { did: change.what === "charge" ? `recorded its payment of ${money}` : change.what === "payout" ? `paid ${money} out to the chef` : `refunded ${money} to the customer` };
    case "dispute_resolved": {
      const refund = change.what === "partially_refunded" && money ? `, ${money} back to the customer` : "";
      return { did: `resolved dispute ${change.detail}`, after: ` (${disputeEndings[change.what ?? ""] ?? change.what}${refund})` };
    }
    case "dispute_replied":
      return { did: `replied to dispute ${change.detail}` };
    case "dispute_opened":
      return { did: `opened dispute ${change.detail}` };
    case "move_ended":
      return { did: moveEndings[change.what ?? ""] ?? `ended the request to move its event (${change.what})`, after: change.eventAt ? ` (the move${to})` : "" };
    case "move_requested":
      return { did: "asked to move its event", after: to };
    case "event_moved":
      return { did: "moved its event", after: to };
    case "accepted":
      return { did: "accepted it" };
    case "closed":
      return { did: "closed it", after: " (its event time had come)" };
    case "completed":
      return { did: "completed it" };
  }
}

/**
 * "the customer Ann Lee (customer 3) cancelled it at 2026-12-01 10:02:00 Europe/Berlin (+01:00)
 * (no longer needed)", or null when nothing is recorded.
 */
export async function describeBookingLastChange(tx: Tx, bookingId: number, zone: string): Promise<string | null> {
  const change = await latestChange(tx, bookingId);
  if (!change) return null;
  // An audit entry names the operator already; every other record names an actor label.
  const who = change.source === "audit" ? (change.who ?? "an operator") : await whoChangedIt(tx, change.who);
  const { did, after = "" } = whatWasDone(change, zone);
  return `${who} ${did} at ${formatInZone(change.at, zone)}${after}`;
}
