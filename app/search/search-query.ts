// The search page's URL (/search?q=...) and what the text asks for. One box takes every kind of
// reference an operator pastes: a job id (123 or #123), a business record (booking:42), an email,
// a job key or its prefix, or a payload value ({"bookingId": 42}, or bookingId=42).
import { z } from "zod";
import { describeIssues, unstorableParam, type RawSearchParams } from "@/app/_lib/search-params.ts";
import { int4Max, fitsBigint } from "@/lib/validation/fields.ts";
import { findNonFiniteNumber, nonFiniteProblem } from "@/lib/validation/json-numbers.ts";

export const maxQueryLength = 300;
export const searchInputMaxLength = maxQueryLength;

const schema = z
  .object({
    q: z
      .string()
      .max(maxQueryLength, `at most ${maxQueryLength} characters`)
      .refine((value) => !value.includes("\u0000"), "must not contain NUL")
      .transform((value) => value.trim())
      .optional(),
  })
  .strict();

/** What the text may mean; the search tries each and lists (or goes to) what exists. */
export interface SearchTerms {
  text: string;
  /** A job's id: `#123` means only a job; a bare `123` may also be a booking's or a dispute's. */
  jobId?: bigint;
  recordId?: number;
  /** `type:id`: a business record (a booking's or dispute's page; any other type: its jobs). */
  subject?: { type: string; id: string };
  email?: string;
  /** A JSON object a job's payload contains. */
  payload?: Record<string, unknown>;
  /** A job key, or the start of one. */
  keyPrefix?: string;
}

export function parseSearchQuery(params: RawSearchParams): { ok: true; terms: SearchTerms | null } | { ok: false; error: string } {
  const unstorable = unstorableParam(params);
  if (unstorable) return { ok: false, error: unstorable };
  const parsed = schema.safeParse(params);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  const text = parsed.data.q;
  const terms = text ? termsOf(text) : null;
  // JSON's \u0000 escape passes the raw-text check but yields NUL, which jsonb refuses (22P05): a 500.
  if (terms?.payload !== undefined && holdsNul(terms.payload)) return { ok: false, error: "q: a payload value or key must not contain NUL (\\u0000)" };
  // 1e400 parses to Infinity, which the jsonb containment query would send as null.
  const nonFinite = terms?.payload === undefined ? undefined : findNonFiniteNumber(terms.payload);
  if (nonFinite) return { ok: false, error: `q: the number at ${nonFinite.join(".")} ${nonFiniteProblem}; search for a finite number` };
  return { ok: true, terms };
}

function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === "object") return Object.entries(value).some(([key, item]) => key.includes("\u0000") || holdsNul(item));
  return false;
}

function payloadOf(text: string): Record<string, unknown> | undefined {
  if (text.startsWith("{")) {
    try {
      const value: unknown = JSON.parse(text);
      return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  // name=value: the value as JSON when it is a number, true/false/null or a quoted string, else as text.
  const pair = /^([A-Za-z_][\w.-]{0,99})=(.+)$/.exec(text);
  if (!pair) return undefined;
  let value: unknown = pair[2];
  try {
    value = JSON.parse(pair[2]!);
  } catch {
    // plain text
  }
  return { [pair[1]!]: value };
}

export function termsOf(text: string): SearchTerms {
  const terms: SearchTerms = { text };
  const number = /^(#?)(\d{1,19})$/.exec(text);
  if (number) {
    if (fitsBigint(number[2]!) && BigInt(number[2]!) > 0n) terms.jobId = BigInt(number[2]!);
    if (!number[1] && Number(number[2]) >= 1 && Number(number[2]) <= int4Max) terms.recordId = Number(number[2]);
    return terms;
  }
  if (/^[^\s@]+@[^\s@]+$/.test(text)) {
    terms.email = text.toLowerCase();
    return terms;
  }
  const payload = payloadOf(text);
  if (payload) {
    terms.payload = payload;
    return terms;
  }
  const subject = /^([a-z][\w-]{0,49}):(\S{1,200})$/i.exec(text);
  if (subject) terms.subject = { type: subject[1]!, id: subject[2]! };
  // A key may look like anything (booking:42:remind is both a subject-ish text and a key prefix).
  terms.keyPrefix = text;
  return terms;
}

export function searchHref(text: string): string {
  return `/search?${new URLSearchParams({ q: text }).toString()}`;
}
