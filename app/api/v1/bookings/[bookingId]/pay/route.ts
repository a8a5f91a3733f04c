// POST /api/v1/bookings/:bookingId/pay: the platform records that the provider captured the
// customer's payment (lib/api/v1/bookings.ts describes it; only an app key acting for no party).
import { payBooking } from "@/lib/marketplace/index.ts";
import { actorOf } from "@/lib/api/acting-party.ts";
import { payBookingEndpoint } from "@/lib/api/v1/bookings.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(payBookingEndpoint, ({ db, party, apiKey, now, params, body }) =>
  payBooking({ db, actor: actorOf(party, apiKey), now }, { ...body, bookingId: params.bookingId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
