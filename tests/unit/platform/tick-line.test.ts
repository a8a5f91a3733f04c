import { describe, expect, it } from "vitest";
import { formatIdleLine, formatTickLine, tickDidSomething, type TickSummaryLine } from "../../../scripts/lib/ticker.ts";

// Local wall-clock components, so the expected time of day holds in any time zone.
const at = new Date(2026, 11, 1, 9, 41, 7);

describe("formatTickLine", () => {
  const summary: TickSummaryLine = { tickId: "t_abc", claimed: 3, succeeded: 3, failed: 0, dead: 0, leaseLost: 0, deferred: 0, recovered: 0, recurringEnqueued: 1, lagMs: 120.4, durationMs: 45, errors: [], jobTypes: {} };

  it("says when and what the tick did on one line", () => {
    expect(formatTickLine(summary, at)).toBe("09:41:07 tick t_abc: claimed 3, ok 3, failed 0, dead 0, recurring 1, lag 120ms, 45ms");
  });

  it("names the job types it ran, most frequent first", () => {
    expect(formatTickLine({ ...summary, jobTypes: { "demo.ping": 1, "booking.close-event": 2 } }, at)).toBe(
      "09:41:07 tick t_abc: claimed 3 (booking.close-event 2, demo.ping 1), ok 3, failed 0, dead 0, recurring 1, lag 120ms, 45ms",
    );
  });

  it("mentions recoveries, lost leases and errors only when there are some", () => {
    expect(formatTickLine({ ...summary, recovered: 2, leaseLost: 1, errors: ["boom"] }, at)).toBe(
      "09:41:07 tick t_abc: claimed 3, ok 3, failed 0, dead 0, recurring 1, recovered 2, lease lost 1, lag 120ms, 45ms (errors: boom)",
    );
  });
});

describe("tickDidSomething", () => {
  const idle: TickSummaryLine = { tickId: "t_idle", claimed: 0, succeeded: 0, failed: 0, dead: 0, leaseLost: 0, deferred: 0, recovered: 0, recurringEnqueued: 0, lagMs: 0, durationMs: 10_000, errors: [], jobTypes: {} };

  it("is false for a tick that found nothing, true for any claim, recovery, enqueue or error", () => {
    expect(tickDidSomething(idle)).toBe(false);
    expect(tickDidSomething({ ...idle, claimed: 1 })).toBe(true);
    expect(tickDidSomething({ ...idle, recovered: 1 })).toBe(true);
    expect(tickDidSomething({ ...idle, recurringEnqueued: 1 })).toBe(true);
    expect(tickDidSomething({ ...idle, errors: ["connection lost"] })).toBe(true);
  });
});

describe("formatIdleLine", () => {
  it("says how long nothing ran", () => {
    expect(formatIdleLine(30, new Date(2026, 11, 1, 9, 36, 7), at)).toBe("09:41:07 idle: 30 ticks since 09:36:07 ran nothing");
  });
});
