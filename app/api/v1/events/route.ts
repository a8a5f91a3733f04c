// GET /api/v1/events: wiring only (lib/events/list-events.ts).
import { getDb } from "@/lib/db/client.ts";
import { listEvents } from "@/lib/events/list-events.ts";
import { listEventsEndpoint } from "@/lib/api/v1/events.ts";
import { readerOf } from "@/lib/webhooks/owner.ts";
import { requireKnownParty } from "@/lib/marketplace/index.ts";
import { apiRoute, otherMethods } from "../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const GET = apiRoute(listEventsEndpoint, async ({ db, party, query }) => {
  // A party that does not exist is refused as every route refuses it (404), not shown an empty list.
  if (party) await requireKnownParty(db, party);
  return listEvents(getDb(), readerOf(party), {
    after: BigInt(query.after),
    limit: query.limit,
    types: query.type === undefined ? undefined : Array.isArray(query.type) ? query.type : [query.type],
  });
});
// Any other method: 405 in the error envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
