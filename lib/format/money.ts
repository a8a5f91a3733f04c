// Money as operators read and type it. Amounts are stored in integer minor units of their
// currency (lib/marketplace) and shown in major units with the currency's own number of decimals
// (lib/money/currencies.ts: ISO 4217's digits, EUR 2, JPY 0, IQD 3, KWD 3, CLF 4), exactly, with
// BigInt. Never Intl.NumberFormat's currency style: ICU (CLDR) has other digits for some codes
// (IQD 0), and the digits that print an amount must be the ones that store and read it.
//
// Every page prints an amount one way: digits grouped in threes by commas, a point, then all of
// the currency's decimals ("1,234.500 KWD", "1,234 JPY"). The rule for a typed amount follows
// from it, so what an operator copies from a page means on the form what it meant on the page:
// - the point is the decimal mark, always;
// - a comma only separates thousands, and is accepted only in the printed form: groups of three
//   and all of the currency's decimals ("1,234.500"), with or without the code after it;
// - otherwise the amount is plain: digits, and optionally a point and at most the currency's
//   decimals ("1234.5");
// - anything else is refused, naming the ways to type what it might mean. "1,234" in KWD could
//   be one thousand two hundred and thirty-four or 1.234 (a decimal comma): the message offers
//   both ("for 1,234.000 KWD type 1,234.000 or 1234; for 1.234 KWD type 1.234").
// Reading never guesses, so a text read is the only reading it has (tests/unit/marketplace/money.test.ts).
import { minorDigits } from "../money/currencies.ts";

function group(whole: bigint): string {
  return whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function split(minor: number, currency: string): { sign: string; whole: bigint; fraction: string; digits: number } {
  const digits = minorDigits(currency);
  const abs = BigInt(Math.abs(Math.trunc(minor)));
  const unit = 10n ** BigInt(digits);
  return { sign: minor < 0 ? "-" : "", whole: abs / unit, fraction: digits === 0 ? "" : String(abs % unit).padStart(digits, "0"), digits };
}

/** 1234500 KWD -> "1,234.500": how pages print an amount, without its code. */
export function printedAmount(minor: number, currency: string): string {
  const { sign, whole, fraction, digits } = split(minor, currency);
  return digits === 0 ? `${sign}${group(whole)}` : `${sign}${group(whole)}.${fraction}`;
}

/** 1234 EUR -> "12.34 EUR"; 125000 EUR -> "1,250.00 EUR"; 1234 JPY -> "1,234 JPY". Exact: no floating point. */
export function formatMinor(minor: number, currency: string): string {
  return `${printedAmount(minor, currency)} ${currency}`;
}

/**
 * An amount in a message an integrator reads: "99.00 EUR (9900 minor units)". The bare number
 * alone ("9900 EUR") reads as ninety-nine hundred euros; the API's fields are minor units.
 */
export function amountInWords(minor: number, currency: string): string {
  return `${formatMinor(minor, currency)} (${minor} minor units)`;
}

/** 1234500 KWD -> "1234.5": the shortest plain form (no grouping, no trailing zeros). */
export function plainAmount(minor: number, currency: string): string {
  const { sign, whole, fraction } = split(minor, currency);
  const decimals = fraction.replace(/0+$/, "");
  return decimals ? `${sign}${whole}.${decimals}` : `${sign}${whole}`;
}

export type TypedAmount = { ok: true; minor: number } | { ok: false; message: string };

const plainForm = /^(\d+)(?:\.(\d+))?$/;
/** A reading with the comma grouping and the point as decimal mark (the page's way). */
const pointDecimal = /^([1-9]\d{0,2}(?:,\d{3})+|\d+)(?:\.(\d*))?$/;
/** A reading with the point grouping and the comma as decimal mark (much of Europe's way). */
const commaDecimal = /^([1-9]\d{0,2}(?:\.\d{3})+|\d+)(?:,(\d*))?$/;
const longestText = 48;

/** Whole and fraction digits as minor units, or null when the fraction has too many digits or the amount is too large. */
function minorOf(whole: string, fraction: string, digits: number): number | null {
  if (fraction.length > digits || whole.length === 0) return null;
  const minor = BigInt(whole.replace(/[,.]/g, "")) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, "0") || "0");
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : null;
}

/** The amounts `text` could mean, read either way; distinct, in order. */
function readingsOf(text: string, digits: number): number[] {
  const readings = new Set<number>();
  for (const pattern of [pointDecimal, commaDecimal]) {
    const match = pattern.exec(text);
    if (!match) continue;
    const minor = minorOf(match[1]!, match[2] ?? "", digits);
    if (minor !== null) readings.add(minor);
  }
  return [...readings];
}

function howToType(minor: number, currency: string): string {
  const printed = printedAmount(minor, currency);
  const plain = plainAmount(minor, currency);
  return printed === plain ? `type ${printed}` : `type ${printed} or ${plain}`;
}

const theRule = "the point marks decimals; a comma only separates thousands, as the page prints amounts";

function decimalsOf(currency: string, digits: number): string {
  return digits === 0 ? `${currency} has no decimals` : `${currency} has ${digits} decimals`;
}

/** Why `text` is refused, and how to type what it might mean. */
function refusal(text: string, currency: string, digits: number): string {
  const quoted = JSON.stringify(text);
  const example = exampleOf(currency, digits);
  if (/^[-+−]/.test(text)) return `type the amount without a sign, e.g. ${example}`;
  const readings = readingsOf(text, digits);
  const tooManyDecimals = (plainForm.exec(text)?.[2] ?? "").length > digits;
  if (readings.length === 0) {
    if (tooManyDecimals || readingsOf(text, 15).length > 0) {
      return `${decimalsOf(currency, digits)}: ${digits === 0 ? "type a whole amount" : `type at most ${digits} after the point`}, e.g. ${example} (${theRule})`;
    }
    return `${quoted} is not an amount in ${currency}: type it as the page prints amounts or plainly, e.g. ${example} (${theRule}; ${decimalsOf(currency, digits)})`;
  }
  if (readings.length === 1) {
    if (tooManyDecimals) return `${decimalsOf(currency, digits)}; for ${formatMinor(readings[0]!, currency)} ${howToType(readings[0]!, currency)}`;
    return `${quoted} is not an amount as this page writes ${currency}: ${howToType(readings[0]!, currency)} (${theRule})`;
  }
  const ways = readings.map((minor) => `for ${formatMinor(minor, currency)} ${howToType(minor, currency)}`).join("; ");
  return `${quoted} could be read two ways in ${currency}: ${ways} (${theRule})`;
}

/** "1,234.500 or 1234.5" in KWD: the two ways to type one amount, for messages. */
function exampleOf(currency: string, digits: number): string {
  return howToType(digits === 0 ? 1234 : 12345 * 10 ** (digits - 1), currency).slice("type ".length);
}

/**
 * An amount an operator typed, in minor units of `currency`, exactly (no floating point), or the
 * reason it is refused with how to type it. Zero reads as 0: whether it is allowed is the
 * caller's rule.
 */
export function readTypedAmount(typed: string, currency: string): TypedAmount {
  const digits = minorDigits(currency);
  let text = typed.trim();
  if (text.length === 0) return { ok: false, message: `type an amount in ${currency}, e.g. ${exampleOf(currency, digits)}` };
  if (text.length > longestText) return { ok: false, message: `too long for an amount (at most ${longestText} characters)` };
  // The page's text with its code, copied whole: the code must be this amount's currency.
  const coded = /^(.*\S)\s+([A-Za-z]{3})$/.exec(text);
  if (coded) {
    if (coded[2]!.toUpperCase() !== currency) return { ok: false, message: `this amount is in ${currency}, not ${coded[2]}: type it without a code, or with ${currency}` };
    text = coded[1]!;
  }
  const printed = digits === 0 ? /^([1-9]\d{0,2}(?:,\d{3})+)()$/ : new RegExp(`^([1-9]\\d{0,2}(?:,\\d{3})+)\\.(\\d{${digits}})$`);
  const match = plainForm.exec(text) ?? printed.exec(text);
  if (match && (match[2] ?? "").length <= digits) {
    const minor = minorOf(match[1]!, match[2] ?? "", digits);
    if (minor === null) return { ok: false, message: `too large: at most ${formatMinor(Number.MAX_SAFE_INTEGER, currency)}` };
    return { ok: true, minor };
  }
  return { ok: false, message: refusal(text, currency, digits) };
}
