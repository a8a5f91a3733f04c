// POST /api/v1/bookings/:bookingId/move-requests: the customer asks the chef to move an agreed event (lib/api/v1/move-requests.ts).
import { requestMove } from "@/lib/marketplace/index.ts";
import { requestMoveEndpoint } from "@/lib/api/v1/move-requests.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(requestMoveEndpoint, ({ db, party, now, params, body }) =>
  requestMove({ db, actor: party, now }, { ...body, bookingId: params.bookingId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
