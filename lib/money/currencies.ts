// Which currencies an amount may be in, and how many minor-unit digits each has: one list, one
// schema, imported wherever an amount enters (the API's bodies through lib/marketplace/inputs.ts,
// the dashboard, the demo seed), so a code is accepted everywhere or nowhere.
//
// The source is the runtime's ICU (CLDR data), never a table of our own:
// - the codes are Intl.supportedValuesOf("currency"): the current ISO 4217 codes ICU calls common
//   (V8 asks ICU for UCURR_COMMON | UCURR_NON_DEPRECATED). That leaves out "XXX" (no currency),
//   "XTS" (testing), the metals (XAU, XAG, XPT, XPD), the bond units, withdrawn currencies (DEM)
//   and anything that is no ISO code at all (BTC, ZZZ);
// - plus the two ISO 4217 units of account with four minor digits, CLF (Chile's Unidad de
//   Fomento) and UYW (Uruguay's wage index unit): real prices are quoted in them, ICU knows them
//   (names and four digits) but files them as uncommon, so no runtime lists them;
// - the digits are ICU's (Intl.NumberFormat's maximumFractionDigits): JPY 0, USD 2, KWD 3, CLF 4.
//   Where CLDR differs from ISO 4217 (IQD: CLDR 0, ISO 3), ICU wins, because every page prints
//   and every form reads amounts with ICU's digits: the one number must agree with itself.
// Node 20's ICU (78.x with CLDR 48) gives 162 common codes: 33 with 0 digits, 123 with 2, 6 with
// 3 (BHD JOD KWD LYD OMR TND); tests/unit/currencies.test.ts checks the runtime still says so.
import { z } from "zod";

/** ISO 4217 units of account ICU formats with four digits but does not list as common. */
export const unitsOfAccount = ["CLF", "UYW"] as const;

function icuDigits(code: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2; // not even well formed: shown as ICU shows an unknown code
  }
}

const digitsByCode: ReadonlyMap<string, number> = new Map(
  [...new Set([...Intl.supportedValuesOf("currency"), ...unitsOfAccount])].sort().map((code) => [code, icuDigits(code)]),
);

/** Every code an amount may be in, sorted. */
export const currencyCodes: readonly string[] = [...digitsByCode.keys()];

export function isCurrencyCode(code: string): boolean {
  return digitsByCode.has(code);
}

/**
 * How many minor-unit digits `code` has (JPY 0, EUR 2, KWD 3, CLF 4). A code that is not
 * accepted (a row stored before the rule, or a runtime that dropped it) gets what ICU would show
 * for it, so old rows still display.
 */
export function minorDigits(code: string): number {
  return digitsByCode.get(code) ?? icuDigits(code);
}

function refusalOf(input: unknown): string {
  if (typeof input === "string" && isCurrencyCode(input.trim().toUpperCase()) && input !== input.trim().toUpperCase()) {
    return `expected an ISO 4217 currency code in capitals: "${input.trim().toUpperCase()}", not ${JSON.stringify(input)}`;
  }
  if (typeof input === "string" && input.length > 0 && input.length <= 16) {
    return `${JSON.stringify(input)} is not an ISO 4217 currency code this server knows: expected one such as EUR, JPY or KWD`;
  }
  return "expected an ISO 4217 currency code such as EUR, JPY or KWD";
}

/** An ISO 4217 code the runtime knows, in capitals: the one schema for a currency from outside. */
export const currencyCode = z.enum(currencyCodes as [string, ...string[]], { error: (issue) => refusalOf(issue.input) }).meta({
  id: "Currency",
  description:
    "An ISO 4217 currency code the server's ICU knows, in capitals (EUR, JPY, KWD, CLF). Amounts are integers in the currency's minor units: ICU's digits, e.g. JPY 0, EUR 2, KWD 3, CLF 4.",
  example: "EUR",
});
