// What the header's search box reads a text as (app/search/search-query.ts): each kind of
// reference an operator pastes, and the limits on q (the proxy answers a bad one 400).
import { describe, expect, it } from "vitest";
import { parseSearchQuery, termsOf } from "../../../app/search/search-query.ts";

describe("the search box's text", () => {
  it("reads #123 as a job only, and a bare 123 as a job, a booking or a dispute", () => {
    expect(termsOf("#123")).toEqual({ text: "#123", jobId: 123n });
    expect(termsOf("123")).toEqual({ text: "123", jobId: 123n, recordId: 123 });
    // Past int4: only a job can have it; past int8: nothing.
    expect(termsOf("3000000000")).toEqual({ text: "3000000000", jobId: 3000000000n });
    expect(termsOf("9999999999999999999")).toEqual({ text: "9999999999999999999" });
  });

  it("reads an email, lower-cased", () => {
    expect(termsOf("Ana@Example.test")).toEqual({ text: "Ana@Example.test", email: "ana@example.test" });
  });

  it("reads a payload value as JSON or as name=value", () => {
    expect(termsOf('{"bookingId": 42}').payload).toEqual({ bookingId: 42 });
    expect(termsOf("bookingId=42").payload).toEqual({ bookingId: 42 });
    expect(termsOf("note=hello there").payload).toEqual({ note: "hello there" });
    expect(termsOf('note="42"').payload).toEqual({ note: "42" });
    expect(termsOf("[1]").payload).toBeUndefined(); // not an object: a key prefix
  });

  it("reads type:id as a business record and as a key prefix", () => {
    expect(termsOf("booking:42")).toEqual({ text: "booking:42", subject: { type: "booking", id: "42" }, keyPrefix: "booking:42" });
    expect(termsOf("nightly-report")).toEqual({ text: "nightly-report", keyPrefix: "nightly-report" });
  });

  it("refuses a q longer than 300 characters or with NUL, and trims it", () => {
    expect(parseSearchQuery({ q: "x".repeat(301) }).ok).toBe(false);
    expect(parseSearchQuery({ q: "a\u0000b" }).ok).toBe(false);
    expect(parseSearchQuery({ q: ["a", "b"] }).ok).toBe(false);
    expect(parseSearchQuery({ q: "  #7 " })).toEqual({ ok: true, terms: { text: "#7", jobId: 7n } });
    expect(parseSearchQuery({})).toEqual({ ok: true, terms: null });
    expect(parseSearchQuery({ q: "   " })).toEqual({ ok: true, terms: null });
  });
});
