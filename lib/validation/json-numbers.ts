// JSON text has no Infinity, yet a number written past a double's range (`1e400`, `-1E+999`) is
// valid JSON that JSON.parse reads as ±Infinity, and JSON.stringify writes Infinity back as
// `null`. So a parsed value holding one is not what was sent: an idempotency digest or a jsonb
// search would read it as null (a payload search for {"a":1e400} listed the jobs whose "a" is
// null). Every door that parses JSON from outside refuses such a number where it is, before a
// schema, a digest or the database sees it.
import { firstInJson, type JsonPath } from "./json-tree.ts";

/** The path of the first non-finite number in a parsed JSON value, or undefined. */
export function findNonFiniteNumber(value: unknown, path: JsonPath = []): JsonPath | undefined {
  return firstInJson(value, path, (item, at) => (typeof item === "number" && !Number.isFinite(item) ? at : undefined));
}

/** What is wrong with such a number, for messages ("the number at a.b is too large …"). */
export const nonFiniteProblem = "is too large (beyond ±1.8e308, it reads as Infinity)";
