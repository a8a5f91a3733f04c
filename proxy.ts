// Next 16's proxy (formerly middleware): runs before a page renders. It gives bad page input a
// 4xx status, which a page cannot: the agenda's query string is parsed here with the very
// parser the page uses, and a bad one is answered 400 with the reason; a good one goes on to
// the page, which parses it again (cheap) to render.
import { NextResponse, type NextRequest } from "next/server";
import { defaultDays, parseAgendaQuery } from "@/app/agenda/agenda-query.ts";
import { badQueryResponse } from "@/app/_lib/bad-query-page.ts";
import { searchParamsToRecord, timeTravelEnabled } from "@/app/_lib/search-params.ts";

export function proxy(request: NextRequest): Response {
  const parsed = parseAgendaQuery(searchParamsToRecord(request.nextUrl.searchParams), { timeTravel: timeTravelEnabled() });
  if (parsed.ok) return NextResponse.next();
  return badQueryResponse({ title: "Agenda", error: parsed.error, backHref: "/agenda", backText: `Show the next ${defaultDays} days` });
}

// Only the agenda has a query string to check; everything else never pays for the proxy.
export const config = { matcher: "/agenda" };
