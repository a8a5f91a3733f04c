// POST /api/v1/bookings/:bookingId/disputes: the customer opens a dispute (lib/api/v1/disputes.ts).
import { openDispute } from "@/lib/marketplace/index.ts";
import { openDisputeEndpoint } from "@/lib/api/v1/disputes.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(openDisputeEndpoint, ({ db, party, now, params, body }) =>
  openDispute({ db, actor: party, now }, { ...body, bookingId: params.bookingId }),
);
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
