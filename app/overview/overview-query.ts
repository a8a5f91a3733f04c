// The overview's URL: `?day=2026-12-05` opens that local day's hours. Parsed here so the page
// and proxy.ts (which answers a bad one 400 before the page runs) read it the same way.
import { z } from "zod";
import { describeIssues, type RawSearchParams } from "@/app/_lib/search-params.ts";
import { parseLocalDateTime } from "@/lib/time/zoned-time.ts";

const schema = z
  .object({
    day: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date such as 2026-12-05")
      .refine((v) => parseLocalDateTime(`${v}T00:00`) !== null, "expected a real date")
      // 1970-2999 as everywhere: the day after 9999-12-31 has a six-digit year no parser here reads.
      .refine((v) => v >= "1970-01-01" && v < "2999-12-31", "expected a date between 1970 and 2999")
      .optional(),
  })
  .strict();

export function parseOverviewQuery(params: RawSearchParams): { ok: true; day: string | undefined } | { ok: false; error: string } {
  const parsed = schema.safeParse(params);
  return parsed.success ? { ok: true, day: parsed.data.day } : { ok: false, error: describeIssues(parsed.error) };
}
