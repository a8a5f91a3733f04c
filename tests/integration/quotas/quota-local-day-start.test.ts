// When a local date starts, on PostgreSQL's side: quota_local_day_start(day, zone), what the
// sweep, a new account and a moved reset store as next_reset_at. Checked on every day of
// 2024-2032 in every zone:
//
// 1. against the runtime's answer (tests/helpers/zone-days.ts, from ICU, the oracle that
//    lib/quotas/local-time.ts localDayStart is checked against in the unit test): every zone
//    the runtime knows and PostgreSQL too, compared day by day as runs of equal offsets;
// 2. against PostgreSQL's own zone data, for every zone name it knows that an account may have:
//    the local date turns at the instant, and not before it (no earlier reading of midnight).
//
// PostgreSQL's zone data and the runtime's ICU data are separate copies of the tz database and
// need not be the same release (here: the embedded PostgreSQL 18, the machine's PostgreSQL 15
// with Debian's tzdata, and Node's ICU each carry their own). Where the two disagree about a
// zone's offsets, (1) cannot hold and the zone must be listed with the reason
// (tests/helpers/zone-days.ts, zoneDataDifferences); (2) still checks it. A disagreement not
// listed fails the test with the first differing offset; a listed one that does not occur on
// this server is fine (its data is the same release as the runtime's, for that zone).
import { describe, expect, it } from "vitest";
import { isTimeZone } from "../../../lib/validation/fields.ts";
import { icuOffsetMs, zoneDataDifferences, zoneDays, type ZoneDays } from "../../helpers/zone-days.ts";
import { useTestDatabase } from "../../helpers/database.ts";

const database = useTestDatabase();
const first = "2024-01-01";
const last = "2032-12-31";

interface Run {
  from: string;
  to: string;
  /** The day's first instant minus its midnight as if UTC, in seconds (minus the offset, mostly). */
  shift: number;
}

/** Consecutive dates with the same shift, as the runtime computes them. */
function runtimeRuns(days: ZoneDays): Run[] {
  const runs: Run[] = [];
  days.dates.forEach((date, i) => {
    const shift = (days.startMs[i]! - Date.parse(`${date}T00:00:00Z`)) / 1000;
    const previous = runs.at(-1);
    if (previous && previous.shift === shift) previous.to = date;
    else runs.push({ from: date, to: date, shift });
  });
  return runs;
}

/** The same runs, as PostgreSQL computes them (gaps and islands over the dates). */
async function databaseRuns(timeZone: string): Promise<Run[]> {
  return database.db.$queryRaw<Run[]>`
    SELECT to_char(min(day), 'YYYY-MM-DD') AS "from", to_char(max(day), 'YYYY-MM-DD') AS "to", shift::float8 AS shift
      FROM (SELECT day, shift, day - (row_number() OVER (PARTITION BY shift ORDER BY day))::int AS island
              FROM (SELECT d::date AS day,
                           extract(epoch FROM quota_local_day_start(d::date, ${timeZone}) - (d::date::timestamp AT TIME ZONE 'UTC')) AS shift
                      FROM generate_series(${first}::date, ${last}::date, interval '1 day') d) days) islands
     GROUP BY island, shift
     ORDER BY 1`;
}

/** The first instant (ms) at which the runtime's and PostgreSQL's offsets for the zone differ, checked at each runtime change and weekly. */
async function firstOffsetDifference(days: ZoneDays): Promise<string | undefined> {
  const instants = new Set<number>();
  for (const segment of days.segments) {
    for (let at = segment.from; at < segment.to; at += 7 * 86_400_000) instants.add(at);
    instants.add(segment.to - 1);
  }
  const probes = [...instants].sort((a, b) => a - b);
  const rows = await database.db.$queryRaw<Array<{ at: Date; offset: number }>>`
    SELECT at, extract(epoch FROM (at AT TIME ZONE ${days.timeZone}) - (at AT TIME ZONE 'UTC'))::float8 AS offset
      FROM unnest(${probes.map((ms) => new Date(ms))}::timestamptz[]) at ORDER BY at`;
  for (const row of rows) {
    const runtime = icuOffsetMs(row.at.getTime(), days.timeZone) / 1000;
    if (runtime !== row.offset) return `${row.at.toISOString()}: PostgreSQL ${row.offset / 3600} h, the runtime ${runtime / 3600} h`;
  }
  return undefined;
}

describe(`quota_local_day_start: the first instant of each local date, every zone, ${first}..${last}`, () => {
  it("is the first midnight where clocks go back from 01:00 to 00:00, 01:00 where midnight is skipped", async () => {
    const [row] = await database.db.$queryRaw<Array<Record<string, Date>>>`
      SELECT quota_local_day_start('2024-11-03', 'America/Havana') AS havana,
             quota_local_day_start('2024-10-27', 'Atlantic/Azores') AS azores,
             quota_local_day_start('2024-09-08', 'America/Santiago') AS santiago,
             quota_local_day_start('2026-03-29', 'Europe/Berlin') AS berlin,
             ('2024-11-03'::date::timestamp AT TIME ZONE 'America/Havana') AS havana_second_midnight`;
    expect(row).toEqual({
      havana: new Date("2024-11-03T04:00:00Z"),
      azores: new Date("2024-10-27T00:00:00Z"),
      santiago: new Date("2024-09-08T04:00:00Z"),
      berlin: new Date("2026-03-28T23:00:00Z"),
      // What next_reset_at was before: an hour after Havana's date had turned.
      havana_second_midnight: new Date("2024-11-03T05:00:00Z"),
    });
  });

  it("agrees with the runtime's zone data on every day in every zone both know (differences in zone data listed with their reason)", { timeout: 300_000 }, async () => {
    const known = new Set((await database.db.$queryRaw<Array<{ name: string }>>`SELECT name FROM pg_timezone_names`).map((r) => r.name));
    const zones = [...new Set(["UTC", ...Intl.supportedValuesOf("timeZone")])];
    const unknownToDatabase = zones.filter((zone) => !known.has(zone));
    const wrong: string[] = [];
    const unlisted: string[] = [];
    const differing: string[] = [];
    let compared = 0;
    for (const timeZone of zones.filter((zone) => known.has(zone))) {
      const days = zoneDays(timeZone, first, last);
      const expected = runtimeRuns(days);
      const actual = await databaseRuns(timeZone);
      if (JSON.stringify(actual) === JSON.stringify(expected)) {
        compared += days.dates.length;
        continue;
      }
      const difference = await firstOffsetDifference(days);
      if (difference === undefined) wrong.push(`${timeZone}: PostgreSQL ${JSON.stringify(actual)}, runtime ${JSON.stringify(expected)}`);
      else if (zoneDataDifferences[timeZone]) differing.push(`${timeZone} (${difference})`);
      else unlisted.push(`${timeZone}: zone data differ, ${difference}`);
    }
    console.log(
      `local day starts, PostgreSQL vs runtime: ${compared} zone-days agree; zone data differ (listed): ${differing.join("; ") || "none"}; ` +
        `unknown to PostgreSQL: ${unknownToDatabase.join(", ") || "none"}`,
    );
    expect(wrong).toEqual([]);
    expect(unlisted).toEqual([]);
    // A zone the runtime offers and PostgreSQL lacks cannot be given to an account (createAccount
    // refuses it with INVALID_INPUT); none is missing from the servers this suite runs on.
    expect(unknownToDatabase).toEqual([]);
    expect(compared).toBeGreaterThan(400 * 3_288);
  });

  it("by PostgreSQL's own zone data, the local date turns at that instant and not before, in every zone an account may have", { timeout: 300_000 }, async () => {
    const names = (await database.db.$queryRaw<Array<{ name: string }>>`SELECT name FROM pg_timezone_names ORDER BY name`)
      .map((r) => r.name)
      .filter((name) => isTimeZone(name));
    // At the instant the date is the day (or later: a skipped day); a millisecond, 30 minutes and
    // an hour before it is not yet (the second midnight after clocks went back is caught by the
    // millisecond: the first pass through that hour already read the day).
    const violations = await database.db.$queryRaw<Array<{ zone: string; day: string; start: Date }>>`
      SELECT zone, to_char(day, 'YYYY-MM-DD') AS day, start
        FROM unnest(${names}::text[]) zone
        CROSS JOIN LATERAL (SELECT d::date AS day FROM generate_series(${first}::date, ${last}::date, interval '1 day') d) days
        -- OFFSET 0: computed once per day, not once per condition below.
        CROSS JOIN LATERAL (SELECT quota_local_day_start(day, zone) AS start OFFSET 0) s
       WHERE (start AT TIME ZONE zone)::date < day
          OR ((start - interval '1 millisecond') AT TIME ZONE zone)::date >= day
          OR ((start - interval '30 minutes') AT TIME ZONE zone)::date >= day
          OR ((start - interval '1 hour') AT TIME ZONE zone)::date >= day
       LIMIT 20`;
    expect(names.length).toBeGreaterThan(400);
    expect(violations).toEqual([]);
  });
});
