import { describe, expect, it } from "vitest";
import { duration, relativeTime } from "../../../lib/format/relative-time.ts";

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
