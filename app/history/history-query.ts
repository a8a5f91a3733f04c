// The history page's URL: `?range=24h|7d` (the last day or week up to now), `?step=minute|hour`
// (a week is drawn per hour only: 10,080 minutes are not a chart), `?type=` one job type.
// Parsed here so the page and proxy.ts (which answers a bad one 400) read it the same way.
import { z } from "zod";
import { blankToUndefined, describeIssues, isoInstant, type RawSearchParams } from "@/app/_lib/search-params.ts";
import type { HistoryStep } from "@/lib/scheduler/admin/index.ts";

export const historyRanges = { "24h": 86_400_000, "7d": 7 * 86_400_000 } as const;
export type HistoryRange = keyof typeof historyRanges;

const schema = z
  .object({
    range: z.preprocess(blankToUndefined, z.enum(["24h", "7d"]).default("24h")),
    step: z.preprocess(blankToUndefined, z.enum(["minute", "hour"]).optional()),
    type: z.preprocess(blankToUndefined, z.string().max(200).regex(/^[\w.:-]+$/, "expected a job type name such as marketplace.payout").optional()),
    // Time travel (demos and e2e, only with DULY_TIME_TRAVEL=1): the history up to this instant.
    now: isoInstant.optional(),
  })
  .strict()
  .refine((q) => !(q.range === "7d" && q.step === "minute"), { message: "a week is shown per hour: use step=hour or range=24h", path: ["step"] });

export interface HistoryQuery {
  range: HistoryRange;
  step: HistoryStep;
  jobType: string | undefined;
  now: Date | undefined;
}

export function parseHistoryQuery(params: RawSearchParams, { timeTravel }: { timeTravel: boolean }): { ok: true; query: HistoryQuery } | { ok: false; error: string } {
  if (!timeTravel && params.now !== undefined) {
    return { ok: false, error: "now: time travel is disabled on this server (set DULY_TIME_TRAVEL=1 to accept ?now=)" };
  }
  const parsed = schema.safeParse(params);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  const q = parsed.data;
  return { ok: true, query: { range: q.range, step: q.step ?? (q.range === "7d" ? "hour" : "minute"), jobType: q.type, now: q.now } };
}
