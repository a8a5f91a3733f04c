// A payload search whose JSON holds \u0000 (escaped, so the raw q has no NUL) parses to a string
// with NUL, which jsonb refuses (22P05): the search must refuse it as a bad query (400), not send
// it to the database and answer 500. Keys and nested values alike; other escapes still work.
import { describe, expect, it } from "vitest";
import { parseSearchQuery, termsOf } from "../../../app/search/search-query.ts";

describe("a payload search with an escaped NUL", () => {
  it("is refused as a bad query, in a value, a key, nested, or as name=value", () => {
    for (const q of ['{"a":"\\u0000"}', '{"\\u0000":1}', '{"a":{"b":["x\\u0000y"]}}', 'note="\\u0000"']) {
      const parsed = parseSearchQuery({ q });
      expect(parsed.ok, q).toBe(false);
    }
  });

  it("still reads other escapes and nulls", () => {
    expect(termsOf('{"a":"\\u00e9"}').payload).toEqual({ a: "é" });
    expect(termsOf('{"a":null}').payload).toEqual({ a: null });
    expect(parseSearchQuery({ q: '{"a":[1,2]}' }).ok).toBe(true);
  });
});
