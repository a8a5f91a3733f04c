// Small statistics helpers for the bench: order statistics on plain number arrays.

/** The value at quantile q (0..1) by nearest rank on a sorted copy; NaN for no samples. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: number[]): number => quantile(values, 0.5);
export const p95 = (values: number[]): number => quantile(values, 0.95);

/** Rounds for tables: integers above 100, otherwise `digits` decimals. */
export function fmt(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return "n/a";
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString("en-US");
  return value.toFixed(digits);
}

/** The rate per second for `count` items done in `ms`. */
export function perSecond(count: number, ms: number): number {
  return ms > 0 ? (count / ms) * 1000 : Number.NaN;
}
