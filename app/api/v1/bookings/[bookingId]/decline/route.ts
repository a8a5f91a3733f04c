// POST /api/v1/bookings/:bookingId/decline: the chef declines a request (lib/api/v1/bookings.ts describes it).
import { declineBooking } from "@/lib/marketplace/index.ts";
import { declineBookingEndpoint } from "@/lib/api/v1/bookings.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(declineBookingEndpoint, ({ db, party, now, params, body }) =>
  declineBooking({ db, actor: party, now }, { ...body, bookingId: params.bookingId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
