// GET /api/v1/bookings/:bookingId: the booking with its upcoming deadlines and ledger, as the
// caller may see it (its customer or chef without the platform's internals). POST: its metadata.
import { getBooking, updateBookingMetadata } from "@/lib/marketplace/index.ts";
import { actorOf } from "@/lib/api/acting-party.ts";
import { getBookingEndpoint, updateBookingEndpoint } from "@/lib/api/v1/bookings.ts";
import { apiRoute, otherMethods } from "../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const GET = apiRoute(getBookingEndpoint, ({ db, party, apiKey, now, params }) =>
  getBooking({ db, actor: actorOf(party, apiKey), now }, { bookingId: params.bookingId }),
);
export const POST = apiRoute(updateBookingEndpoint, ({ db, party, apiKey, now, params, body }) =>
  updateBookingMetadata({ db, actor: actorOf(party, apiKey), now }, { ...body, bookingId: params.bookingId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
