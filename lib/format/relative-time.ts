// "in 3 days", "5 minutes ago": how far an instant is from the page's clock, for people.
// The clock is a parameter so the agenda can render as of any instant (and tests pick it).

const units: Array<{ unit: Intl.RelativeTimeFormatUnit; ms: number }> = [
  { unit: "day", ms: 86_400_000 },
  { unit: "hour", ms: 3_600_000 },
  { unit: "minute", ms: 60_000 },
  { unit: "second", ms: 1_000 },
];

const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

export function relativeTime(instant: Date, now: Date): string {
  const deltaMs = instant.getTime() - now.getTime();
  const magnitude = Math.abs(deltaMs);
  // The largest unit that fits at least once, rounded (47 hours reads "in 2 days", not
  // "tomorrow"); under a second reads as "now".
  const chosen = units.find((u) => magnitude >= u.ms);
  if (!chosen) return "now";
  return format.format(Math.round(deltaMs / chosen.ms), chosen.unit);
}

const durationUnits = units.map((u) => ({ ...u, format: new Intl.NumberFormat("en", { style: "unit", unit: u.unit, unitDisplay: "long" }) }));

/** "5 minutes", "2 days": the length of a span, in its largest whole unit, rounded. */
export function duration(ms: number): string {
  const magnitude = Math.abs(ms);
  const chosen = durationUnits.find((u) => magnitude >= u.ms);
  if (!chosen) return "under a second";
  return chosen.format.format(Math.round(magnitude / chosen.ms));
}

const shortUnits = [
  { label: "d", ms: 86_400_000 },
  { label: "h", ms: 3_600_000 },
  { label: "min", ms: 60_000 },
  { label: "s", ms: 1_000 },
] as const;

/**
 * "in 3 h", "2 min ago", "now": the compact form written next to an absolute time on every page.
 * Rounded in the largest unit that fits, and a rounding that reaches the next unit reads in that
 * unit (59 min 40 s is "in 1 h", not "in 60 min"). Same wording whatever the locale of the server,
 * so pages and tests read alike. The clock is the page's, passed in.
 */
export function shortRelativeTime(instant: Date, now: Date): string {
  const deltaMs = instant.getTime() - now.getTime();
  const magnitude = Math.abs(deltaMs);
  if (magnitude < 1_000) return "now";
  let index = shortUnits.findIndex((u) => magnitude >= u.ms);
  let count = Math.round(magnitude / shortUnits[index]!.ms);
  const larger = shortUnits[index - 1];
  if (larger && count * shortUnits[index]!.ms >= larger.ms) {
    index -= 1;
    count = Math.round(magnitude / larger.ms);
  }
  const text = `${count.toLocaleString("en")} ${shortUnits[index]!.label}`;
  return deltaMs > 0 ? `in ${text}` : `${text} ago`;
}
