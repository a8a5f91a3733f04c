// JSON text has no Infinity, yet a number written past a double's range (`1e400`, `-1E+999`) is
// valid JSON that JSON.parse reads as ±Infinity, and JSON.stringify writes Infinity back as
// `null`. So a parsed value holding one is not what was sent: an idempotency digest or a jsonb
// search would read it as null (a payload search for {"a":1e400} listed the jobs whose "a" is
// null). Every door that parses JSON from outside refuses such a number where it is, before a
// schema, a digest or the database sees it.

/** The path of the first non-finite number in a parsed JSON value, or undefined. */
export function findNonFiniteNumber(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNonFiniteNumber(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = findNonFiniteNumber(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** What is wrong with such a number, for messages ("the number at a.b is too large …"). */
export const nonFiniteProblem = "is too large (beyond ±1.8e308, it reads as Infinity)";
