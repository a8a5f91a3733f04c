// Shared edge parsing for URL search params: every route and page parses its query with zod
// and answers a bad one with a message a person can act on (and no work done).
import { z } from "zod";
import { describeIssues as describeZodIssues } from "@/lib/validation/describe-issues.ts";
import { fitsBigint, inRunTimeRange, int4Max, runTimeRange } from "@/lib/validation/fields.ts";

/** A search param value as Next hands it to pages, or as URLSearchParams yields it. */
export type RawSearchParams = Record<string, string | string[] | undefined>;

/**
 * URLSearchParams to a record; a repeated key becomes an array, which schemas reject. The record
 * has no prototype, so a key such as `__proto__` or `constructor` is an ordinary entry that the
 * page's strict schema refuses as unknown, never a property inherited from Object.prototype
 * (on a plain `{}`, `record.__proto__ = "1"` is silently dropped).
 */
export function searchParamsToRecord(params: URLSearchParams): RawSearchParams {
  const record: RawSearchParams = Object.create(null) as RawSearchParams;
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    record[key] = values.length === 1 ? values[0] : values;
  }
  return record;
}

/**
 * The first query key that names a member of Object.prototype (`constructor`, `toString`,
 * `__proto__`, ...), or null. No page takes one, and Next's own parsing of the query (the
 * searchParams a page receives) mistakes such a key for a repeated one: `?constructor=x` reaches
 * the page as [Object, "x"]. proxy.ts refuses them on every page before the page runs.
 */
export function prototypeMemberKey(params: URLSearchParams): string | null {
  for (const key of params.keys()) if (Object.hasOwn(Object.prototype, key)) return key;
  return null;
}

/**
 * A character a query value cannot carry to the database (NUL, a lone surrogate), or a value
 * that is not text at all (how Next hands a page `?constructor=x`): the first such parameter
 * named with why, or null. Every list page's parser checks this before its schema.
 */
export function unstorableParam(params: RawSearchParams): string | null {
  for (const key of Object.keys(params)) {
    const value = params[key];
    for (const text of Array.isArray(value) ? value : [value ?? ""]) {
      if (typeof text !== "string") return `${key}: not a parameter of this page`;
      if (text.includes("\u0000") || !text.isWellFormed()) return `${key}: contains a character that cannot be stored (NUL or a lone surrogate)`;
    }
  }
  return null;
}

/** An absolute instant: ISO 8601 with seconds and a zone (Z or ±hh:mm), e.g. 2026-12-01T09:00:00Z. */
export const isoInstant = z
  .iso.datetime({ offset: true, error: "expected an ISO instant with a zone, e.g. 2026-12-01T09:00:00Z" })
  .transform((value) => new Date(value))
  // The run-time range, as everywhere (lib/validation/fields.ts): a date outside it is a typo.
  .refine(inRunTimeRange, `expected an instant ${runTimeRange}`);

/** One line naming each bad param: `now: expected an ISO instant...; mode: Invalid option...`. */
/** Query-string wording of zod issues: "days: must be at least 1", "unknown parameter(s): x". */
export function describeIssues(error: z.ZodError): string {
  return describeZodIssues(error, { root: "query", unknownKeys: "unknown parameter(s)" });
}

/** Whether `?now=` may move the clock (demos and e2e only; never in production). */
export function timeTravelEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DULY_TIME_TRAVEL === "1";
}

/** An empty form field means "no filter": "" becomes undefined before the field's schema. */
export const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);

/**
 * A keyset page position as every list page writes it in its links: `<ISO instant>~<id>`.
 * `idType` is the id column's: an id that column cannot hold refuses the link (400) instead of
 * failing the page's query (500).
 */
export function keysetPosition(idType: "int"): z.ZodType<{ at: Date; id: number }, string>;
export function keysetPosition(idType: "bigint"): z.ZodType<{ at: Date; id: bigint }, string>;
export function keysetPosition(idType: "int" | "bigint"): z.ZodType<{ at: Date; id: number | bigint }, string> {
  return z
    .string()
    .regex(/^[^~]+~[1-9]\d{0,18}$/, "expected a page position")
    .transform((value, ctx) => {
      const [iso, id] = value.split("~") as [string, string];
      const at = isoInstant.safeParse(iso);
      const fits = idType === "int" ? Number(id) <= int4Max : fitsBigint(id);
      if (!at.success || !fits) {
        ctx.addIssue({ code: "custom", message: "expected a page position" });
        return z.NEVER;
      }
      return { at: at.data, id: idType === "int" ? Number(id) : BigInt(id) };
    });
}
