// GET /api/v1/me: the calling key and who it acts for. A party that does not exist is refused
// (404 NOT_FOUND) as every route refuses it, rather than confirmed.
import { partyLabel } from "@/lib/api/acting-party.ts";
import { getMe } from "@/lib/api/v1/me.ts";
import { requireKnownParty } from "@/lib/marketplace/index.ts";
import { apiRoute, otherMethods } from "../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const GET = apiRoute(getMe, async ({ db, apiKey, party }) => {
  if (party) await requireKnownParty(db, party);
  return { apiKey: { prefix: apiKey.prefix, scope: apiKey.scope }, actingAs: party ? partyLabel(party) : null };
});
// Any other method: 405 in the error envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
