// GET /api/v1/events: the events the caller may see, in commit order, after a cursor
// (lib/events, docs/decisions/0028). The platform (an app key naming no party) sees every event;
// a customer's or chef's key (or an app key acting for one) sees those about its own records.
import { z } from "zod";
import { eventTypeSchema } from "../../events/event-types.ts";
import { eventView } from "../../events/event-view.ts";
import { defineEndpoint } from "../endpoint.ts";

export const EventList = z
  .object({
    data: z.array(eventView),
    nextCursor: z.string().meta({ description: "Pass as `after` for the next page. Opaque; never moves past an event not yet listed.", example: "1042" }),
    hasMore: z.boolean().meta({ description: "true: another page is there now; false: poll again later with nextCursor." }),
  })
  .meta({ id: "EventList" });

/** The cursor is opaque to clients; here, a position (0: from the start). */
export const eventCursor = z.string().regex(/^(0|[1-9][0-9]{0,17})$/, "expected a cursor returned as nextCursor (or 0)");

export const listEventsEndpoint = defineEndpoint({
  operationId: "listEvents",
  method: "get",
  path: "/events",
  summary: "Events the caller may see, in commit order, after a cursor",
  description:
    "Every business change is an event, written in the change's transaction. Pages never skip an event that committed late: " +
    "start with `after=0` (or a cursor kept from before) and follow `nextCursor`. Events are kept 30 days (DULY_EVENT_RETENTION_DAYS); " +
    "a cursor after which some were deleted answers 410 CURSOR_EXPIRED instead of silently skipping them.",
  tag: "Events",
  parties: [],
  query: z.object({
    after: eventCursor.default("0").meta({ description: "The cursor after which to list (nextCursor of the previous page)." }),
    limit: z.coerce.number().int().min(1).max(500).default(100).meta({ description: "At most this many events (1 to 500)." }),
    type: z.union([eventTypeSchema, z.array(eventTypeSchema).max(30)]).optional().meta({ description: "Only these types (repeat the parameter for several)." }),
  }),
  response: EventList,
  successStatus: 200,
  errors: [
    {
      status: 410, code: "CURSOR_EXPIRED",
      when: "the retention deleted events after this cursor (a reader away longer than the retention): resync from the lists, then read from the `after` the message names",
    },
  ],
});
