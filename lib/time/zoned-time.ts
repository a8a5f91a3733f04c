// Wall-clock times in an operator's chosen zone, both ways. A local time an operator types may
// not exist in that zone (the spring-forward gap: 02:30 on 2026-03-29 in Europe/Berlin) or may
// exist twice (fall-back: 02:30 on 2026-10-25 happens at +02:00 and again at +01:00). Neither is
// silently shifted: the first is refused, the second must be made explicit by choosing an offset.
// Built on Intl only (no tz library): the zone rules are the runtime's ICU data.

// One formatter per zone, kept for the process. Keyed by the lower-cased name: zone names are
// case-insensitive, and the display zone comes from a cookie anyone can set, so keyed as sent,
// `europe/berlin`, `EUROPE/berlin`, ... would each add a formatter (tens of kB of ICU memory)
// for good: a signed-out client could grow the server without bound (found by a hostile test).
const formatters = new Map<string, Intl.DateTimeFormat>();

/** How many formatters are cached (for tests: it stays bounded by the zones that exist). */
export function cachedFormatterCount(): number {
  return formatters.size;
}

function formatterFor(zone: string): Intl.DateTimeFormat {
  const key = zone.toLowerCase();
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Whether the runtime's zone data (ICU) knows `zone`. Not the rule for a zone from outside: that
 * is lib/validation/fields.ts's isTimeZone, which uses this and allows region names only.
 */
export function runtimeKnowsZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading of `instant` in `zone`. */
export function localPartsOf(instant: Date, zone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** The zone's offset from UTC at `instant`, in minutes (e.g. +60 for Berlin in winter). */
export function offsetMinutesAt(instant: Date, zone: string): number {
  const p = localPartsOf(instant, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

export type LocalTimeResolution =
  | { kind: "exact"; instant: Date }
  /** In the spring-forward gap: no instant shows this reading. */
  | { kind: "nonexistent" }
  /** In the fall-back overlap: two instants show this reading, earlier first. */
  | { kind: "ambiguous"; earlier: Date; later: Date };

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Parses "2026-12-05T14:30" (seconds optional) into its parts, or null if it is not a real date-time. */
export function parseLocalDateTime(text: string): LocalParts | null {
  const match = localPattern.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  const probe = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second));
  // Rejects 2026-02-30 and 25:00 rather than rolling them over.
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month! - 1 || probe.getUTCDate() !== day || probe.getUTCHours() !== hour || probe.getUTCMinutes() !== minute) {
    return null;
  }
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second };
}

/**
 * Which instants read as `local` in `zone`. Offsets are taken a day either side (a zone changes
 * its offset at most once in two days), each candidate is kept only if it reads back as `local`.
 */
export function resolveLocalTime(local: LocalParts, zone: string): LocalTimeResolution {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  const offsets = new Set([-1, 0, 1].map((days) => offsetMinutesAt(new Date(wall + days * 86_400_000), zone)));
  const matches = [...offsets]
    .map((offset) => new Date(wall - offset * 60_000))
    .filter((candidate) => {
      const p = localPartsOf(candidate, zone);
      return p.year === local.year && p.month === local.month && p.day === local.day && p.hour === local.hour && p.minute === local.minute && p.second === local.second;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  const distinct = matches.filter((d, i) => i === 0 || d.getTime() !== matches[i - 1]!.getTime());
  if (distinct.length === 0) return { kind: "nonexistent" };
  if (distinct.length === 1) return { kind: "exact", instant: distinct[0]! };
  return { kind: "ambiguous", earlier: distinct[0]!, later: distinct[distinct.length - 1]! };
}

/** "2026-12-05 14:30:00" in `zone`, for forms and tables (ISO order, no locale surprises). */
export function formatLocal(instant: Date, zone: string, { seconds = true }: { seconds?: boolean } = {}): string {
  const p = localPartsOf(instant, zone);
  const pad = (n: number) => String(n).padStart(2, "0");
  const time = `${pad(p.hour)}:${pad(p.minute)}${seconds ? `:${pad(p.second)}` : ""}`;
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${time}`;
}

/** "2026-12-05 14:30:00 Europe/Berlin (+01:00)": every time on screen says its zone. */
export function formatInZone(instant: Date, zone: string): string {
  return `${formatLocal(instant, zone)} ${zone} (${formatOffset(offsetMinutesAt(instant, zone))})`;
}

/** The value of an <input type="datetime-local"> showing `instant` in `zone`. */
export function toDateTimeLocalValue(instant: Date, zone: string): string {
  return formatLocal(instant, zone, { seconds: false }).replace(" ", "T");
}
