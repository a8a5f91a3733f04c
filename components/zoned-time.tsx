// An instant shown in the operator's zone, saying the zone; the UTC instant in its title and
// dateTime attribute. Server-rendered: no hydration mismatch between server and browser clocks.
import { formatInZone } from "@/lib/time/zoned-time.ts";

export function ZonedTime({ instant, zone, utc = false }: { instant: Date; zone: string; utc?: boolean }) {
  const iso = instant.toISOString();
  return (
    <span className="stack">
      <time dateTime={iso} title={iso}>
        {formatInZone(instant, zone)}
      </time>
      {utc && zone !== "UTC" ? <span className="muted">{`${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`}</span> : null}
    </span>
  );
}
