// Next 16's proxy (formerly middleware): runs before a page renders. It gives bad page input a
// 4xx status, which a page cannot (it streams with 200): each page's query string is parsed
// here with the very parser the page uses, and a bad one is answered 400 with the reason; a
// good one goes on to the page, which parses it again (cheap) to render.
import { NextResponse, type NextRequest } from "next/server";
import { defaultDays, parseAgendaQuery } from "@/app/agenda/agenda-query.ts";
import { parseAuditQuery } from "@/app/audit/audit-query.ts";
import { parseJobsQuery } from "@/app/jobs/jobs-query.ts";
import { parseOverviewQuery } from "@/app/overview/overview-query.ts";
import { badQueryResponse } from "@/app/_lib/bad-query-page.ts";
import { refuseActionRequest } from "@/app/_lib/action-request-guard.ts";
import { displayZoneCookie, zoneFromCookie } from "@/app/_lib/display-zone.ts";
import { searchParamsToRecord, timeTravelEnabled, type RawSearchParams } from "@/app/_lib/search-params.ts";

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
};

export function proxy(request: NextRequest): Response {
  // A server action (a POST to a page) from another site, or too large: 403/413, not Next's 500.
  const refusal = refuseActionRequest(request);
  if (refusal) return refusal;
  const path = request.nextUrl.pathname;
  const check = checks[path];
  if (!check) return NextResponse.next();
  // Local times in a query (the jobs window, the audit days) are read in the operator's zone.
  const zone = zoneFromCookie(request.cookies.get(displayZoneCookie)?.value) ?? "UTC";
  const parsed = check.parse(searchParamsToRecord(request.nextUrl.searchParams), zone);
  if (parsed.ok) return NextResponse.next();
  return badQueryResponse({ title: check.title, error: parsed.error, backHref: path, backText: check.backText });
}

// Every page (their queries, and the server actions posted to them); not the API routes (their
// own parsers and secrets), Next's assets or the icon.
export const config = { matcher: ["/((?!api/|_next/|icon.svg).*)"] };
