// Which currencies an amount may be in (lib/money/currencies.ts): the current ISO 4217 codes the
// runtime knows, each with ISO 4217's own number of minor digits, not ICU's (CLDR's). Also a check
// that this runtime's ICU and the pinned ISO list say what docs/marketplace.md ("Currencies") says,
// so an ICU or package upgrade that changes it fails here rather than in a customer's refund.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { data as isoList } from "currency-codes";
import { describe, expect, it } from "vitest";
import { currencyCode, currencyCodes, isCurrencyCode, isoListDate, minorDigits, noMinorUnit, unitsOfAccount } from "../../../lib/money/currencies.ts";
import { currency as marketplaceCurrency } from "../../../lib/marketplace/inputs.ts";

const icuDigits = (code: string) => new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits;
const byDigits = (digits: number) => currencyCodes.filter((code) => minorDigits(code) === digits);

/** ISO's own XML as the package ships it: code -> minor units as ISO writes them ("2", "N.A."). */
function isoXmlMinorUnits(): Map<string, string> {
  const xml = readFileSync(createRequire(import.meta.url).resolve("currency-codes/iso-4217-list-one.xml"), "utf8");
  const units = new Map<string, string>();
  for (const entry of xml.split("<CcyNtry>").slice(1)) {
    const code = /<Ccy>([A-Z]{3})<\/Ccy>/.exec(entry)?.[1];
    const minor = /<CcyMnrUnts>([^<]*)<\/CcyMnrUnts>/.exec(entry)?.[1];
    if (code && minor) units.set(code, minor);
  }
  return units;
}

describe("the accepted currencies", () => {
  it("are the current ISO 4217 codes with a minor unit that the runtime knows (Intl.supportedValuesOf and the four-digit units of account), nothing else", () => {
    const runtime = new Set([...Intl.supportedValuesOf("currency"), ...unitsOfAccount]);
    const iso = isoList.map((entry) => entry.code).filter((code) => !(noMinorUnit as readonly string[]).includes(code));
    expect([...currencyCodes]).toEqual(iso.filter((code) => runtime.has(code)).sort());
    expect(currencyCodes.length).toBe(158);
    for (const code of currencyCodes) expect(code).toMatch(/^[A-Z]{3}$/);
    // The units of account are real ISO 4217 codes ICU formats with four digits and names, but
    // V8 lists only ICU's "common" codes (ucurr_openISOCurrencies(UCURR_COMMON | UCURR_NON_DEPRECATED)).
    const names = new Intl.DisplayNames("en", { type: "currency", fallback: "none" });
    expect(unitsOfAccount.map((code) => [code, names.of(code)])).toEqual([
      ["CLF", "Chilean Unit of Account (UF)"],
      ["UYW", "Uruguayan Nominal Wage Index Unit"],
    ]);
  });

  it("refuse what ICU lists but ISO 4217 has withdrawn, has no minor unit for, or had not published in the pinned list", () => {
    const listed = Intl.supportedValuesOf("currency");
    // Withdrawn (kuna 2023, old leone, Zimbabwe dollar 2024), and XCG (Caribbean guilder, 2025).
    for (const code of ["HRK", "SLL", "ZWL", "XCG"]) {
      expect(listed, code).toContain(code);
      expect(isoList.some((entry) => entry.code === code), code).toBe(false);
      expect(isCurrencyCode(code), code).toBe(false);
    }
    // ISO lists the SDR and the Sucre with minor units "N.A.": no amount is an integer of them.
    for (const code of ["XDR", "XSU"]) {
      expect(listed, code).toContain(code);
      expect(isCurrencyCode(code), code).toBe(false);
    }
    // Their successors are accepted.
    for (const code of ["EUR", "SLE", "ZWG", "ANG"]) expect(isCurrencyCode(code), code).toBe(true);
  });

  it("name exactly the codes ISO's own XML gives no minor unit (N.A.), which the package records as 0", () => {
    const units = isoXmlMinorUnits();
    expect(units.size).toBe(isoList.length);
    expect([...units].filter(([, minor]) => !/^\d$/.test(minor)).map(([code]) => code).sort()).toEqual([...noMinorUnit]);
    expect(noMinorUnit.map((code) => units.get(code))).toEqual(noMinorUnit.map(() => "N.A."));
  });
});

describe("the minor digits", () => {
  it("are ISO 4217's, as its XML writes them, for every accepted code: 0, 2, 3 and 4 all occur", () => {
    const units = isoXmlMinorUnits();
    for (const code of currencyCodes) expect(String(minorDigits(code)), code).toBe(units.get(code));
    expect(Object.fromEntries(["JPY", "KRW", "ISK", "USD", "EUR", "GBP", "IQD", "KWD", "BHD", "TND", "CLF", "UYW"].map((code) => [code, minorDigits(code)]))).toEqual({
      JPY: 0, KRW: 0, ISK: 0, USD: 2, EUR: 2, GBP: 2, IQD: 3, KWD: 3, BHD: 3, TND: 3, CLF: 4, UYW: 4,
    });
    expect([0, 2, 3, 4].map((digits) => byDigits(digits).length)).toEqual([16, 133, 7, 2]);
    expect(byDigits(3)).toEqual(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]);
    expect(byDigits(4)).toEqual(["CLF", "UYW"]);
    expect(isoListDate).toBe("2024-06-25");
  });

  it("are ISO's where CLDR (the runtime's ICU) says otherwise: IQD 3, not 0; HUF, COP, IDR... 2, not 0", () => {
    const differ = currencyCodes.filter((code) => icuDigits(code) !== minorDigits(code));
    expect(differ.map((code) => `${code} ${minorDigits(code)} (ICU ${icuDigits(code)})`)).toEqual(
      ["AFN", "ALL", "COP", "HUF", "IDR", "IQD", "IRR", "KPW", "LAK", "LBP", "MGA", "MMK", "PKR", "SOS", "SYP", "YER"].map(
        (code) => `${code} ${code === "IQD" ? 3 : 2} (ICU 0)`,
      ),
    );
    expect(process.versions.icu).toMatch(/^\d+\./);
  });

  it("of codes it does not accept: ISO's where ISO gives any, else what ICU shows, so stored rows still show", () => {
    expect(minorDigits("BOV")).toBe(2); // an ISO fund code, not accepted
    expect(minorDigits("HRK")).toBe(2); // withdrawn: ICU's
    expect(minorDigits("XDR")).toBe(2); // ISO has none: ICU's
    expect(minorDigits("ZZZ")).toBe(2);
    expect(minorDigits("not a code")).toBe(2);
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

  it("refuses codes that are no current ISO currency the runtime knows, lower case, and anything else, saying what is expected", () => {
    const refused = [
      "ZZZ", "BTC", "ETH", "XXX", "XTS", "XAU", "XAG", "XPT", "XPD", "XBA", "XUA", "XDR", "XSU", "HRK", "SLL", "ZWL", "XCG", "DEM", "BOV", "VED",
      "EURO", "EU", "", " EUR", "EUR ", "€", 978, null, ["EUR"],
    ];
    for (const value of refused) {
      const parsed = currencyCode.safeParse(value);
      expect(parsed.success, JSON.stringify(value)).toBe(false);
      expect(parsed.error!.issues[0]!.message, JSON.stringify(value)).toMatch(/ISO 4217/);
      if (typeof value === "string") expect(isCurrencyCode(value)).toBe(false);
    }
    expect(currencyCode.safeParse("kwd").error!.issues[0]!.message).toBe('expected an ISO 4217 currency code in capitals: "KWD", not "kwd"');
    expect(currencyCode.safeParse("ZZZ").error!.issues[0]!.message).toMatch(/^"ZZZ" is not an ISO 4217 currency code this server knows/);
  });

  it("tells API clients ISO's digits in the Currency schema: the codes with 0, 3 and 4 digits, IQD among the 3", () => {
    const description = currencyCode.description ?? "";
    expect(description).toContain(`ISO's list of ${isoListDate}`);
    expect(description).toContain(`0 digits: ${byDigits(0).join(" ")}; 3 digits: BHD IQD JOD KWD LYD OMR TND; 4 digits: CLF UYW; every other code 2`);
  });
});
