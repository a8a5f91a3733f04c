// The agenda's view state lives in the URL (?days=, and ?now= when time travel is on) so a
// view can be shared and reloaded.
import { z } from "zod";
import { describeIssues, isoInstant, type RawSearchParams } from "@/app/_lib/search-params.ts";

export interface AgendaQuery {
  /** Length of the window from now, in days. */
  days: number;
  /** Render as of this instant instead of the server's clock (time travel only). */
  asOf?: Date;
}

export type AgendaQueryResult = { ok: true; query: AgendaQuery } | { ok: false; error: string };

export const defaultDays = 7;
export const maxDays = 90;

export function parseAgendaQuery(raw: RawSearchParams, { timeTravel }: { timeTravel: boolean }): AgendaQueryResult {
  if (!timeTravel && raw.now !== undefined) {
    return { ok: false, error: "now: time travel is disabled on this server (set DULY_TIME_TRAVEL=1 to accept ?now=)" };
  }
  // Unknown params are ignored (not rejected) so shared links with tracking params still open.
  const schema = z.object({
    days: z
      .string()
      .regex(/^\d+$/, "expected a whole number of days")
      // Digits past 2^53 are "a lot", not a different error: the limit below says what is allowed.
      .transform((digits) => Math.min(Number(digits), Number.MAX_SAFE_INTEGER))
      .pipe(z.number().int().min(1, "must be at least 1").max(maxDays, `must be at most ${maxDays}`))
      .default(defaultDays),
    now: isoInstant.optional(),
  });
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  return { ok: true, query: { days: parsed.data.days, asOf: parsed.data.now } };
}
