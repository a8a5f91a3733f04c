// POST /api/v1/bookings/:bookingId/pay: the customer's payment was captured (lib/api/v1/bookings.ts describes it).
import { payBooking } from "@/lib/marketplace/index.ts";
import { payBookingEndpoint } from "@/lib/api/v1/bookings.ts";
import { apiRoute } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(payBookingEndpoint, ({ db, party, now, params, body }) =>
  payBooking({ db, actor: party, now }, { ...body, bookingId: params.bookingId }),
);
