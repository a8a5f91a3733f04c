// Which currencies an amount may be in, and how many minor-unit digits each has: one list, one
// schema, imported wherever an amount enters (the API's bodies through lib/marketplace/inputs.ts,
// the dashboard, the demo seed), so a code is accepted everywhere or nowhere.
//
// The digits are ISO 4217's own, from its list one as the `currency-codes` package ships it (pinned
// to an exact version in package.json; `isoListDate` says which list). They are the money's truth:
// an amount is an integer in those minor units, and every page prints and reads it with exactly
// those digits (lib/format/money.ts), never with ICU's. ICU (CLDR) differs from ISO for 16 codes
// it lists: IQD has 3 digits in ISO and 0 in CLDR; AFN, ALL, COP, HUF, IDR, IRR, KPW, LAK, LBP,
// MGA, MMK, PKR, SOS, SYP and YER have 2 in ISO and 0 in CLDR (CLDR gives what is shown in cash).
//
// A code is accepted when it is both:
// - in ISO 4217's current list with a number of minor digits. ISO gives "N.A." for the units that
//   have no minor unit (XDR, XSU, XUA, the bond units, the metals, XTS, XXX): no integer amount
//   can be in them. The package records those as 0, so `noMinorUnit` names them (a unit test checks
//   the list against the ISO XML the package ships). Withdrawn codes ICU still lists (HRK, SLL,
//   ZWL) are out, and so is what ISO had not yet published when the list was made (XCG);
// - known to the runtime: Intl.supportedValuesOf("currency") (ICU's common, non-deprecated codes),
//   plus the two units of account with four digits, CLF (Chile's Unidad de Fomento) and UYW
//   (Uruguay's wage index unit), which ICU knows (names, four digits) but files as uncommon. The
//   fund codes (BOV, CHE, USN...) and VED stay out: ICU does not count them as common.
// On Node 20 (ICU 78.2) with the list of 2024-06-25: 158 codes, 16 with 0 digits, 133 with 2, 7
// with 3 (BHD IQD JOD KWD LYD OMR TND), 2 with 4 (CLF UYW); tests/unit/marketplace/currencies.test.ts checks
// that the runtime and the package still say so.
import { data as isoList, publishDate } from "currency-codes";
import { z } from "zod";

/** The date of the ISO 4217 list the digits come from (the package's). */
export const isoListDate: string = publishDate;

/** ISO 4217 units of account ICU formats with four digits but does not list as common. */
export const unitsOfAccount = ["CLF", "UYW"] as const;

/** ISO 4217 codes whose minor unit ISO gives as "N.A." (currency-codes records them as 0). */
export const noMinorUnit = ["XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XDR", "XPD", "XPT", "XSU", "XTS", "XUA", "XXX"] as const;

/** ISO's digits for every code of its list that has a minor unit. */
const isoDigits: ReadonlyMap<string, number> = new Map(
  isoList.filter((entry) => !(noMinorUnit as readonly string[]).includes(entry.code)).map((entry) => [entry.code, entry.digits]),
);

const runtimeCodes = new Set([...Intl.supportedValuesOf("currency"), ...unitsOfAccount]);

const digitsByCode: ReadonlyMap<string, number> = new Map(
  [...isoDigits].filter(([code]) => runtimeCodes.has(code)).sort(([a], [b]) => (a < b ? -1 : 1)),
);

/** Every code an amount may be in, sorted. */
export const currencyCodes: readonly string[] = [...digitsByCode.keys()];

export function isCurrencyCode(code: string): boolean {
  return digitsByCode.has(code);
}

function icuDigits(code: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2; // not even well formed: shown as ICU shows an unknown code
  }
}

/**
 * How many minor-unit digits `code` has: ISO 4217's (JPY 0, EUR 2, IQD 3, KWD 3, CLF 4). A code
 * that is not accepted (a row stored before the rule, a code ISO withdrew) keeps ISO's digits if
 * ISO gives any, else what ICU shows for it, so old rows still display and read back alike.
 */
export function minorDigits(code: string): number {
  return digitsByCode.get(code) ?? isoDigits.get(code) ?? icuDigits(code);
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

/** "0 digits: BIF CLP …; 3 digits: BHD IQD …; 4 digits: CLF UYW; every other code 2": for the API's reference. */
function digitsOtherThanTwo(): string {
  const by = (digits: number) => currencyCodes.filter((code) => digitsByCode.get(code) === digits).join(" ");
  return `0 digits: ${by(0)}; 3 digits: ${by(3)}; 4 digits: ${by(4)}; every other code 2`;
}

/** A current ISO 4217 code the runtime knows, in capitals: the one schema for a currency from outside. */
export const currencyCode = z.enum(currencyCodes as [string, ...string[]], { error: (issue) => refusalOf(issue.input) }).meta({
  id: "Currency",
  description:
    `A current ISO 4217 currency code (ISO's list of ${isoListDate}) that the server's runtime can format, in capitals. ` +
    `Amounts are integers in the currency's minor units, with ISO 4217's number of digits (not CLDR's: IQD has 3): ${digitsOtherThanTwo()}.`,
  example: "EUR",
});
