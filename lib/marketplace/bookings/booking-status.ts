// Every status change a booking can make, listed once. Use cases pass the entry to the guarded
// UPDATE (bookings/booking-rows.ts), whose WHERE requires one of `from`.
//
//   requested --accept--> accepted --pay--> paid --close--> closed --complete--> completed --payOut--> paid_out
//       |                    |               |                 \________________________/
//       |-decline-> declined |               |                      openDispute
//       |-expire--> expired  |-cancelUnpaid->|                          v
//       '-cancel--> cancelled <-cancel-------'               disputed --refund--> refunded
//                                                                     --settle--> settled
//                                                                     --release-> paid_out
import type { BookingStatus } from "../../db/generated/enums.ts";
import type { TransitionTable } from "../transitions.ts";

export type { BookingStatus };

export const bookingTransitions = {
  accept: { from: ["requested"], to: "accepted" },
  decline: { from: ["requested"], to: "declined" },
  /** The chef did not answer within the policy's time. */
  expire: { from: ["requested"], to: "expired" },
  /** The customer did not pay within the policy's time. */
  cancelUnpaid: { from: ["accepted"], to: "cancelled" },
  /** Any party cancelling before the event; a paid booking is refunded per policy. */
  cancel: { from: ["requested", "accepted", "paid"], to: "cancelled" },
  pay: { from: ["accepted"], to: "paid" },
  /** At the event time: locked against edits, shown as past. */
  close: { from: ["paid"], to: "closed" },
  complete: { from: ["closed"], to: "completed" },
  openDispute: { from: ["closed", "completed"], to: "disputed" },
  payOut: { from: ["completed"], to: "paid_out" },
  /** A dispute ended with everything held back to the customer. */
  refund: { from: ["disputed"], to: "refunded" },
  /** A dispute ended with a partial refund and the rest paid out. */
  settle: { from: ["disputed"], to: "settled" },
  /** A dispute ended with everything released to the chef. */
  release: { from: ["disputed"], to: "paid_out" },
} as const satisfies TransitionTable<BookingStatus>;

export type BookingTransition = keyof typeof bookingTransitions;

/** Statuses in which the event can still be moved (before it closes). */
export const movableStatuses = ["requested", "accepted", "paid"] as const satisfies readonly BookingStatus[];

/** Statuses a booking never leaves. */
export const terminalBookingStatuses = ["declined", "expired", "cancelled", "paid_out", "refunded", "settled"] as const satisfies readonly BookingStatus[];

/** Statuses in which the customer's money is held: charged, nothing paid out or refunded yet. */
export const holdingStatuses = ["paid", "closed", "completed", "disputed"] as const satisfies readonly BookingStatus[];
