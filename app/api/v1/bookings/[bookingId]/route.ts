// GET /api/v1/bookings/:bookingId: the booking with its upcoming deadlines and ledger.
import { getBooking } from "@/lib/marketplace/index.ts";
import { getBookingEndpoint } from "@/lib/api/v1/bookings.ts";
import { apiRoute } from "../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const GET = apiRoute(getBookingEndpoint, ({ db, party, now, params }) =>
  getBooking({ db, actor: party, now }, { bookingId: params.bookingId }),
);
