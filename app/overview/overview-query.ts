// The overview's URL: `?day=2026-12-05` opens that local day's hours. Parsed here so the page
// and proxy.ts (which answers a bad one 400 before the page runs) read it the same way.
import { z } from "zod";
import { describeIssues, isoInstant, type RawSearchParams } from "@/app/_lib/search-params.ts";
import { calendarDay } from "@/lib/validation/fields.ts";

const schema = z
  .object({
    day: calendarDay.optional(),
    // Time travel (demos and e2e; refused unless DULY_TIME_TRAVEL=1, as on the agenda): the overview
    // as of this instant, so a test places its jobs at fixed instants instead of relative to today.
    now: isoInstant.optional(),
  })
  .strict();

export function parseOverviewQuery(
  params: RawSearchParams,
  { timeTravel }: { timeTravel: boolean },
): { ok: true; day: string | undefined; now: Date | undefined } | { ok: false; error: string } {
  if (!timeTravel && params.now !== undefined) {
    return { ok: false, error: "now: time travel is disabled on this server (set DULY_TIME_TRAVEL=1 to accept ?now=)" };
  }
  const parsed = schema.safeParse(params);
  return parsed.success ? { ok: true, day: parsed.data.day, now: parsed.data.now } : { ok: false, error: describeIssues(parsed.error) };
}
