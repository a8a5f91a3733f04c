// POST /api/v1/bookings/:bookingId/cancel: the customer or the chef cancels (lib/api/v1/bookings.ts describes it).
import { cancelBooking } from "@/lib/marketplace/index.ts";
import { cancelBookingEndpoint } from "@/lib/api/v1/bookings.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(cancelBookingEndpoint, ({ db, party, now, params, body }) =>
  cancelBooking({ db, actor: party, now }, { ...body, bookingId: params.bookingId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
