// Which currencies an amount may be in (lib/money/currencies.ts): the ISO 4217 codes the runtime's
// ICU knows, each with ICU's own number of minor digits. Also a check that this runtime's ICU
// says what docs/marketplace.md ("Money") says it says, so an ICU upgrade that changes it fails
// here rather than in a customer's refund.
import { describe, expect, it } from "vitest";
import { currencyCode, currencyCodes, isCurrencyCode, minorDigits, unitsOfAccount } from "../../lib/money/currencies.ts";
import { currency as marketplaceCurrency } from "../../lib/marketplace/inputs.ts";

describe("the accepted currencies", () => {
  it("are the runtime's Intl.supportedValuesOf('currency') and the four-digit units of account ICU knows, nothing else", () => {
    const runtime = Intl.supportedValuesOf("currency");
    expect([...currencyCodes].sort()).toEqual([...new Set([...runtime, ...unitsOfAccount])].sort());
    for (const code of currencyCodes) expect(code).toMatch(/^[A-Z]{3}$/);
    // The units of account are real ISO 4217 codes ICU formats with four digits and names, but
    // V8 lists only ICU's "common" codes (ucurr_openISOCurrencies(UCURR_COMMON | UCURR_NON_DEPRECATED)).
    const names = new Intl.DisplayNames("en", { type: "currency", fallback: "none" });
    expect(unitsOfAccount.map((code) => [code, names.of(code)])).toEqual([
      ["CLF", "Chilean Unit of Account (UF)"],
      ["UYW", "Uruguayan Nominal Wage Index Unit"],
    ]);
  });

  it("have ICU's minor digits: 0, 2, 3 and 4 all occur (JPY 0, USD 2, KWD 3, CLF 4)", () => {
    expect(Object.fromEntries(["JPY", "KRW", "ISK", "USD", "EUR", "GBP", "KWD", "BHD", "TND", "CLF", "UYW"].map((code) => [code, minorDigits(code)]))).toEqual({
      JPY: 0, KRW: 0, ISK: 0, USD: 2, EUR: 2, GBP: 2, KWD: 3, BHD: 3, TND: 3, CLF: 4, UYW: 4,
    });
    expect(new Set(currencyCodes.map(minorDigits))).toEqual(new Set([0, 2, 3, 4]));
  });

  it("match what docs/marketplace.md records for this runtime's ICU (the three-decimal ones; CLDR's digits, not ISO's, where they differ)", () => {
    expect(currencyCodes.filter((code) => minorDigits(code) === 3)).toEqual(["BHD", "JOD", "KWD", "LYD", "OMR", "TND"]);
    // CLDR (ICU's source) gives IQD 0 where ISO 4217 says 3: amounts are shown and typed as ICU says, everywhere.
    expect(minorDigits("IQD")).toBe(0);
    expect(process.versions.icu).toMatch(/^\d+\./);
  });
});

describe("the currency schema (every input where an amount enters)", () => {
  it("accepts every accepted code, and the marketplace's inputs use it", () => {
    for (const code of currencyCodes) {
      expect(currencyCode.safeParse(code).success, code).toBe(true);
      expect(isCurrencyCode(code)).toBe(true);
    }
    expect(marketplaceCurrency).toBe(currencyCode);
  });

  it("refuses codes that are no currency the runtime knows, lower case, and anything else, saying what is expected", () => {
    const refused = ["ZZZ", "BTC", "ETH", "XXX", "XTS", "XAU", "XAG", "XPT", "XPD", "XBA", "XUA", "DEM", "EURO", "EU", "", " EUR", "EUR ", "€", 978, null, ["EUR"]];
    for (const value of refused) {
      const parsed = currencyCode.safeParse(value);
      expect(parsed.success, JSON.stringify(value)).toBe(false);
      expect(parsed.error!.issues[0]!.message, JSON.stringify(value)).toMatch(/ISO 4217/);
      if (typeof value === "string") expect(isCurrencyCode(value)).toBe(false);
    }
    expect(currencyCode.safeParse("kwd").error!.issues[0]!.message).toBe('expected an ISO 4217 currency code in capitals: "KWD", not "kwd"');
    expect(currencyCode.safeParse("ZZZ").error!.issues[0]!.message).toMatch(/^"ZZZ" is not an ISO 4217 currency code this server knows/);
  });

  it("names the digits of codes it does not accept as ICU would format them, so stored rows still show", () => {
    expect(minorDigits("ZZZ")).toBe(2);
    expect(minorDigits("not a code")).toBe(2);
  });
});
