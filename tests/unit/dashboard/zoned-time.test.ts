import { describe, expect, it } from "vitest";
import { formatInZone, parseLocalDateTime, resolveLocalTime, toDateTimeLocalValue } from "../../../lib/time/zoned-time.ts";
import { isTimeZone } from "../../../lib/validation/fields.ts";

const resolve = (text: string, zone: string) => resolveLocalTime(parseLocalDateTime(text)!, zone);

describe("local times in a zone", () => {
  it("resolves an ordinary local time to its one instant", () => {
    expect(resolve("2026-12-05T14:30", "Europe/Berlin")).toEqual({ kind: "exact", instant: new Date("2026-12-05T13:30:00Z") });
    expect(resolve("2026-07-05T14:30", "America/New_York")).toEqual({ kind: "exact", instant: new Date("2026-07-05T18:30:00Z") });
    expect(resolve("2026-07-05T14:30", "UTC")).toEqual({ kind: "exact", instant: new Date("2026-07-05T14:30:00Z") });
  });

  it("refuses a time in the spring-forward gap instead of shifting it", () => {
    expect(resolve("2026-03-29T02:30", "Europe/Berlin")).toEqual({ kind: "nonexistent" });
    expect(resolve("2026-03-08T02:15", "America/New_York")).toEqual({ kind: "nonexistent" });
    // Either side of the gap is fine.
    expect(resolve("2026-03-29T03:00", "Europe/Berlin")).toEqual({ kind: "exact", instant: new Date("2026-03-29T01:00:00Z") });
  });

  it("gives both instants of a fall-back time, earlier first", () => {
    expect(resolve("2026-10-25T02:30", "Europe/Berlin")).toEqual({
      kind: "ambiguous",
      earlier: new Date("2026-10-25T00:30:00Z"),
      later: new Date("2026-10-25T01:30:00Z"),
    });
    expect(resolve("2026-11-01T01:30", "America/New_York")).toMatchObject({ kind: "ambiguous" });
  });

  it("handles zones with odd offsets and no DST", () => {
    expect(resolve("2026-12-05T12:00", "Asia/Kathmandu")).toEqual({ kind: "exact", instant: new Date("2026-12-05T06:15:00Z") });
    expect(resolve("2026-12-05T12:00", "Australia/Lord_Howe")).toMatchObject({ kind: "exact" });
  });

  it("parses only real date-times", () => {
    expect(parseLocalDateTime("2026-02-30T10:00")).toBeNull();
    expect(parseLocalDateTime("2026-12-05T24:00")).toBeNull();
    expect(parseLocalDateTime("2026-12-05 10:00")).toBeNull();
    expect(parseLocalDateTime("2026-12-05T10:00\u0000")).toBeNull();
    expect(parseLocalDateTime("2026-12-05T10:00:30")).toMatchObject({ second: 30 });
  });

  it("says the zone and offset with every time", () => {
    expect(formatInZone(new Date("2026-10-25T00:30:00Z"), "Europe/Berlin")).toBe("2026-10-25 02:30:00 Europe/Berlin (+02:00)");
    expect(formatInZone(new Date("2026-10-25T01:30:00Z"), "Europe/Berlin")).toBe("2026-10-25 02:30:00 Europe/Berlin (+01:00)");
    expect(toDateTimeLocalValue(new Date("2026-12-05T13:30:00Z"), "Europe/Berlin")).toBe("2026-12-05T14:30");
  });

  it("knows real zones from made-up ones", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
