// POST /api/v1/bookings/:bookingId/accept: the chef accepts a request (lib/api/v1/bookings.ts describes it).
import { acceptBooking } from "@/lib/marketplace/index.ts";
import { acceptBookingEndpoint } from "@/lib/api/v1/bookings.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(acceptBookingEndpoint, ({ db, party, now, params, body }) =>
  acceptBooking({ db, actor: party, now }, { ...body, bookingId: params.bookingId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
