// A bulk action's form: which jobs (the selected ids, or everything matching the jobs page's
// filter, sent as its query string), what to do (cancel; shift by an offset such as +2h or -1d;
// move to a local time in the operator's zone) and why. Parsed with zod; bad fields named.
import { z } from "zod";
import type { BulkChange, BulkTarget } from "@/lib/operations/bulk.ts";
import { maxSelectedIds } from "@/lib/operations/bulk.ts";
import { zonedDateTime } from "@/lib/operations/inputs.ts";
import { fitsBigint, reason, timeZone } from "@/lib/validation/fields.ts";
import { limits } from "@/lib/scheduler/index.ts";
import { searchParamsToRecord } from "@/app/_lib/search-params.ts";
import { parseJobsQuery } from "./jobs-query.ts";

const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;

export const offset = z
  .string()
  .trim()
  .regex(/^[+-]\d{1,6}\s*[mhdw]$/, "expected an offset such as +2h, -30m, +1d or +1w")
  .transform((value) => {
    const sign = value.startsWith("-") ? -1 : 1;
    const amount = Number(value.slice(1, -1).trim());
    return sign * amount * unitMs[value.at(-1) as keyof typeof unitMs];
  })
  .refine((ms) => ms !== 0, "an offset of zero changes nothing")
  .refine((ms) => Math.abs(ms) <= limits.maxShiftMs, "at most 100 years either way");

const ids = z
  .string()
  .regex(/^(\d{1,19})(,\d{1,19})*$/, "select at least one job (or choose everything matching the filter)")
  .refine((value) => value.split(",").every(fitsBigint), "expected job ids")
  // Deduplicated as numbers: "1,01" is one job, not two (the preview counts what was named).
  .transform((value) => [...new Set(value.split(",").map((id) => BigInt(id)))])
  .refine((list) => list.length <= maxSelectedIds, `at most ${maxSelectedIds} selected jobs`);

const base = z.object({
  scope: z.enum(["selected", "filter"], { error: "choose the selected jobs or everything matching the filter" }),
  ids: z.string().optional(),
  filterQuery: z.string().max(4000).optional(),
  change: z.enum(["cancel", "retry", "shift", "move"], { error: "choose cancel, retry, shift or move" }),
  offset: z.string().optional(),
  moveTo: z.string().optional(),
  // The preview's histogram is shown in this zone: a bogus one is a bad field, not a RangeError.
  zone: z.preprocess((v) => (v === "" ? undefined : v), timeZone.optional()),
  offsetChoice: z.string().optional(),
  reason,
});

export interface ParsedBulk {
  target: BulkTarget;
  change: BulkChange;
  reason: string;
  zone: string;
}

/** Parses the bulk form, or returns field errors (field -> message). */
export function parseBulkForm(fields: Record<string, unknown>): { ok: true; value: ParsedBulk } | { ok: false; error: z.ZodError } {
  const result = base
    .transform((form, ctx): ParsedBulk => {
      const zone = form.zone || "UTC";
      let target: BulkTarget = { kind: "ids", ids: [] };
      if (form.scope === "selected") {
        const parsed = ids.safeParse(form.ids ?? "");
        if (!parsed.success) ctx.addIssue({ code: "custom", path: ["ids"], message: parsed.error.issues[0]!.message });
        else target = { kind: "ids", ids: parsed.data };
      } else {
        const parsed = parseJobsQuery(searchParamsToRecord(new URLSearchParams(form.filterQuery ?? "")), zone);
        if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["filterQuery"], message: parsed.error });
        else {
          const { jobType, status, from, to, subject, keyPrefix } = parsed.query;
          target = { kind: "filter", filter: { jobType, status, from, to, subject, keyPrefix } };
        }
      }
      let change: BulkChange = form.change === "retry" ? { kind: "retry" } : { kind: "cancel" };
      if (form.change === "shift") {
        const parsed = offset.safeParse(form.offset ?? "");
        if (!parsed.success) ctx.addIssue({ code: "custom", path: ["offset"], message: parsed.error.issues[0]!.message });
        else change = { kind: "shift", offsetMs: parsed.data };
      } else if (form.change === "move") {
        const parsed = zonedDateTime.safeParse({ localRunAt: form.moveTo ?? "", zone, offsetChoice: form.offsetChoice || undefined });
        if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: [issue.path[0] === "localRunAt" ? "moveTo" : String(issue.path[0] ?? "moveTo")], message: issue.message });
        else change = { kind: "move", to: parsed.data };
      }
      return { target, change, reason: form.reason, zone };
    })
    .safeParse(fields);
  return result.success ? { ok: true, value: result.data } : { ok: false, error: result.error };
}
