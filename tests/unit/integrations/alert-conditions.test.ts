// When an alert speaks (decision 0036), as plain functions of the state, the judgement and the
// clock: on the way into the bad state, again only after the re-notify interval while it lasts,
// once when it clears; thresholds left empty are off; the heartbeat's /fail URL.
import { describe, expect, it } from "vitest";
import { judge, nextState, spell, type ConditionState } from "../../../lib/alerts/conditions.ts";
import { heartbeatTarget } from "../../../lib/alerts/heartbeat.ts";

const t0 = new Date("2027-05-03T08:00:00Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const hour = 3_600_000;

describe("nextState", () => {
  it("alerts on the way in, is silent while it lasts, reminds after the interval, and resolves once", () => {
    const steps: Array<[number, boolean]> = [[0, false], [1, true], [2, true], [30, true], [61, true], [62, true], [90, false], [91, false], [92, true]];
    let state: ConditionState | undefined;
    const notices: string[] = [];
    for (const [minute, bad] of steps) {
      const next = nextState(state, bad, at(minute), hour);
      state = next.state;
      notices.push(next.notice ?? "-");
    }
    expect(notices).toEqual(["-", "firing", "-", "-", "reminder", "-", "resolved", "-", "firing"]);
    expect(state).toEqual({ firing: true, since: at(92), lastNotifiedAt: at(92) });
  });

  it("a condition first seen bad alerts at once; first seen fine says nothing", () => {
    expect(nextState(undefined, true, t0, hour)).toEqual({ state: { firing: true, since: t0, lastNotifiedAt: t0 }, notice: "firing" });
    expect(nextState(undefined, false, t0, hour).notice).toBeNull();
  });
});

describe("judge", () => {
  const figures = { lagMs: 301_000, deadJobs: 2, failingEndpoints: [{ id: 7, host: "hooks.example.com", failingSince: at(-20) }, { id: 8, host: "b.example.com", failingSince: at(-5) }] };

  it("compares each figure with its threshold", () => {
    expect(judge(figures, { lagSeconds: 300, deadJobs: 3, webhookFailingMinutes: 15 }, t0)).toEqual([
      { condition: "lag", bad: true, detail: "the oldest due job is 5 min 1 s late (threshold 5 min)" },
      { condition: "dead_jobs", bad: false, detail: "2 dead jobs (threshold 3)" },
      { condition: "webhook_failing", bad: true, detail: `1 endpoint failing for 15 min or more: #7 (hooks.example.com) since ${at(-20).toISOString()}` },
    ]);
  });

  it("an empty threshold is off", () => {
    expect(judge(figures, { lagSeconds: null, deadJobs: null, webhookFailingMinutes: null }, t0).map((j) => j.bad)).toEqual([false, false, false]);
  });
});

describe("spell and heartbeatTarget", () => {
  it("spells durations for a reader at a glance", () => {
    expect([spell(42_000), spell(432_000), spell(600_000), spell(11_100_000)]).toEqual(["42 s", "7 min 12 s", "10 min", "3 h 5 min"]);
  });

  it("adds /fail for a failed tick (healthchecks.io's convention), once, keeping the query", () => {
    expect(heartbeatTarget("https://hc-ping.com/abc", false)).toBe("https://hc-ping.com/abc");
    expect(heartbeatTarget("https://hc-ping.com/abc", true)).toBe("https://hc-ping.com/abc/fail");
    expect(heartbeatTarget("https://hc-ping.com/abc/?rid=1", true)).toBe("https://hc-ping.com/abc/fail?rid=1");
  });
});
