// When a local date starts (lib/quotas/local-time.ts localDayStart): the first instant of the
// date, in every zone the runtime knows, on every day of 2024-2032. Where clocks go back from
// 01:00 to 00:00 (Havana, the Azores) midnight happens twice and the date starts at the first;
// where they jump from 00:00 to 01:00 (Santiago, Cairo, Beirut, ...) it starts at 01:00.
//
// Checked against tests/helpers/zone-days.ts, which finds each zone's offset changes from ICU
// and computes every day's start by arithmetic. Calling localDayStart on all ~1.4 million
// zone-days would cost seconds of ICU calls in each of the four runs `npm test` makes of this
// project, so it is called on every day that can differ and on a spread sample of the rest:
//
//   localDayStart reads the offset 15 h before the date's midnight-as-if-UTC (W), and again at
//   W minus that offset; only if they differ does it look further. On a day with no offset
//   change between W - 16 h and W + 15 h both readings are the one offset o in force there, so
//   it returns W - o; and so does the oracle, whose segment with offset o covers W - o (offsets
//   run from -11 h to +14 h, asserted below). Those days cannot differ; every other day (a
//   change near its start) is called, and so is every 13th day of each zone besides.
import { describe, expect, it } from "vitest";
import { localDateOf, localDayStart } from "../../../lib/quotas/local-time.ts";
import { changeNear, zoneDays, type ZoneDays } from "../../helpers/zone-days.ts";

const hourMs = 3_600_000;
const first = "2024-01-01";
const last = "2032-12-31";
// ICU lists canonical names; "UTC" itself is not among them but is what most accounts use.
const zones = [...new Set(["UTC", ...Intl.supportedValuesOf("timeZone")])];

describe("localDayStart: the first instant of a local date", () => {
  it("is the first midnight where clocks go back from 01:00 to 00:00", () => {
    // Havana, 2024-11-03: 00:00 -04, back to 00:00 -05 at 01:00.
    expect(localDayStart("2024-11-03", "America/Havana")).toEqual(new Date("2024-11-03T04:00:00Z"));
    expect(localDateOf(new Date("2024-11-03T03:59:59.999Z"), "America/Havana")).toBe("2024-11-02");
    // The Azores, 2024-10-27: 00:00 +00, back to 00:00 -01 at 01:00.
    expect(localDayStart("2024-10-27", "Atlantic/Azores")).toEqual(new Date("2024-10-27T00:00:00Z"));
  });

  it("is 01:00 where clocks jump from 00:00 to 01:00, and plain midnight elsewhere", () => {
    expect(localDayStart("2024-09-08", "America/Santiago")).toEqual(new Date("2024-09-08T04:00:00Z"));
    expect(localDayStart("2024-03-31", "Asia/Beirut")).toEqual(new Date("2024-03-30T22:00:00Z"));
    expect(localDayStart("2024-04-26", "Africa/Cairo")).toEqual(new Date("2024-04-25T22:00:00Z"));
    // Beirut's clocks go back from 00:00 to 23:00 the evening before: Oct 27 starts once, at 00:00 +02.
    expect(localDayStart("2024-10-27", "Asia/Beirut")).toEqual(new Date("2024-10-26T22:00:00Z"));
    expect(localDayStart("2026-12-01", "UTC")).toEqual(new Date("2026-12-01T00:00:00Z"));
    expect(localDayStart("2026-06-20", "Asia/Kathmandu")).toEqual(new Date("2026-06-19T18:15:00Z"));
    expect(localDayStart("2026-01-01", "Pacific/Kiritimati")).toEqual(new Date("2025-12-31T10:00:00Z"));
    expect(localDayStart("0001-01-01", "UTC")).toEqual(new Date("0001-01-01T00:00:00Z"));
  });

  it(`matches the oracle in every zone the runtime knows (${zones.length}), on every day of ${first}..${last} that can differ and a sample of the rest`, { timeout: 120_000 }, () => {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    let days = 0;
    let called = 0;
    const wrong: string[] = [];
    const offsetsOutOfRange: string[] = [];
    const firstWall = Date.parse(`${first}T00:00:00Z`);
    for (const [zoneIndex, timeZone] of zones.entries()) {
      const zone: ZoneDays = zoneDays(timeZone, first, last);
      for (const segment of zone.segments) {
        if (segment.offsetMs < -11 * hourMs || segment.offsetMs > 14 * hourMs) offsetsOutOfRange.push(`${timeZone} ${segment.offsetMs / hourMs} h`);
      }
      for (let i = 0; i < zone.dates.length; i++) {
        days++;
        const wall = firstWall + i * 86_400_000;
        if (!changeNear(zone, wall, 16 * hourMs, 15 * hourMs) && (i + zoneIndex) % 13 !== 0) continue;
        called++;
        const actual = localDayStart(zone.dates[i]!, timeZone).getTime();
        if (actual !== zone.startMs[i]) {
          wrong.push(`${timeZone} ${zone.dates[i]}: ${new Date(actual).toISOString()}, first instant ${new Date(zone.startMs[i]!).toISOString()}`);
        }
      }
    }
    const cpu = process.cpuUsage(cpuBefore);
    console.log(
      `local day starts: ${zones.length} zones, ${days} zone-days, localDayStart called on ${called}, ` +
        `${Math.round(performance.now() - started)} ms (${Math.round((cpu.user + cpu.system) / 1000)} ms CPU)`,
    );
    expect(offsetsOutOfRange).toEqual([]);
    expect(wrong.slice(0, 20)).toEqual([]);
    expect(days).toBe(zones.length * 3_288);
  });
});
