// Whose events a key reads and whose endpoints it manages: the party it acts for, or the
// platform (an app key naming no party), which sees every event.
import type { ActingParty } from "../api/acting-party.ts";
import type { EventReader } from "../events/event-view.ts";

export function readerOf(party: ActingParty | undefined): EventReader {
  if (!party) return "platform";
  return party.kind === "customer" ? `customer:${party.customerId}` : `chef:${party.chefId}`;
}
