// The tick route's query: ?mode=drain|stay&budgetMs=<ms>&now=<ISO instant>, parsed at the edge.
import { z } from "zod";
import { describeIssues, isoInstant, type RawSearchParams } from "@/app/_lib/search-params.ts";

export interface TickQuery {
  mode: "drain" | "stay";
  budgetMs: number;
  /** Only with time travel enabled; otherwise the tick uses the database's clock. */
  now?: Date;
}

export type TickQueryResult = { ok: true; query: TickQuery } | { ok: false; error: string };

export interface TickQueryLimits {
  /** The most the route can spend claiming work (derived from its maxDuration). */
  maxBudgetMs: number;
  /** The budget when the query names none (defaults to maxBudgetMs). */
  defaultBudgetMs?: number;
  timeTravel: boolean;
}

export function parseTickQuery(raw: RawSearchParams, { maxBudgetMs, defaultBudgetMs = maxBudgetMs, timeTravel }: TickQueryLimits): TickQueryResult {
  if (!timeTravel && raw.now !== undefined) {
    return {
      ok: false,
      error: "now: time travel is disabled on this server (set DULY_TIME_TRAVEL=1 to accept ?now=)",
    };
  }
  const schema = z.strictObject({
    // A cron call stays for its budget so jobs start close to their run_at; drain is for
    // tests and one-off catch-up calls.
    mode: z.enum(["drain", "stay"]).default("stay"),
    budgetMs: z
      .string()
      .regex(/^\d+$/, "expected a whole number of milliseconds")
      // Digits past 2^53 are "a lot", not a different error: the limit below says what is allowed.
      .transform((digits) => Math.min(Number(digits), Number.MAX_SAFE_INTEGER))
      .pipe(z.number().int().positive("must be at least 1"))
      // Capped, not rejected: asking for more than the route can give still gets a tick.
      .transform((ms) => Math.min(ms, maxBudgetMs))
      .default(defaultBudgetMs),
    now: isoInstant.optional(),
  });
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  return { ok: true, query: parsed.data };
}
