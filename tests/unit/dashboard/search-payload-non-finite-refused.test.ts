// A payload search such as {"a":1e400} parsed to { a: Infinity }, which JSON.stringify writes as
// null: the search then listed the jobs whose payload has "a": null, a match for something the
// operator never typed. A number beyond a double's range is refused as a bad query (400, naming
// where it is), as the API refuses it in a body (lib/api/json-body.ts).
import { describe, expect, it } from "vitest";
import { parseSearchQuery, termsOf } from "../../../app/search/search-query.ts";

describe("a payload search with a number too large for a double", () => {
  it("is refused as a bad query naming where, in an object, nested, negative, or as name=value", () => {
    const cases: Array<[string, string]> = [
      ['{"a":1e400}', "a"],
      ['{"a":{"b":[1,-1e400]}}', "a.b.1"],
      ["amount=1E+999", "amount"],
    ];
    for (const [q, where] of cases) {
      const parsed = parseSearchQuery({ q });
      expect(parsed.ok, q).toBe(false);
      if (!parsed.ok) expect(parsed.error).toBe(`q: the number at ${where} is too large (beyond ±1.8e308, it reads as Infinity); search for a finite number`);
    }
  });

  it("still reads large finite numbers and nulls", () => {
    expect(termsOf('{"a":1e308}').payload).toEqual({ a: 1e308 });
    expect(parseSearchQuery({ q: '{"a":null}' }).ok).toBe(true);
    expect(parseSearchQuery({ q: "amount=12" }).ok).toBe(true);
  });
});
