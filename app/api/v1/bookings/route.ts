// POST /api/v1/bookings: a customer requests a booking; GET lists them (lib/api/v1/bookings.ts, lists.ts).
import { requestBooking } from "@/lib/marketplace/index.ts";
import { requestBookingEndpoint } from "@/lib/api/v1/bookings.ts";
import { listBookings, listBookingsEndpoint } from "@/lib/api/v1/lists.ts";
import { apiRoute, otherMethods } from "../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(requestBookingEndpoint, ({ db, party, now, body }) => requestBooking({ db, actor: party, now }, body));
export const GET = apiRoute(listBookingsEndpoint, ({ db, party, query }) => listBookings(db, party, query));
// Any other method: 405 in the error envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
