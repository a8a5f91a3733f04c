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
