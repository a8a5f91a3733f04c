// Money on screen and typed by operators (a partial refund): exact minor units, the currency's own
// number of decimals, and one rule for typed amounts that agrees with how every page prints them:
// the point is the decimal mark; a comma only separates thousands, and only in an amount typed
// exactly as the page prints it. Anything else is refused with the ways to type what it might mean.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMinor, plainAmount, printedAmount, readTypedAmount } from "../../../lib/format/money.ts";
import { currencyCodes, minorDigits } from "../../../lib/money/currencies.ts";

const minor = (text: string, currency: string) => {
  const read = readTypedAmount(text, currency);
  return read.ok ? read.minor : null;
};
const refusal = (text: string, currency: string) => {
  const read = readTypedAmount(text, currency);
  if (read.ok) throw new Error(`${JSON.stringify(text)} ${currency} was read as ${read.minor}, not refused`);
  return read.message;
};

/**
 * Every code Intl.supportedValuesOf("currency") lists (those the rule refuses too, such as HRK or
 * XDR: rows stored before it still show and are typed) and every accepted one (CLF, UYW).
 */
const everyCurrency = [...new Set([...Intl.supportedValuesOf("currency"), ...currencyCodes])];

/** Any amount up to 2^53 - 1 minor units, with small ones (and round ones) well represented. */
const amounts = fc.oneof(
  fc.integer({ min: 0, max: 10_000 }),
  fc.integer({ min: 0, max: 10_000_000 }),
  fc.integer({ min: 0, max: 1_000 }).map((n) => n * 1000),
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
);

describe("formatMinor", () => {
  it("shows the currency's decimals, grouped thousands and the sign", () => {
    expect(formatMinor(1234, "EUR")).toBe("12.34 EUR");
    expect(formatMinor(125_000, "EUR")).toBe("1,250.00 EUR");
    expect(formatMinor(5, "EUR")).toBe("0.05 EUR");
    expect(formatMinor(-1234, "EUR")).toBe("-12.34 EUR");
    expect(formatMinor(1234, "JPY")).toBe("1,234 JPY");
    expect(formatMinor(1234, "BHD")).toBe("1.234 BHD");
    expect(formatMinor(1_234_500, "KWD")).toBe("1,234.500 KWD");
    expect(formatMinor(12_345_678, "CLF")).toBe("1,234.5678 CLF");
  });

  it("prints ISO 4217's digits, not ICU's: IQD with 3 decimals, HUF with 2", () => {
    // ICU (CLDR) formats IQD and HUF without decimals; the amount is in ISO's minor units.
    expect(new Intl.NumberFormat("en", { style: "currency", currency: "IQD" }).resolvedOptions().maximumFractionDigits).toBe(0);
    expect(formatMinor(1234, "IQD")).toBe("1.234 IQD");
    expect(formatMinor(1_234_000, "IQD")).toBe("1,234.000 IQD");
    expect(formatMinor(123_456, "HUF")).toBe("1,234.56 HUF");
  });

  it("never rounds: 2^53 - 1 minor units are shown digit for digit, in every number of decimals", () => {
    expect(formatMinor(Number.MAX_SAFE_INTEGER, "EUR")).toBe("90,071,992,547,409.91 EUR");
    expect(formatMinor(Number.MAX_SAFE_INTEGER, "JPY")).toBe("9,007,199,254,740,991 JPY");
    expect(formatMinor(Number.MAX_SAFE_INTEGER, "KWD")).toBe("9,007,199,254,740.991 KWD");
    expect(formatMinor(Number.MAX_SAFE_INTEGER, "CLF")).toBe("900,719,925,474.0991 CLF");
    // 10^k·n − 1 divided in floating point rounds up to n: the whole part must not.
    expect(formatMinor(9_999_999_999_999, "CLF")).toBe("999,999,999.9999 CLF");
  });

  it("shows the plain form the refusals suggest: no grouping, no trailing zeros", () => {
    expect(plainAmount(1_234_500, "KWD")).toBe("1234.5");
    expect(plainAmount(1_234_000, "KWD")).toBe("1234");
    expect(plainAmount(1234, "KWD")).toBe("1.234");
    expect(plainAmount(1234, "JPY")).toBe("1234");
    expect(printedAmount(1_234_500, "KWD")).toBe("1,234.500");
  });
});

describe("readTypedAmount: typing the page's own rendering", () => {
  it("yields exactly that amount, in every currency the runtime knows, for random amounts (printed, with or without its code, or plain)", () => {
    expect(everyCurrency.length).toBe(164);
    for (const currency of everyCurrency) {
      fc.assert(
        fc.property(amounts, (amount) => {
          expect(minor(formatMinor(amount, currency), currency)).toBe(amount);
          expect(minor(printedAmount(amount, currency), currency)).toBe(amount);
          expect(minor(plainAmount(amount, currency), currency)).toBe(amount);
        }),
        { numRuns: 60 },
      );
    }
  });

  it("never yields another amount: whatever is typed, an amount read is the only reading of the text", () => {
    const currencies = fc.constantFrom(...everyCurrency);
    const typed = fc.array(fc.constantFrom(..."0123456789,.,.0 1".split("")), { minLength: 1, maxLength: 14 }).map((chars) => chars.join(""));
    fc.assert(
      fc.property(typed, currencies, (text, currency) => {
        const read = readTypedAmount(text, currency);
        if (!read.ok) {
          expect(read.message.length).toBeGreaterThan(0);
          return;
        }
        const trimmed = text.trim();
        if (trimmed.includes(",")) {
          // A comma is accepted only in the page's own rendering of that very amount.
          expect(trimmed).toBe(printedAmount(read.minor, currency));
        } else {
          // Without one, the point is the decimal mark: the text's value is the amount, exactly.
          const [whole = "", fraction = ""] = trimmed.split(".");
          const digits = minorDigits(currency);
          expect(fraction.length).toBeLessThanOrEqual(digits);
          expect(BigInt(read.minor)).toBe(BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, "0") || "0"));
        }
      }),
      { numRuns: 20_000 },
    );
  });
});

describe("readTypedAmount: what is refused, and the message says how to type it", () => {
  it("a comma-grouped amount without the page's decimals in a three-decimal currency: 1,234 could be 1.234 or 1234", () => {
    // The defect: "1,234" on a KWD dispute was read as 1.234 KWD (1,234 fils), a thousandth of 1,234.000 KWD.
    const message = refusal("1,234", "KWD");
    expect(message).toContain("for 1,234.000 KWD type 1,234.000 or 1234");
    expect(message).toContain("for 1.234 KWD type 1.234");
    expect(refusal("1,234", "CLF")).toContain("for 1.2340 CLF type 1.2340 or 1.234");
  });

  it("grouped amounts carry all the currency's decimals, as printed; plain ones have no commas", () => {
    expect(refusal("1,234.5", "KWD")).toBe('"1,234.5" is not an amount as this page writes KWD: type 1,234.500 or 1234.5 (the point marks decimals; a comma only separates thousands, as the page prints amounts)');
    expect(refusal("1,234", "EUR")).toContain("type 1,234.00 or 1234");
    expect(refusal("1,23", "EUR")).toContain("type 1.23");
    expect(refusal("12,50", "EUR")).toContain("type 12.50 or 12.5");
    expect(refusal("1.234,5", "KWD")).toContain("type 1,234.500 or 1234.5");
    expect(refusal("1234,5", "KWD")).toContain("type 1,234.500 or 1234.5");
    expect(refusal("12,3456", "KWD")).toMatch(/KWD has 3 decimals/);
    expect(refusal("1,2,3", "EUR")).toMatch(/type .*1,234.50 or 1234.5/);
  });

  it("more decimals than the currency has; a point in a currency without decimals", () => {
    expect(refusal("1.2345", "KWD")).toMatch(/^KWD has 3 decimals/);
    expect(refusal("1.5", "JPY")).toMatch(/^JPY has no decimals/);
    // "1.234" in EUR can only mean one thousand two hundred and thirty-four, grouped with a point.
    expect(refusal("1.234", "EUR")).toContain("for 1,234.00 EUR type 1,234.00 or 1234");
  });

  it("reads what has one reading: the page's form, the plain form, and the page's text with its own code", () => {
    expect(minor("1,234", "JPY")).toBe(1234);
    expect(minor("1.234", "KWD")).toBe(1234);
    expect(minor("1,234.500", "KWD")).toBe(1_234_500);
    expect(minor(" 1,234.500 KWD ", "KWD")).toBe(1_234_500);
    expect(minor("1234.5", "KWD")).toBe(1_234_500);
    expect(minor("0.0001", "CLF")).toBe(1);
    expect(minor("1.234", "IQD")).toBe(1234);
    expect(minor("1,234.500 IQD", "IQD")).toBe(1_234_500);
    expect(minor("12.5", "HUF")).toBe(1250);
    expect(minor("12.5", "EUR")).toBe(1250);
    expect(minor("0", "EUR")).toBe(0);
    expect(minor("9,007,199,254,740,991", "JPY")).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses what is not an amount at all, too large, another currency's code, or a sign", () => {
    for (const text of ["", " ", "abc", "1e3", "0x10", "12.5.1", "١٢", "NaN", "Infinity", "1\u00000", "1 2", "+5", "1_000", ".", ",", "1'234.50", "1 234,50"]) {
      expect(refusal(text, "EUR").length, JSON.stringify(text)).toBeGreaterThan(0);
    }
    expect(refusal("-5", "EUR")).toMatch(/without a sign/);
    expect(refusal("1,234.500 EUR", "KWD")).toMatch(/in KWD, not EUR/);
    expect(refusal("9,007,199,254,740,992", "JPY")).toMatch(/too large/);
    expect(refusal("1".repeat(200), "EUR")).toMatch(/too large|too long/);
  });
});
