// Money as stored (integer minor units of an ISO 4217 currency) shown as people read it:
// "1,250.00 EUR". The number of decimals is the currency's own (0 for JPY, 2 for EUR); Intl
// knows it for every well-formed code (the marketplace accepts only /^[A-Z]{3}$/).

export function formatMoney(amountMinor: number, currency: string): string {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const amount = (amountMinor / 10 ** digits).toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${amount} ${currency}`;
}
