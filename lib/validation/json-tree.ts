// One depth-first walk over a parsed JSON value, for the checks that refuse what a value holds
// (unstorable text, numbers past a double's range) and must name where it is.

export type JsonPath = (string | number)[];

/**
 * The first answer of `visit` (every value, before its children) or `visitKey` (every object key,
 * before its value), in document order; undefined when neither answers.
 */
export function firstInJson<T>(
  value: unknown,
  path: JsonPath,
  visit: (value: unknown, path: JsonPath) => T | undefined,
  visitKey?: (key: string, path: JsonPath) => T | undefined,
): T | undefined {
  const found = visit(value, path);
  if (found !== undefined) return found;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const inItem = firstInJson(item, [...path, index], visit, visitKey);
      if (inItem !== undefined) return inItem;
    }
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const atKey = visitKey?.(key, [...path, key]);
      if (atKey !== undefined) return atKey;
      const inItem = firstInJson(item, [...path, key], visit, visitKey);
      if (inItem !== undefined) return inItem;
    }
  }
  return undefined;
}
