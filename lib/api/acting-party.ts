// Who a request acts for (docs/decisions/0012). An `app` key (the marketplace's own web and
// mobile back ends) acts for the customer or chef its caller signed in, named per request in
// `X-Acting-As: customer:42` / `chef:7`; a `customer` or `chef` key is bound to one party and
// acts as it (X-Acting-As may repeat it, nothing else). The shape is the marketplace's Actor
// (lib/marketplace/actor.ts), so routes hand it to use cases as it is.
//
// An app key that names no party acts as the platform itself (the marketplace's server side):
// the only caller, with the payment provider's signed webhook, that may record a captured
// payment. A route says so by listing "platform" among its callers; the use case then acts as
// the system, labelled with the key (`system:app-key:duly_1a2b3c4d`).
import type { Actor } from "../marketplace/index.ts";
import { ApiError, ApiErrorCode } from "./errors.ts";
import type { AuthenticatedKey } from "./keys/api-keys.ts";
import { int4Max } from "../validation/fields.ts";

export type ActingParty = { kind: "customer"; customerId: number } | { kind: "chef"; chefId: number };
export type PartyKind = ActingParty["kind"];
/** Who may call a route: a customer, a chef, or the platform (an app key naming no party). */
export type CallerKind = PartyKind | "platform";

const HEADER_PATTERN = /^(customer|chef):([1-9][0-9]{0,9})$/;

/** Parses `customer:<id>` / `chef:<id>`; undefined when the header is absent. */
export function parseActingAs(header: string | null): ActingParty | undefined {
  if (header === null) return undefined;
  const match = HEADER_PATTERN.exec(header.trim());
  const id = match ? Number(match[2]) : NaN;
  if (!match || id > int4Max) {
    throw new ApiError(ApiErrorCode.InvalidActingAs, "X-Acting-As must be customer:<id> or chef:<id> (a positive integer id)");
  }
  return match[1] === "customer" ? { kind: "customer", customerId: id } : { kind: "chef", chefId: id };
}

function partyOfBoundKey(key: AuthenticatedKey): ActingParty | undefined {
  if (key.scope === "customer" && key.partyId !== undefined) return { kind: "customer", customerId: key.partyId };
  if (key.scope === "chef" && key.partyId !== undefined) return { kind: "chef", chefId: key.partyId };
  return undefined;
}

export const partyLabel = (party: ActingParty): string =>
  party.kind === "customer" ? `customer:${party.customerId}` : `chef:${party.chefId}`;

/**
 * The party a request acts for, from its key and X-Acting-As header; undefined when an app key
 * sent no header (a route that needs a party then refuses with ACTING_AS_REQUIRED).
 */
export function actingPartyOf(key: AuthenticatedKey, header: string | null): ActingParty | undefined {
  const named = parseActingAs(header);
  if (key.scope === "app") return named;
  const bound = partyOfBoundKey(key);
  if (!bound) throw new ApiError(ApiErrorCode.Internal, `API key ${key.prefix} is bound to no party`);
  if (named && partyLabel(named) !== partyLabel(bound)) {
    throw new ApiError(ApiErrorCode.ActingAsForbidden, `API key ${key.prefix} acts only as ${partyLabel(bound)}, not ${partyLabel(named)}`);
  }
  return bound;
}

const callerDescription: Record<CallerKind, string> = {
  customer: "a customer",
  chef: "a chef",
  platform: "the platform (an app key without X-Acting-As)",
};
const describeCallers = (kinds: readonly CallerKind[]) => kinds.map((kind) => callerDescription[kind]).join(" or ");

/**
 * Refuses unless the caller is one of `kinds`: a party of that kind acts, or (with "platform")
 * an app key acts for no party. `kinds` empty means the route acts for no party (any caller).
 * Returns the party, or undefined for the platform.
 */
export function requireParty(party: ActingParty | undefined, kinds: readonly CallerKind[], operation: string): ActingParty | undefined {
  if (kinds.length === 0) return party;
  if (party === undefined) {
    // Only an app key acts for no party (a bound key always acts as its own).
    if (kinds.includes("platform")) return undefined;
    const first = kinds.find((kind) => kind !== "platform")!;
    throw new ApiError(ApiErrorCode.ActingAsRequired, `${operation} acts for ${describeCallers(kinds)}: send X-Acting-As: ${first}:<id>`);
  }
  if (!kinds.includes(party.kind)) {
    throw new ApiError(ApiErrorCode.ActingAsForbidden, `${operation} is for ${describeCallers(kinds)}, not ${partyLabel(party)}`);
  }
  return party;
}

/** The use case's actor: the acting party, or for the platform the system, named by its key. */
export function actorOf(party: ActingParty | undefined, key: AuthenticatedKey): Actor {
  return party ?? { kind: "system", reason: `app-key:${key.prefix}` };
}
