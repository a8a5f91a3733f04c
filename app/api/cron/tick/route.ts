// GET /api/cron/tick: Vercel Cron (every minute) and the local ticker (scripts/start.ts) both
// land here, so production and development run jobs through one code path.
import { getDb } from "@/lib/db/client.ts";
import { tick } from "@/lib/scheduler/index.ts";
import { catalogue } from "@/jobs/index.ts";
import { searchParamsToRecord, timeTravelEnabled } from "@/app/_lib/search-params.ts";
import { cronRoute, jsonError, jsonResponse } from "../authorize.ts";
import { parseTickQuery } from "./tick-query.ts";

export const dynamic = "force-dynamic";
/** Seconds the platform lets one call run (Vercel reads this from the build output). */
export const maxDuration = 60;

/**
 * The tick stops claiming this long before maxDuration: jobs already claimed must finish
 * (a lease covers the seconds a job runs) and the response must still be written.
 */
const safetyMarginMs = 10_000;
const maxBudgetMs = maxDuration * 1000 - safetyMarginMs;

export const GET = cronRoute(async (request) => {
  const parsed = parseTickQuery(searchParamsToRecord(new URL(request.url).searchParams), {
    maxBudgetMs,
    timeTravel: timeTravelEnabled(),
  });
  if (!parsed.ok) return jsonError(400, parsed.error);
  const { mode, budgetMs, now } = parsed.query;
  const summary = await tick({ db: getDb(), catalogue, now, budgetMs, mode });
  return jsonResponse(summary);
});
