// POST /api/v1/bookings: a customer requests a booking (lib/api/v1/bookings.ts describes it).
import { requestBooking } from "@/lib/marketplace/index.ts";
import { requestBookingEndpoint } from "@/lib/api/v1/bookings.ts";
import { apiRoute, otherMethods } from "../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(requestBookingEndpoint, ({ db, party, now, body }) => requestBooking({ db, actor: party, now }, body));
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
