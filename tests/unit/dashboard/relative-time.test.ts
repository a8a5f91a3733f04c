import { describe, expect, it } from "vitest";
import { duration, relativeTime, shortRelativeTime } from "../../../lib/format/relative-time.ts";

const now = new Date("2026-11-29T12:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);

describe("relativeTime", () => {
  it.each([
    [0, "now"],
    [30_000, "in 30 seconds"],
    [-5 * 60_000, "5 minutes ago"],
    [3_600_000, "in 1 hour"],
    [47 * 3_600_000, "in 2 days"],
    [24 * 3_600_000, "tomorrow"],
    [-24 * 3_600_000, "yesterday"],
  ])("%i ms reads %s", (delta, text) => {
    expect(relativeTime(at(delta), now)).toBe(text);
  });
});

describe("duration", () => {
  it.each([
    [400, "under a second"],
    [30_000, "30 seconds"],
    [-5 * 60_000, "5 minutes"],
    [90 * 60_000, "2 hours"],
    [24 * 3_600_000, "1 day"],
  ])("%i ms reads %s", (ms, text) => {
    expect(duration(ms)).toBe(text);
  });
});

describe("shortRelativeTime", () => {
  const second = 1_000;
  const minute = 60 * second;
  const hour = 60 * minute;
  const day = 24 * hour;
  it.each([
    [0, "now"],
    [999, "now"],
    [-999, "now"],
    [1_000, "in 1 s"],
    [-1_000, "1 s ago"],
    [59 * second + 400, "in 59 s"],
    // Rounding up to the next unit reads in that unit.
    [59 * second + 600, "in 1 min"],
    [-2 * minute, "2 min ago"],
    [59 * minute + 40 * second, "in 1 h"],
    [-(59 * minute + 29 * second), "59 min ago"],
    [3 * hour, "in 3 h"],
    [3 * hour + 29 * minute, "in 3 h"],
    [3 * hour + 31 * minute, "in 4 h"],
    [23 * hour + 31 * minute, "in 1 d"],
    [-36 * hour, "2 d ago"],
    [1_500 * day, "in 1,500 d"],
  ])("%i ms reads %s", (delta, text) => {
    expect(shortRelativeTime(at(delta), now)).toBe(text);
  });

  it("depends only on the two instants given (no reading of the machine's clock)", () => {
    const far = new Date("1999-01-01T00:00:00Z");
    expect(shortRelativeTime(new Date(far.getTime() + 5 * 60_000), far)).toBe("in 5 min");
  });
});
