// What the engine accepts, checked with zod where input enters (schedule, cancel, move, retry),
// so bad input gets a clear DulyError(INVALID_INPUT) and nothing is written. Each limit exists
// because PostgreSQL would otherwise refuse the value with a raw error, or accept it wrongly:
// - NUL (U+0000) cannot be stored in text or jsonb (22021 / 22P05).
// - A lone UTF-16 surrogate is replaced by U+FFFD on the way in, so two different keys would
//   become the same key and the second call would move the first job.
// - A btree index entry must fit in about 2,700 bytes (54000 "index row requires ... bytes").
// - timestamptz(3) covers 4713 BC to 294276 AD, a JS Date covers ±275760 years: outside a sane
//   range a date comes back as Invalid Date.
// - Backoff is base × 2^(attempt−1): attempts are bounded (and the exponent is capped in SQL).
import { z } from "zod";
import { DulyError, ErrorCode } from "../errors.ts";
import { earliestRunAt, latestRunAt, parseInput, reason as reasonField, reasonLength, runAt as runAtField } from "../validation/fields.ts";

export const limits = {
  /** UTF-8 bytes of a job key. */
  keyBytes: 500,
  /** Characters of a subject type ("booking") and of a subject id ("42"). */
  subjectTypeLength: 64,
  subjectIdLength: 200,
  /** Serialized JSON bytes of a payload. Payloads name records; they do not carry documents. */
  payloadBytes: 256 * 1024,
  /** Attempts a job may be given in all (the retry policy's maxAttempts, plus retries). */
  maxAttempts: 1000,
  /** Attempts one retry may grant. */
  retryGrant: 100,
  /** Characters of who did something, and of why (the reason's rule is lib/validation/fields.ts's). */
  actorLength: 200,
  reasonLength: reasonLength.max,
  /** Run times the engine stores: 1970-01-01 to 2999-12-31 (UTC), the one run-time range (lib/validation/fields.ts). */
  earliestRunAt,
  latestRunAt,
  /** A shift moves jobs by at most this much either way (100 years). */
  maxShiftMs: 100 * 365.25 * 86_400_000,
} as const;

/** A string PostgreSQL stores exactly as given: no NUL, no lone surrogate. */
export function storableText(label: string, maxLength: number) {
  return z
    .string()
    .max(maxLength, `${label} must be at most ${maxLength} characters`)
    .refine((value) => !value.includes("\u0000"), `${label} must not contain a NUL character (U+0000)`)
    .refine((value) => value.isWellFormed(), `${label} must be well-formed Unicode (it holds a lone UTF-16 surrogate)`);
}

export const jobKey = storableText("key", limits.keyBytes)
  .min(1, "key must not be empty")
  .refine((value) => Buffer.byteLength(value, "utf8") <= limits.keyBytes, `key must be at most ${limits.keyBytes} bytes in UTF-8`);

export const subject = z.object({
  type: storableText("subject type", limits.subjectTypeLength).min(1, "subject type must not be empty"),
  id: z.union([
    storableText("subject id", limits.subjectIdLength).min(1, "subject id must not be empty"),
    z.number().int("subject id must be a whole number").safe("subject id must be a safe integer"),
    z.bigint().refine((value) => value.toString().length <= limits.subjectIdLength, `subject id must be at most ${limits.subjectIdLength} digits`),
  ]),
});

/** A run time: the one rule (lib/validation/fields.ts). */
export const runAt = runAtField;

export const maxAttempts = z
  .number()
  .int("maxAttempts must be a whole number")
  .min(1, "maxAttempts must be at least 1")
  .max(limits.maxAttempts, `maxAttempts must be at most ${limits.maxAttempts}`);

export const retryGrant = z
  .number()
  .int("extra attempts must be a whole number")
  .min(1, "extra attempts must be at least 1")
  .max(limits.retryGrant, `extra attempts must be at most ${limits.retryGrant}`);

export const actor = storableText("actor", limits.actorLength).min(1, "actor must not be empty");
/** Why a job was cancelled: the one rule for a reason (lib/validation/fields.ts), as at the API and the dashboard. */
export const reason = reasonField;

export const shiftOffsetMs = z
  .number()
  .int("offset must be a whole number of milliseconds")
  .refine((value) => Math.abs(value) <= limits.maxShiftMs, "offset must be at most 100 years either way");

/**
 * Serializes a parsed payload for storage, refusing what PostgreSQL's jsonb would refuse or
 * alter (NUL, lone surrogates, numbers JSON cannot hold) and payloads over the size limit.
 */
export function payloadJson(value: unknown, jobType: string): string {
  const before = findUnstorable(value, "payload");
  if (before) throw new DulyError(ErrorCode.InvalidPayload, `payload for ${jobType} is invalid: ${before}`);
  const json = JSON.stringify(value ?? null);
  // What is stored is the JSON text, which toJSON() methods may have changed: check that too.
  const after = findUnstorable(JSON.parse(json), "payload (as JSON)");
  if (after) throw new DulyError(ErrorCode.InvalidPayload, `payload for ${jobType} is invalid: ${after}`);
  const bytes = Buffer.byteLength(json, "utf8");
  if (bytes > limits.payloadBytes) {
    throw new DulyError(
      ErrorCode.InvalidPayload,
      `payload for ${jobType} is ${bytes} bytes; the limit is ${limits.payloadBytes} (store large data in a table and put its id in the payload)`,
    );
  }
  return json;
}

function findUnstorable(value: unknown, path: string, depth = 0): string | null {
  if (depth > 64) return `${path}: nested deeper than 64 levels`;
  if (typeof value === "string") return textProblem(value, path);
  if (typeof value === "number") return Number.isFinite(value) ? null : `${path}: ${value} cannot be stored in JSON`;
  if (typeof value === "bigint") return `${path}: a bigint cannot be stored in JSON (use a string)`;
  if (value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = findUnstorable(value[i], `${path}[${i}]`, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? `${path}: Invalid Date` : null;
  for (const [key, child] of Object.entries(value)) {
    const keyProblem = textProblem(key, `${path} key ${JSON.stringify(key.slice(0, 40))}`);
    if (keyProblem) return keyProblem;
    const problem = findUnstorable(child, `${path}.${key}`, depth + 1);
    if (problem) return problem;
  }
  return null;
}

function textProblem(value: string, path: string): string | null {
  if (value.includes("\u0000")) return `${path}: contains a NUL character (U+0000), which PostgreSQL cannot store`;
  if (!value.isWellFormed()) return `${path}: contains a lone UTF-16 surrogate (not well-formed Unicode)`;
  return null;
}

/** Parses `value` with `schema` or throws DulyError(INVALID_INPUT) naming every problem: the one parseInput. */
export const check = parseInput;
