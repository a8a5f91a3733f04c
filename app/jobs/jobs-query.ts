// The jobs page's URL: filters, order, page size and page position all live in the query
// string (shareable, reloadable). Times are ISO instants, so a link means the same window to
// operators in different zones; a window typed in the form arrives as local date-times in the
// operator's zone and is resolved here, refusing a local time that does not exist or happens
// twice (never silently shifted).
import { z } from "zod";
import { isoInstant, describeIssues, blankToUndefined, keysetPosition, unstorableParam, type RawSearchParams } from "@/app/_lib/search-params.ts";
import type { JobCursor, JobListQuery } from "@/lib/scheduler/admin/index.ts";
import { formatOffset, parseLocalDateTime, resolveLocalTime } from "@/lib/time/zoned-time.ts";
import { jobStatus } from "@/lib/validation/fields.ts";

export const pageSizes = [25, 50, 100] as const;

const cursor = keysetPosition("bigint").transform(({ at, id }): JobCursor => ({ runAt: at, id }));

export function formatCursor(position: JobCursor): string {
  return `${position.runAt.toISOString()}~${position.id}`;
}

/** An instant with a zone, or a local date-time in the operator's zone. */
export function instantIn(zone: string) {
  return z.string().transform((value, ctx) => {
    const exact = isoInstant.safeParse(value);
    if (exact.success) return exact.data;
    const local = parseLocalDateTime(value);
    if (!local) {
      ctx.addIssue({ code: "custom", message: "expected a date and time such as 2026-12-05T14:30" });
      return z.NEVER;
    }
    const resolved = resolveLocalTime(local, zone);
    if (resolved.kind === "exact") return resolved.instant;
    if (resolved.kind === "nonexistent") {
      ctx.addIssue({ code: "custom", message: `${value.replace("T", " ")} does not exist in ${zone} (clocks skip it)` });
    } else {
      const [a, b] = [resolved.earlier, resolved.later].map((d) => d.toISOString());
      ctx.addIssue({ code: "custom", message: `${value.replace("T", " ")} happens twice in ${zone}; use ${a} or ${b}` });
    }
    return z.NEVER;
  });
}

function schemaFor(zone: string) {
  return z
    .object({
      type: z.preprocess(blankToUndefined, z.string().max(200).optional()),
      // "any" is the explicit "every status" (the plain /jobs opens on pending work instead).
      status: z.preprocess(blankToUndefined, z.union([jobStatus, z.literal("any")]).optional()),
      from: z.preprocess(blankToUndefined, instantIn(zone).optional()),
      to: z.preprocess(blankToUndefined, instantIn(zone).optional()),
      subject: z.preprocess(
        blankToUndefined,
        z
          .string()
          .max(300)
          .regex(/^[^:\s]+:[^\s]+$/, "expected type:id, e.g. booking:42")
          .transform((value) => ({ type: value.slice(0, value.indexOf(":")), id: value.slice(value.indexOf(":") + 1) }))
          .optional(),
      ),
      key: z.preprocess(blankToUndefined, z.string().max(500).refine((v) => !v.includes("\u0000"), "must not contain NUL").optional()),
      dir: z.preprocess(blankToUndefined, z.enum(["asc", "desc"]).default("asc")),
      size: z.preprocess(blankToUndefined, z.coerce.number().pipe(z.union(pageSizes.map((n) => z.literal(n)))).default(50)),
      after: cursor.optional(),
      before: cursor.optional(),
    })
    .strict()
    .refine((q) => !(q.after && q.before), "after and before cannot both be given")
    .refine((q) => !(q.from && q.to && q.from >= q.to), { message: "the window must end after it starts", path: ["to"] });
}

export type JobsQuery = JobListQuery & { subjectText?: string };

/**
 * The jobs list with no parameter at all (the navigation's link, `g j`) opens on the work ahead:
 * pending jobs, soonest first (late ones lead). Any parameter, even an empty one from the form
 * ("Status: Any" sends `status=`), is an explicit filter and is taken as it is.
 */
export const defaultJobsParams: RawSearchParams = { status: "pending" };

export function parseJobsQuery(params: RawSearchParams, zone: string): { ok: true; query: JobsQuery } | { ok: false; error: string } {
  const unstorable = unstorableParam(params);
  if (unstorable) return { ok: false, error: unstorable };
  const parsed = schemaFor(zone).safeParse(Object.keys(params).length === 0 ? defaultJobsParams : params);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  const q = parsed.data;
  return {
    ok: true,
    query: {
      jobType: q.type,
      status: q.status === "any" ? undefined : q.status,
      from: q.from,
      to: q.to,
      subject: q.subject,
      subjectText: q.subject ? `${q.subject.type}:${q.subject.id}` : undefined,
      keyPrefix: q.key,
      direction: q.dir,
      pageSize: q.size,
      after: q.after,
      before: q.before,
    },
  };
}

/** The canonical query string of a query (instants as ISO), with changes applied. */
export function jobsHref(query: JobsQuery, changes: Partial<Record<"after" | "before", JobCursor | undefined>> & { dir?: "asc" | "desc"; from?: Date; to?: Date; keepPosition?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (query.jobType) params.set("type", query.jobType);
  if (query.status) params.set("status", query.status);
  const from = "from" in changes ? changes.from : query.from;
  const to = "to" in changes ? changes.to : query.to;
  if (from) params.set("from", from.toISOString());
  if (to) params.set("to", to.toISOString());
  if (query.subjectText) params.set("subject", query.subjectText);
  if (query.keyPrefix) params.set("key", query.keyPrefix);
  const dir = changes.dir ?? query.direction;
  if (dir !== "asc") params.set("dir", dir);
  if (query.pageSize !== 50) params.set("size", String(query.pageSize));
  if (changes.after) params.set("after", formatCursor(changes.after));
  if (changes.before) params.set("before", formatCursor(changes.before));
  const text = params.toString();
  // Nothing to say would read as the default (pending work): every status is said explicitly.
  return text ? `/jobs?${text}` : "/jobs?status=any";
}

export { formatOffset };
