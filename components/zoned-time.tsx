// An instant shown in the operator's zone, saying the zone, and how far it is from the page's
// clock ("in 3 h", "2 min ago"); the UTC instant in its title and dateTime attribute.
// Server-rendered from the page's own "now" (the database clock, or the time-travel instant), so
// server and browser never disagree and a test picks the clock. `now` is required on purpose:
// every time on every page carries its relative part.
import { shortRelativeTime } from "@/lib/format/relative-time.ts";
import { formatInZone } from "@/lib/time/zoned-time.ts";

export function ZonedTime({ instant, zone, now, utc = false }: { instant: Date; zone: string; now: Date; utc?: boolean }) {
  const iso = instant.toISOString();
  const shown = (
    <span className="zoned-time">
      <time dateTime={iso} title={iso}>
        {formatInZone(instant, zone)}
      </time>{" "}
      <RelativeTime instant={instant} now={now} />
    </span>
  );
  if (!utc || zone === "UTC") return shown;
  return (
    <span className="stack">
      {shown}
      <span className="muted">{`${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`}</span>
    </span>
  );
}

/** The relative part alone, for a time a page writes itself (a client table's cell). */
export function RelativeTime({ instant, now }: { instant: Date; now: Date }) {
  return <span className="muted relative-time">({shortRelativeTime(instant, now)})</span>;
}
