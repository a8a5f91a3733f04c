// POST /api/v1/accounts/{accountId}/usage: wiring only (lib/api/v1/quotas.ts, lib/quotas).
import { ApiError, ApiErrorCode } from "@/lib/api/errors.ts";
import { recordUsageEndpoint } from "@/lib/api/v1/quotas.ts";
import { consumeAllowance } from "@/lib/quotas/index.ts";
import { apiRoute } from "../../../_lib/api-route.ts";

export const dynamic = "force-dynamic";

export const POST = apiRoute(recordUsageEndpoint, async ({ db, apiKey, params, body }) => {
  if (apiKey.scope !== "app") {
    throw new ApiError(ApiErrorCode.ActingAsForbidden, "usage is recorded with an app key, not a customer's or chef's");
  }
  const accountId = BigInt(params.accountId);
  const used = await consumeAllowance(db, accountId, body);
  return { accountId: params.accountId, allowance: used.allowance, remaining: used.remaining, nextResetAt: used.nextResetAt.toISOString() };
});
