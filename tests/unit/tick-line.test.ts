import { describe, expect, it } from "vitest";
import { formatTickLine } from "../../scripts/lib/ticker.ts";

describe("formatTickLine", () => {
  const summary = { tickId: "t_abc", claimed: 3, succeeded: 3, failed: 0, dead: 0, leaseLost: 0, recovered: 0, recurringEnqueued: 1, lagMs: 120.4, durationMs: 45, errors: [] };

  it("says what the tick did on one line", () => {
    expect(formatTickLine(summary)).toBe("tick t_abc: claimed 3, ok 3, failed 0, dead 0, recurring 1, lag 120ms, 45ms");
  });

  it("mentions recoveries, lost leases and errors only when there are some", () => {
    expect(formatTickLine({ ...summary, recovered: 2, leaseLost: 1, errors: ["boom"] })).toBe(
      "tick t_abc: claimed 3, ok 3, failed 0, dead 0, recurring 1, recovered 2, lease lost 1, lag 120ms, 45ms (errors: boom)",
    );
  });
});
