// GET /api/v1/me: the calling key and who it acts for.
import { partyLabel } from "@/lib/api/acting-party.ts";
import { getMe } from "@/lib/api/v1/me.ts";
import { apiRoute } from "../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const GET = apiRoute(getMe, async ({ apiKey, party }) => ({
  apiKey: { prefix: apiKey.prefix, scope: apiKey.scope },
  actingAs: party ? partyLabel(party) : null,
}));
