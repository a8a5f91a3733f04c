// Instants inside a text, shown in the operator's zone. Domain messages and recorded texts (a
// refusal from lib/, a job run's error, a timeline's detail, an audit entry's values) carry
// instants as ISO 8601 in UTC, which is right for the API and the records; on a dashboard screen
// every time is in the one display zone, in the same words as the rest of the page
// ("2026-12-05 14:30:00 Europe/Berlin (+01:00)"), never a raw "2026-12-05T13:30:00.000Z".
import { formatInZone } from "./zoned-time.ts";

/** An ISO 8601 instant: a date and time with seconds optional, and a Z or an offset (a local time without one is not an instant). */
const isoInstant = /\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?(?:Z|[+-]\d\d:\d\d)(?!\d)/g;

/** Whether the date and time written in `iso` exist (Date would read 30 February as 2 March). */
function writtenTimeExists(iso: string): boolean {
  const [year, month, day, hour, minute] = iso.match(/\d+/g)!.slice(0, 5).map(Number) as [number, number, number, number, number];
  const written = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return written.getUTCMonth() === month - 1 && written.getUTCDate() === day && written.getUTCHours() === hour && written.getUTCMinutes() === minute;
}

/** `text` with each ISO instant in it written in `zone`; anything else is left as it is. */
export function instantsInZone(text: string, zone: string): string {
  return text.replace(isoInstant, (iso) => {
    const instant = new Date(iso);
    return Number.isNaN(instant.getTime()) || !writtenTimeExists(iso) ? iso : formatInZone(instant, zone);
  });
}
