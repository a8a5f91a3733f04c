// Money as operators read and type it: amounts are stored in integer minor units of their
// currency (lib/marketplace), shown and typed in major units with the currency's own number of
// decimals (EUR 2, JPY 0, BHD 3; ICU's table, via Intl).

/** How many minor-unit digits `currency` has (2 for an unknown code). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** 1234 EUR -> "12.34 EUR"; 125000 EUR -> "1,250.00 EUR"; 1234 JPY -> "1,234 JPY". Exact: no floating point. */
export function formatMinor(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const unit = 10 ** digits;
  const whole = Math.floor(abs / unit).toLocaleString("en");
  if (digits === 0) return `${sign}${whole} ${currency}`;
  return `${sign}${whole}.${String(abs % unit).padStart(digits, "0")} ${currency}`;
}

/**
 * "12.5" EUR -> 1250: a decimal typed by a person, exactly (no floating point), or null if it
 * is not a plain non-negative decimal with at most the currency's digits.
 */
export function parseMajorAmount(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const match = /^(\d{1,12})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}
