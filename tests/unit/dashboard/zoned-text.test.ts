// Instants inside a message are shown in the operator's zone, in the page's words.
import { describe, expect, it } from "vitest";
import { instantsInZone } from "../../../lib/time/zoned-text.ts";

describe("instants inside a text, in the display zone", () => {
  it("rewrites every ISO instant, with Z or an offset, and nothing else", () => {
    expect(instantsInZone("booking 4's event is due at 2027-03-11T18:00:00.000Z, not yet at 2027-03-10T09:15:00Z", "Europe/Paris")).toBe(
      "booking 4's event is due at 2027-03-11 19:00:00 Europe/Paris (+01:00), not yet at 2027-03-10 10:15:00 Europe/Paris (+01:00)",
    );
    expect(instantsInZone("moved to 2026-07-01T12:00+02:00", "Asia/Kathmandu")).toBe("moved to 2026-07-01 15:45:00 Asia/Kathmandu (+05:45)");
    expect(instantsInZone("already at 2026-12-31T12:00:00.000Z: nothing to move", "Europe/Berlin")).toBe("already at 2026-12-31 13:00:00 Europe/Berlin (+01:00): nothing to move");
  });

  it("leaves local times, dates, ids and impossible instants alone", () => {
    for (const text of ["on 2026-12-01", "at 2026-12-05T14:30 (a local time)", "job 2026-12-05T14", "2026-02-30T10:00:00Z", "key 2026-12-05T14:30:00Z9"]) {
      expect(instantsInZone(text, "Europe/Berlin"), text).toBe(text);
    }
  });
});
