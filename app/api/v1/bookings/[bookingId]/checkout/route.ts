// POST /api/v1/bookings/:bookingId/checkout: the customer starts paying (the terms to capture;
// the provider's signed webhook confirms the capture). lib/api/v1/bookings.ts describes it.
import { startCheckout } from "@/lib/marketplace/index.ts";
import { startCheckoutEndpoint } from "@/lib/api/v1/bookings.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(startCheckoutEndpoint, ({ db, party, now, params }) =>
  startCheckout({ db, actor: party, now }, { bookingId: params.bookingId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
