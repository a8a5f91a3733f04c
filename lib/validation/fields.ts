// One vocabulary for the fields that reach Duly from outside: a time zone, a reason, a record id,
// a run time, a status, and the one way a use case parses its input. Each rule is written here
// once and imported by every door the field comes through: the API (lib/api, the marketplace's
// and quotas' input schemas), the dashboard's forms and URLs (lib/operations, app/) and the
// engine (lib/scheduler/limits.ts). When each door kept its own copy they disagreed: a reason
// of two characters went through the API and the engine and was refused by the dashboard, a run
// time in year 5000 went into the engine and not through a form, "CET" was a time zone to the
// dashboard and the quotas and not to the API. tests/integration/api/field-vocabulary.test.ts gives
// every door the same bad input and expects the same answer.
import { z } from "zod";
import { BookingStatus, DisputeStatus, JobStatus, MoveRequestStatus } from "../db/generated/enums.ts";
import { DulyError, ErrorCode } from "../errors.ts";
import { runtimeKnowsZone } from "../time/zoned-time.ts";
import { describeIssues } from "./describe-issues.ts";

// ---------------------------------------------------------------------------------------------
// Time zones

const regionName = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)+$/;

/**
 * A time zone is an IANA region name, "Area/Location" ("Europe/Berlin",
 * "America/Argentina/Buenos_Aires", "Etc/UTC"), or "UTC", that this runtime knows.
 *
 * Why region names only: one zone is read by two clocks' rules. ICU (formatting, the local times
 * typed in forms, an account's local date) and PostgreSQL (AT TIME ZONE: the quota sweep's local
 * days, the overview's days) agree on region names. They disagree on the rest: PostgreSQL reads a
 * bare name such as "CET", "EST" or "MET" as a fixed abbreviation first (CET is +01:00 all summer
 * there and +02:00 in ICU, so an account in "CET" would be reset an hour off its displayed
 * midnight), and a POSIX string such as "UTC+5" as five hours WEST of UTC, which ICU refuses
 * outright. Three rules existed before (any name ICU accepts; names with a "/" or "UTC"; names
 * shaped like a region); this is the second, which was the only one that kept both clocks in step.
 *
 * A name IANA has retired for a renamed zone ("Asia/Calcutta", now "Asia/Kolkata") passes: both
 * clocks read it as the same zone, and old rows, cookies and API callers use it. It is kept as
 * given; ./zone-names.ts gives the current name the dashboard shows and offers.
 */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  if (zone !== "UTC" && !regionName.test(zone)) return false;
  return runtimeKnowsZone(zone);
}

export const timeZoneMessage = "expected a time zone such as Europe/Berlin or UTC";
export const timeZone = z.string({ error: timeZoneMessage }).refine(isTimeZone, timeZoneMessage);

// ---------------------------------------------------------------------------------------------
// Reasons

/**
 * Why someone did something (an operator's action, a customer's cancellation, an engine cancel):
 * trimmed, 3 to 2,000 characters, no control characters but tab and line breaks, well-formed.
 *
 * At least 3 characters, not 1: a reason is kept for whoever reads the audit log, the cancelled
 * job or the dispute later, and one or two characters ("x", "ok", "?") are what people type to get
 * past a required field; they say nothing, so they count as missing. Every reason the code writes
 * itself ("paid", "accepted", "dispute opened") is longer. At most 2,000: the longest any door
 * took (a dispute's reason, the engine's cancel reason); 500 for a booking's cancellation was a
 * copy that refused through the dashboard what the dashboard's own form had accepted.
 * Control characters (a bell, an escape) cannot be typed in a form and garble a log line or a
 * terminal; NUL cannot be stored at all; a lone surrogate would be stored as U+FFFD.
 */
export const reasonLength = { min: 3, max: 2000 } as const;

export const reason = z
  .string({ error: "a reason is required" })
  .trim()
  .min(reasonLength.min, `a reason is required (at least ${reasonLength.min} characters)`)
  .max(reasonLength.max, `at most ${reasonLength.max} characters`)
  .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value), "must not contain NUL or other control characters")
  .refine((value) => value.isWellFormed(), "must not contain a lone UTF-16 surrogate");

/** `text` cut to a reason's length (for a reason built from another: "booking cancelled: <why>"), never inside a surrogate pair. */
export function cutToReasonLength(text: string): string {
  if (text.length <= reasonLength.max) return text;
  const cut = text.slice(0, reasonLength.max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** A reason that may be left out: missing, empty or only spaces is no reason (a form sends every field). */
export const optionalReason = z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), reason.optional());

// ---------------------------------------------------------------------------------------------
// Record ids

/** PostgreSQL's int4 and int8: serial and bigserial ids stop here. */
export const int4Max = 2_147_483_647;
export const int8Max = 9_223_372_036_854_775_807n;

/** Whether decimal `text` fits a PostgreSQL bigint (19 digits can exceed it: 9999999999999999999). */
export function fitsBigint(text: string): boolean {
  return /^\d{1,19}$/.test(text) && BigInt(text) <= int8Max;
}

/** A serial id (bookings, disputes, chefs, customers: int4) as a JSON number. */
export const serialId = z.number().int().positive().max(int4Max);

/** A serial id as text (a form field, a path segment), read as a number; `what` names it in the message ("a booking id"). */
export const serialIdText = (what: string) =>
  z
    .string({ error: `expected ${what}` })
    .regex(/^[1-9]\d{0,9}$/, `expected ${what}`)
    .transform(Number)
    .refine((id) => id <= int4Max, `expected ${what} (at most ${int4Max})`);

/** A bigserial id (jobs, quota accounts: int8) as text, read as a bigint. */
export const bigserialIdText = (what: string) =>
  z
    .string({ error: `expected ${what}` })
    .regex(/^[1-9]\d{0,18}$/, `expected ${what}`)
    .refine(fitsBigint, `expected ${what} (at most ${int8Max})`)
    .transform((value) => BigInt(value));

// ---------------------------------------------------------------------------------------------
// Run times

/**
 * The instants a job may run at, and any instant a person types or a URL carries: 1970-01-01
 * to the end of 2999 (UTC). The engine stored up to 9999 while forms and URLs stopped at 2999;
 * 2999 is the bound that is right for all of them: recurring schedules are computed up to the
 * year 3000 (croner's range), and an instant past 9999-12-31 UTC is a five-digit year in every
 * zone east of UTC, which neither the local-time parser of the forms nor ISO 8601 without an
 * extension reads back. Nothing Duly schedules is more than a few years ahead, so a later time
 * is a typo.
 */
export const earliestRunAt = new Date("1970-01-01T00:00:00.000Z");
export const latestRunAt = new Date("2999-12-31T23:59:59.999Z");
export const runTimeRange = "between 1970 and 2999";

export function inRunTimeRange(instant: Date): boolean {
  return !Number.isNaN(instant.getTime()) && instant >= earliestRunAt && instant <= latestRunAt;
}

/** A run time as a Date (what the engine is handed). */
export const runAt = z
  .instanceof(Date, { error: "runAt must be a Date" })
  .refine((value) => !Number.isNaN(value.getTime()), "runAt is an Invalid Date")
  .refine(inRunTimeRange, `runAt must be ${runTimeRange} (UTC)`);

/** A calendar day a page's URL names (the overview's day, the audit log's window): the days of the run-time range. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date such as 2026-12-05")
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), "expected a date that exists")
  .refine((day) => day >= "1970-01-01" && day <= "2999-12-31", `expected a date ${runTimeRange}`);

// ---------------------------------------------------------------------------------------------
// Statuses: the database's own enums (prisma/schema.prisma), so a status added there is known
// everywhere at once.

const valuesOf = <T extends Record<string, string>>(values: T) => Object.values(values) as [T[keyof T], ...Array<T[keyof T]>];

export const jobStatuses = valuesOf(JobStatus);
export const bookingStatuses = valuesOf(BookingStatus);
export const disputeStatuses = valuesOf(DisputeStatus);
export const moveRequestStatuses = valuesOf(MoveRequestStatus);

export const jobStatus = z.enum(jobStatuses);
export const bookingStatus = z.enum(bookingStatuses);
export const disputeStatus = z.enum(disputeStatuses);
export const moveRequestStatus = z.enum(moveRequestStatuses);

// ---------------------------------------------------------------------------------------------
// Metadata: an integrator's own ids on a record, as Stripe's (issue 14, item 9)

export const metadataLimits = { keys: 20, keyLength: 40, valueLength: 500 } as const;
const noControl = (text: string) => !/[\u0000-\u001f\u007f]/.test(text) && text.isWellFormed();
const metadataKey = z
  .string()
  .min(1)
  .max(metadataLimits.keyLength, `a metadata key is at most ${metadataLimits.keyLength} characters`)
  .refine(noControl, "a metadata key has no control characters")
  .refine((key) => !["__proto__", "constructor", "prototype"].includes(key), "a metadata key may not be __proto__, constructor or prototype");
const metadataValue = z
  .string()
  .max(metadataLimits.valueLength, `a metadata value is at most ${metadataLimits.valueLength} characters`)
  .refine((text) => !text.includes("\u0000") && text.isWellFormed(), "a metadata value has no NUL or lone surrogate");
const fewKeys = (record: Record<string, unknown>) => Object.keys(record).length <= metadataLimits.keys;
const tooMany = `at most ${metadataLimits.keys} metadata keys`;

/** Metadata as stored and as set when a record is created: string keys to string values. */
export const metadata = z.record(metadataKey, metadataValue).refine(fewKeys, tooMany).meta({
  id: "Metadata",
  description: `Your own keys and values (an order id, a CRM reference): at most ${metadataLimits.keys} keys of up to ${metadataLimits.keyLength} characters, values of up to ${metadataLimits.valueLength}. Whoever may read the record reads them: keep no secrets here.`,
  example: { order_id: "A-1042" },
});

/** A change to metadata: each key set to its value; an empty string or null removes the key. */
export const metadataUpdate = z.record(metadataKey, metadataValue.nullable()).refine(fewKeys, tooMany).meta({
  description: "Keys to set; a key set to \"\" or null is removed; keys left out are kept.",
  example: { order_id: "A-1042", old_ref: "" },
});

/** `current` with `update` applied (Stripe's rule: "" or null removes a key). */
export function mergeMetadata(current: Record<string, string>, update: Record<string, string | null>): Record<string, string> {
  const merged: Record<string, string> = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null || value === "") delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

// Parsing

/**
 * Parses input from outside with `schema`, or throws DulyError(INVALID_INPUT) naming every
 * problem after `what` (the use case or the engine operation): nothing is written. An issue with
 * the value as a whole (a reason that is too short, a runAt out of range) is called "value".
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown, what: string): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new DulyError(ErrorCode.InvalidInput, `${what}: ${describeIssues(parsed.error, { root: "value" })}`);
  return parsed.data;
}
