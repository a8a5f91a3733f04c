// Next 16's proxy (formerly middleware): runs before a page renders.
// - The answers it gives itself refuse to be framed, as every other response does
//   (app/_lib/anti-framing.ts; next.config.js sets the headers on the rest).
// - A page's bad input gets a 4xx status, which a page cannot give (it streams with 200): each
//   page's query string is parsed here with the very parser the page uses, and a bad one is
//   answered 400 with the reason, rendered inside the dashboard's frame (bad-query-page.ts); a good one goes on to the page, which parses it again (cheap)
//   to render. A query key named after an Object.prototype member is refused on every page,
//   listed here or not (Next hands the page `?constructor=x` as [Object, "x"]).
// - A server action (a POST to a page) from another site, or too large, is answered 403/413.
// - A page request goes on with the page it asked for in a header of ours (requested-page.ts),
//   so a signed-out visit is sent to sign in with `?next=` that page.
import { NextResponse, type NextRequest } from "next/server";
import { parseAccountsQuery } from "@/app/accounts/accounts-query.ts";
import { defaultDays, parseAgendaQuery } from "@/app/agenda/agenda-query.ts";
import { parseAuditQuery } from "@/app/audit/audit-query.ts";
import { parseBookingsQuery } from "@/app/bookings/bookings-query.ts";
import { parseDisputesQuery } from "@/app/disputes/disputes-query.ts";
import { parseJobsQuery } from "@/app/jobs/jobs-query.ts";
import { parseOverviewQuery } from "@/app/overview/overview-query.ts";
import { parseHistoryQuery } from "@/app/history/history-query.ts";
import { parseSearchQuery } from "@/app/search/search-query.ts";
import { badQueryResponse } from "@/app/_lib/bad-query-page.ts";
import { refuseActionRequest } from "@/app/_lib/action-request-guard.ts";
import { refuseFraming } from "@/app/_lib/anti-framing.ts";
import { headersWithRequestedPage } from "@/app/_lib/requested-page.ts";
import { displayZoneCookie, zoneFromCookie } from "@/app/_lib/display-zone.ts";
import { prototypeMemberKey, searchParamsToRecord, timeTravelEnabled, type RawSearchParams } from "@/app/_lib/search-params.ts";

interface PageCheck {
  parse: (params: RawSearchParams, zone: string) => { ok: true } | { ok: false; error: string };
  title: string;
  backText: string;
}

const checks: Record<string, PageCheck> = {
  "/agenda": { parse: (params) => parseAgendaQuery(params, { timeTravel: timeTravelEnabled() }), title: "Agenda", backText: `Show the next ${defaultDays} days` },
  "/jobs": { parse: parseJobsQuery, title: "Jobs", backText: "Show every job" },
  "/audit": { parse: parseAuditQuery, title: "Audit log", backText: "Show every entry" },
  "/overview": { parse: (params) => parseOverviewQuery(params, { timeTravel: timeTravelEnabled() }), title: "Overview", backText: "Show the overview" },
  "/bookings": { parse: parseBookingsQuery, title: "Bookings", backText: "Show every booking" },
  "/disputes": { parse: (params) => parseDisputesQuery(params), title: "Disputes", backText: "Show the open disputes" },
  "/accounts": { parse: parseAccountsQuery, title: "Accounts and quotas", backText: "Show every account" },
  "/search": { parse: parseSearchQuery, title: "Find", backText: "Search again" },
  "/history": { parse: (params) => parseHistoryQuery(params, { timeTravel: timeTravelEnabled() }), title: "History", backText: "Show the last 24 hours" },
};

async function answer(request: NextRequest): Promise<Response> {
  const path = request.nextUrl.pathname;
  const refusal = await refuseActionRequest(request);
  if (refusal) return refusal;
  const check = checks[path];
  const reserved = prototypeMemberKey(request.nextUrl.searchParams);
  if (reserved !== null) {
    return badQueryResponse(request, headersWithRequestedPage(request), { title: check?.title ?? "Duly", error: `unknown parameter(s): ${reserved}`, backHref: path, backText: check?.backText ?? "Open the page without it" });
  }
  const onToThePage = () => NextResponse.next({ request: { headers: headersWithRequestedPage(request) } });
  if (!check) return onToThePage();
  // Local times in a query (the jobs window, the audit days) are read in the operator's zone.
  const zone = zoneFromCookie(request.cookies.get(displayZoneCookie)?.value) ?? "UTC";
  const parsed = check.parse(searchParamsToRecord(request.nextUrl.searchParams), zone);
  if (parsed.ok) return onToThePage();
  return badQueryResponse(request, headersWithRequestedPage(request), { title: check.title, error: parsed.error, backHref: path, backText: check.backText });
}

export async function proxy(request: NextRequest): Promise<Response> {
  return refuseFraming(await answer(request));
}

// Every page (their queries, and the server actions posted to them); not the API routes (their
// own parsers and secrets; Next buffers a body for the proxy, which their own limits should
// decide), Next's assets or the icon.
export const config = { matcher: ["/((?!api/|_next/|icon.svg).*)"] };
