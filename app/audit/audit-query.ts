// The audit page's URL: every filter lives in the query string, so a view can be shared.
import { z } from "zod";
import { auditActions, type AuditFilter } from "@/lib/audit/audit-log.ts";
import { calendarDay, fitsBigint } from "@/lib/validation/fields.ts";
import { parseLocalDateTime, resolveLocalTime } from "@/lib/time/zoned-time.ts";
import { describeIssues, unstorableParam, type RawSearchParams } from "@/app/_lib/search-params.ts";

const optionalText = (max: number) => z.string().trim().max(max).optional().transform((v) => (v ? v : undefined));
const day = calendarDay
  .optional()
  .or(z.literal("").transform(() => undefined));

const schema = z
  .object({
    actor: optionalText(320),
    action: z.enum(auditActions).optional().or(z.literal("").transform(() => undefined)),
    record: z
      .string()
      .max(300)
      .regex(/^([a-z_]+):(\S+)$|^$/, "expected type:id, e.g. scheduled_job:42")
      .optional(),
    batch: optionalText(100),
    since: day,
    until: day,
    before: z.string().refine(fitsBigint, "expected an entry id").optional(),
  })
  .strict();

export type AuditQuery = z.output<typeof schema>;

/** The start of a local day in `zone` (midnight; a zone whose midnight is skipped uses 01:00). */
function startOfDay(date: string, zone: string): Date {
  for (const time of ["00:00", "01:00"]) {
    const resolved = resolveLocalTime(parseLocalDateTime(`${date}T${time}`)!, zone);
    if (resolved.kind === "exact") return resolved.instant;
    if (resolved.kind === "ambiguous") return resolved.earlier;
  }
  return new Date(`${date}T00:00:00Z`);
}

export function parseAuditQuery(params: RawSearchParams, zone: string): { ok: true; query: AuditQuery; filter: AuditFilter } | { ok: false; error: string } {
  const unstorable = unstorableParam(params);
  if (unstorable) return { ok: false, error: unstorable };
  const parsed = schema.safeParse(params);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  const query = parsed.data;
  const [recordType, recordId] = query.record ? [query.record.slice(0, query.record.indexOf(":")), query.record.slice(query.record.indexOf(":") + 1)] : [];
  const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    ok: true,
    query,
    filter: {
      actorEmail: query.actor?.toLowerCase(),
      action: query.action,
      recordType: recordType || undefined,
      recordId: recordId || undefined,
      batchId: query.batch,
      since: query.since ? startOfDay(query.since, zone) : undefined,
      until: query.until ? startOfDay(nextDay(query.until), zone) : undefined,
      beforeId: query.before ? BigInt(query.before) : undefined,
    },
  };
}
