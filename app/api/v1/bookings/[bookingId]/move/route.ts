// POST /api/v1/bookings/:bookingId/move: the customer moves the event (lib/api/v1/bookings.ts describes it).
import { moveEvent } from "@/lib/marketplace/index.ts";
import { moveEventEndpoint } from "@/lib/api/v1/bookings.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(moveEventEndpoint, ({ db, party, now, params, body }) =>
  moveEvent({ db, actor: party, now }, { ...body, bookingId: params.bookingId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
