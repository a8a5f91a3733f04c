// GET /api/v1/disputes: the disputes the caller may see (lib/api/v1/lists.ts describes it).
import { listDisputes, listDisputesEndpoint } from "@/lib/api/v1/lists.ts";
import { apiRoute, otherMethods } from "../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const GET = apiRoute(listDisputesEndpoint, ({ db, party, query }) => listDisputes(db, party, query));
// Any other method: 405 in the error envelope, with Allow.
export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
