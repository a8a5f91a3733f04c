// An evaluation ran at a later instant (a time-travelled tick three weeks ahead, or a server
// clock that was wrong) and the clock then came back: the condition's state says it fired and
// was last notified in the future, so reminders stopped until the clock caught up (three weeks
// of silence while it still fires). A state from the future is taken back to now: the
// reminders resume one re-notify interval later, and "since" is never after now.
import { describe, expect, it } from "vitest";
import { nextState } from "../../../lib/alerts/conditions.ts";

const t0 = new Date("2027-05-03T08:00:00Z");
const minute = 60_000;
const at = (ms: number) => new Date(t0.getTime() + ms);
const renotify = 60 * minute;

describe("a firing condition after the clock went back", () => {
  it("reminds one interval after the jump back, not when the clock catches up", () => {
    const ahead = at(21 * 1_440 * minute);
    const fired = nextState(undefined, true, ahead, renotify);
    expect(fired.notice).toBe("firing");
    const back = nextState(fired.state, true, t0, renotify);
    expect(back.state.since.getTime()).toBeLessThanOrEqual(t0.getTime());
    expect(back.state.lastNotifiedAt!.getTime()).toBeLessThanOrEqual(t0.getTime());
    expect(nextState(back.state, true, at(renotify), renotify).notice).toBe("reminder");
  });

  it("still resolves, and a clock that only moves forward is unchanged", () => {
    const fired = nextState(undefined, true, t0, renotify);
    expect(nextState(fired.state, true, at(30 * minute), renotify).notice).toBeNull();
    expect(nextState(fired.state, true, at(renotify), renotify).notice).toBe("reminder");
    expect(nextState(fired.state, false, at(-minute), renotify).notice).toBe("resolved");
  });
});
