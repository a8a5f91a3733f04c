// POST /api/v1/accounts/{accountId}/usage: wiring only (lib/api/v1/quotas.ts, lib/quotas).
import { ApiError, ApiErrorCode } from "@/lib/api/errors.ts";
import { recordUsageEndpoint } from "@/lib/api/v1/quotas.ts";
import { consumeAllowance } from "@/lib/quotas/index.ts";
import { timeTravelEnabled } from "@/app/_lib/search-params.ts";
import { apiRoute, otherMethods } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(recordUsageEndpoint, async ({ db, apiKey, params, body, now }) => {
  if (apiKey.scope !== "app") {
    throw new ApiError(ApiErrorCode.ActingAsForbidden, "usage is recorded with an app key, not a customer's or chef's");
  }
  const accountId = BigInt(params.accountId);
  // Whether a reset is due first is judged by the database's clock, in the statement that
  // decides, as the sweep's is (the web server's clock may be off); a time-travelling server
  // (demo, e2e) judges at the request's X-Duly-Now instead.
  const used = await consumeAllowance(db, accountId, body, timeTravelEnabled() ? now : "database");
  return { accountId: params.accountId, allowance: used.allowance, remaining: used.remaining, nextResetAt: used.nextResetAt.toISOString() };
});
// Any other method: 405 in the error envelope, with Allow.
export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
