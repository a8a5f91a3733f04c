// The display zone arrives in a cookie anyone can set (the sign-in page reads it too). Zone
// names are case-insensitive, so one zone has thousands of spellings; each must not cost the
// server a new cached formatter, or a signed-out client grows its memory without bound.
import { describe, expect, it } from "vitest";
import { cachedFormatterCount, formatInZone } from "../../../lib/time/zoned-time.ts";
import { isTimeZone } from "../../../lib/validation/fields.ts";

/** The i-th of 2^n upper/lower-case spellings of `name`. */
function spelling(name: string, i: number): string {
  return [...name].map((char, j) => ((i >> (j % 20)) & 1 ? char.toUpperCase() : char.toLowerCase())).join("");
}

describe("zone formatter cache", () => {
  it("does not grow with the spellings of one zone", () => {
    const zone = "America/Argentina/ComodRivadavia";
    expect(isTimeZone(zone)).toBe(true);
    const before = cachedFormatterCount();
    for (let i = 0; i < 500; i++) {
      const variant = spelling(zone, i);
      expect(isTimeZone(variant)).toBe(true);
      formatInZone(new Date("2026-12-05T12:00:00Z"), variant);
    }
    expect(cachedFormatterCount() - before).toBeLessThanOrEqual(1);
  });

  it("still formats a differently spelt zone as that zone", () => {
    expect(formatInZone(new Date("2026-12-05T12:00:00Z"), "europe/BERLIN")).toBe("2026-12-05 13:00:00 europe/BERLIN (+01:00)");
  });
});
