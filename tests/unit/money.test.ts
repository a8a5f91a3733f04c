// Money on screen and typed by operators (a partial refund): exact minor units, the currency's own
// number of decimals, and anything that is not a plain amount refused rather than guessed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyDigits, formatMinor, parseMajorAmount } from "../../lib/format/money.ts";

describe("formatMinor", () => {
  it("shows the currency's decimals, grouped thousands and the sign", () => {
    expect(formatMinor(1234, "EUR")).toBe("12.34 EUR");
    expect(formatMinor(125_000, "EUR")).toBe("1,250.00 EUR");
    expect(formatMinor(5, "EUR")).toBe("0.05 EUR");
    expect(formatMinor(-1234, "EUR")).toBe("-12.34 EUR");
    expect(formatMinor(1234, "JPY")).toBe("1,234 JPY");
    expect(formatMinor(1234, "BHD")).toBe("1.234 BHD");
  });

  it("never rounds: 2^53 - 1 minor units are shown digit for digit", () => {
    expect(formatMinor(Number.MAX_SAFE_INTEGER, "EUR")).toBe("90,071,992,547,409.91 EUR");
  });
});

describe("parseMajorAmount", () => {
  it("reads what a person types, exactly", () => {
    expect(parseMajorAmount("12.5", "EUR")).toBe(1250);
    expect(parseMajorAmount(" 12,50 ", "EUR")).toBe(1250);
    expect(parseMajorAmount("0.1", "EUR")).toBe(10);
    expect(parseMajorAmount("1234", "JPY")).toBe(1234);
  });

  it("refuses what is not a plain non-negative amount in that currency", () => {
    for (const text of ["", "-1", "1.234", "1e3", "0x10", "12.5.1", "١٢", "12 EUR", "NaN", "Infinity", "1\u00000"]) {
      expect(parseMajorAmount(text, "EUR"), JSON.stringify(text)).toBeNull();
    }
    expect(parseMajorAmount("1.5", "JPY")).toBeNull();
  });

  // Up to twelve digits before the point (what parseMajorAmount reads): 10^12 - 1 JPY is the largest.
  it("round-trips every amount it formats without grouping", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 - 1 }), fc.constantFrom("EUR", "JPY", "BHD", "USD"), (minor, currency) => {
        const text = formatMinor(minor, currency).replace(/,/g, "").split(" ")[0]!;
        expect(parseMajorAmount(text, currency)).toBe(minor);
        expect(currencyDigits(currency)).toBe(currency === "JPY" ? 0 : currency === "BHD" ? 3 : 2);
      }),
    );
  });
});
