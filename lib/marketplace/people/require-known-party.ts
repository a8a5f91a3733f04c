// A customer or chef named as the acting party must exist. Use cases that create for a party
// (request a booking, post an auction, bid) already refuse an unknown one with NOT_FOUND; this is
// the same refusal for callers that only name the party, such as the API's /me, so no answer
// confirms a party that does not exist.
import type { DbOrTx } from "../../db/client.ts";
import type { Actor } from "../actor.ts";
import { notFound } from "../transitions.ts";

export async function requireKnownParty(db: DbOrTx, party: Extract<Actor, { kind: "customer" | "chef" }>): Promise<void> {
  const found =
    party.kind === "customer"
      ? await db.customer.findUnique({ where: { id: party.customerId }, select: { id: true } })
      : await db.chef.findUnique({ where: { id: party.chefId }, select: { id: true } });
  if (!found) notFound(party.kind === "customer" ? `customer ${party.customerId}` : `chef ${party.chefId}`);
}
