// Every status change a dispute can make, listed once (guarded in each UPDATE's WHERE).
//
//   awaiting_reply --reply--> awaiting_operator --refund | refundPart | release--> (terminal)
//         '--deadline (silence): refund--> refunded
import type { DisputeStatus } from "../../db/generated/enums.ts";
import type { TransitionTable } from "../transitions.ts";

export type { DisputeStatus };

export const disputeTransitions = {
  reply: { from: ["awaiting_reply"], to: "awaiting_operator" },
  /** The chef stayed silent past the deadline, or an operator refunded in full. */
  refund: { from: ["awaiting_reply", "awaiting_operator"], to: "refunded" },
  refundPart: { from: ["awaiting_reply", "awaiting_operator"], to: "partially_refunded" },
  release: { from: ["awaiting_reply", "awaiting_operator"], to: "released" },
} as const satisfies TransitionTable<DisputeStatus>;

export const openDisputeStatuses = ["awaiting_reply", "awaiting_operator"] as const satisfies readonly DisputeStatus[];
