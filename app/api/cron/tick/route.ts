// GET /api/cron/tick: Vercel Cron (every minute) and the local ticker (scripts/start.ts) both
// land here, so production and development run jobs through one code path.
import { getEngineDb } from "@/lib/db/client.ts";
import { directUrl, settings } from "@/lib/settings.ts";
import { recordTick, tick } from "@/lib/scheduler/index.ts";
import { catalogue } from "@/jobs/index.ts";
import { pingTickHeartbeat } from "@/lib/alerts/heartbeat.ts";
import { searchParamsToRecord, timeTravelEnabled } from "@/app/_lib/search-params.ts";
import { cronRoute, jsonError, jsonResponse } from "../authorize.ts";
import { parseTickQuery } from "./tick-query.ts";

export const dynamic = "force-dynamic";
/**
 * Seconds the platform lets one call run (Vercel reads this from the build output; 300 is the
 * ceiling with fluid compute on every plan). A call stays only for its budget, below.
 */
export const maxDuration = 300;

/** Vercel Cron's period (vercel.json: every minute). */
const cronPeriodMs = 60_000;
/**
 * A staying call lasts a little longer than the cron period, so the next call starts before
 * it leaves and jobs are picked up within about a second all the time (docs/decisions/0006).
 */
const defaultStayBudgetMs = cronPeriodMs + 10_000;
/**
 * The budget never runs into maxDuration: the tick claims only what it expects to start within
 * its budget, and a job started at its very end still has its whole lease to finish, and the
 * response time to be written.
 */
const longestLeaseMs = Math.max(...catalogue.all().map((definition) => definition.leaseMs));
const maxBudgetMs = maxDuration * 1000 - longestLeaseMs - 10_000;

export const GET = cronRoute(async (request) => {
  const parsed = parseTickQuery(searchParamsToRecord(new URL(request.url).searchParams), {
    maxBudgetMs,
    defaultBudgetMs: Math.min(defaultStayBudgetMs, maxBudgetMs),
    timeTravel: timeTravelEnabled(),
  });
  if (!parsed.ok) return jsonError(400, parsed.error);
  const { mode, budgetMs, now } = parsed.query;
  const listen = mode === "stay" && settings().DULY_LISTEN === "1";
  const summary = await tick({
    // The engine's own pool: a saturated API cannot take the connections the tick needs.
    db: getEngineDb(),
    catalogue,
    now,
    travelling: now !== undefined,
    budgetMs,
    mode,
    listenUrl: listen ? directUrl() : undefined,
    // The caller went away (the local ticker on Ctrl-C, a platform ending the call): stop claiming.
    signal: request.signal,
  });
  // The dashboard's "last tick" and its alarm when ticks stop. A failure to record is logged
  // and does not turn a tick that ran into an error.
  if (summary.status !== "unavailable") {
    await recordTick(getEngineDb(), summary).catch((error: unknown) => console.error("[duly] could not record the tick for the dashboard:", error));
  }
  // The heartbeat (docs/decisions/0036): bounded by its own timeout, never throws, logged when it fails.
  await pingTickHeartbeat(getEngineDb(), summary);
  if (summary.status === "unavailable") {
    const error = `no database connection could be had (the database is down or refusing, or every connection of the engine's pool, DULY_ENGINE_POOL_SIZE, is in use): ${summary.errors.join("; ")}`;
    return jsonResponse({ error, summary }, 503);
  }
  return jsonResponse(summary);
});

/** A HEAD request (a probe, a link checker) must not run a tick: Next would route it to GET. */
export function HEAD(): Response {
  return new Response(null, { status: 405, headers: { Allow: "GET", "Cache-Control": "no-store" } });
}
