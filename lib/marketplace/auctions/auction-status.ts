// Every status change an auction can make, listed once (guarded in each UPDATE's WHERE).
//   open --award (a winning bid: a booking request for that chef)--> awarded
//   open --expire (no bids)--> expired
import type { AuctionStatus } from "../../db/generated/enums.ts";
import type { TransitionTable } from "../transitions.ts";

export type { AuctionStatus };

export const auctionTransitions = {
  award: { from: ["open"], to: "awarded" },
  expire: { from: ["open"], to: "expired" },
} as const satisfies TransitionTable<AuctionStatus>;
