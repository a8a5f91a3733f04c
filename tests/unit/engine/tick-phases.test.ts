// The tick's decisions, each on its own (lib/scheduler/tick/): how much a lane claims, what it
// does after an empty claim and how long it sleeps, when a failing lane gives up, how the
// summary counts and settles, and how lanes are started. Plain functions of what a lane knows:
// no database, no clock.
import { describe, expect, it } from "vitest";
import {
  addError, afterEmptyClaim, batchClaimFactor, afterLaneFailure, claimLimit, countClaimed, countOutcome, countRecovered, emptySummary, idleSleepMs,
  initialClaim, LaneSet, maxConsecutiveLaneFailures, maxSummaryErrors, minSleepMs, nextPerJobMs, settleStatus,
  type AttemptOutcome, type ClaimedJob, type LaneStart,
} from "../../../lib/scheduler/internal.ts";

describe("claimLimit: how many jobs a lane claims", () => {
  const base = { maxClaim: 32, longestLeaseMs: 10_000, groupWindowMs: 50 };

  it("before any job was measured: a few, as many as fit in the budget at a whole lease each, at least one", () => {
    expect(claimLimit({ ...base, remainingMs: 600_000, perJobMs: undefined })).toBe(initialClaim);
    expect(claimLimit({ ...base, remainingMs: 60_000, perJobMs: undefined })).toBe(6);
    expect(claimLimit({ ...base, remainingMs: 5_000, perJobMs: undefined })).toBe(1);
    expect(claimLimit({ ...base, maxClaim: 4, remainingMs: 600_000, perJobMs: undefined })).toBe(4);
  });

  it("once measured: what one group runs in its window, at least about 50 ms of work, within the budget and maxClaim", () => {
    expect(claimLimit({ ...base, remainingMs: 60_000, perJobMs: 20 })).toBe(3); // 50 ms window / 20 ms
    expect(claimLimit({ ...base, groupWindowMs: 200, remainingMs: 60_000, perJobMs: 20 })).toBe(10);
    // No window (a transaction per job): still ~50 ms of work per claim, not one job each.
    expect(claimLimit({ ...base, groupWindowMs: 0, remainingMs: 60_000, perJobMs: 5 })).toBe(10);
    expect(claimLimit({ ...base, remainingMs: 60_000, perJobMs: 0.5 })).toBe(32);
    expect(claimLimit({ ...base, remainingMs: 60_000, perJobMs: 0 })).toBe(32);
    expect(claimLimit({ ...base, remainingMs: 40, perJobMs: 10 })).toBe(4);
    expect(claimLimit({ ...base, remainingMs: 0, perJobMs: 10 })).toBe(1);
  });

  it("after a claim its types' batches did entirely: up to batchClaimFactor times maxClaim, within the budget, whatever the window", () => {
    expect(claimLimit({ ...base, remainingMs: 60_000, perJobMs: 20, batched: true })).toBe(Math.min(32 * batchClaimFactor, 3000));
    expect(claimLimit({ ...base, maxClaim: 4, remainingMs: 60_000, perJobMs: 0.5, batched: true })).toBe(4 * batchClaimFactor);
    expect(claimLimit({ ...base, remainingMs: 100, perJobMs: 1, batched: true })).toBe(100);
    expect(claimLimit({ ...base, remainingMs: 600_000, perJobMs: undefined, batched: true })).toBe(initialClaim);
  });

  it("the per-job cost is a moving average that starts at the first measurement", () => {
    expect(nextPerJobMs(undefined, 12)).toBe(12);
    expect(nextPerJobMs(10, 20)).toBeCloseTo(13);
  });
});

describe("after an empty claim", () => {
  const idleHousekeeping = { sweepUnfinished: false, busy: false };

  it("the first lane finishes a sweep that ran out of time before it leaves or sleeps", () => {
    expect(afterEmptyClaim({ primary: true }, "stay", { sweepUnfinished: true, busy: false })).toBe("finish-sweep");
    expect(afterEmptyClaim({ primary: true }, "drain", { sweepUnfinished: true, busy: false })).toBe("finish-sweep");
    // Another housekeeping (the housekeeper's) is at it: a draining tick waits for it to end and
    // looks again, rather than end with schedules unswept; a staying one sleeps (its next
    // housekeeping goes on); another lane leaves that to the first.
    expect(afterEmptyClaim({ primary: true }, "drain", { sweepUnfinished: true, busy: true })).toBe("await-housekeeping");
    expect(afterEmptyClaim({ primary: true }, "stay", { sweepUnfinished: true, busy: true })).toBe("sleep");
    expect(afterEmptyClaim({ primary: false }, "stay", { sweepUnfinished: true, busy: false })).toBe("leave");
  });

  it("a draining tick leaves; a staying tick's first lane sleeps and its other lanes leave", () => {
    expect(afterEmptyClaim({ primary: true }, "drain", idleHousekeeping)).toBe("leave");
    expect(afterEmptyClaim({ primary: false }, "drain", idleHousekeeping)).toBe("leave");
    expect(afterEmptyClaim({ primary: true }, "stay", idleHousekeeping)).toBe("sleep");
    expect(afterEmptyClaim({ primary: false }, "stay", idleHousekeeping)).toBe("leave");
  });
});

describe("idleSleepMs: how long an idle lane sleeps", () => {
  const polling = { listening: false, pollMs: 250, listeningPollMs: 1000, untilHousekeepingMs: 900 };
  const listening = { ...polling, listening: true };

  it("until the next due job, the poll or the next housekeeping, whichever comes first", () => {
    expect(idleSleepMs({ ...polling, untilNextWorkMs: null })).toBe(250);
    expect(idleSleepMs({ ...polling, untilNextWorkMs: 30 })).toBe(30);
    expect(idleSleepMs({ ...listening, untilNextWorkMs: null })).toBe(900);
    expect(idleSleepMs({ ...listening, untilNextWorkMs: null, untilHousekeepingMs: 5_000 })).toBe(1000);
    expect(idleSleepMs({ ...listening, untilNextWorkMs: 600 })).toBe(600);
  });

  it("a job due now that the claim did not get (another tick holds it): the short poll, not a tight loop", () => {
    expect(idleSleepMs({ ...polling, untilNextWorkMs: 0 })).toBe(250);
    expect(idleSleepMs({ ...listening, untilNextWorkMs: 0 })).toBe(250);
  });

  it(`never less than ${minSleepMs} ms, even with a housekeeping overdue`, () => {
    expect(idleSleepMs({ ...polling, untilNextWorkMs: 1 })).toBe(minSleepMs);
    expect(idleSleepMs({ ...polling, untilNextWorkMs: null, untilHousekeepingMs: -300 })).toBe(minSleepMs);
  });
});

describe("afterLaneFailure: a failed round", () => {
  it("a lane that cannot get a connection while the first lane runs leaves the pool to the others", () => {
    expect(afterLaneFailure({ failures: 1, unavailable: true, primary: false, mode: "stay" })).toBe("leave");
    expect(afterLaneFailure({ failures: 1, unavailable: true, primary: true, mode: "stay" })).toBe(200);
  });

  it(`a draining tick, or a helper lane, gives up after ${maxConsecutiveLaneFailures} in a row; the pause doubles`, () => {
    const draining = (failures: number) => afterLaneFailure({ failures, unavailable: false, primary: true, mode: "drain" });
    expect([1, 2, 3].map(draining)).toEqual([200, 400, "leave"]);
    expect(afterLaneFailure({ failures: 3, unavailable: false, primary: false, mode: "stay" })).toBe("leave");
  });

  it("a staying tick's first lane rides out an outage to the end of its budget, pausing at most 1.6 s", () => {
    const staying = (failures: number) => afterLaneFailure({ failures, unavailable: true, primary: true, mode: "stay" });
    expect([1, 2, 3, 4, 5, 50].map(staying)).toEqual([200, 400, 800, 1600, 1600, 1600]);
  });
});

describe("the summary", () => {
  it("an error makes an ok tick degraded; at most the first errors are kept, then one line says more were left out", () => {
    const summary = emptySummary("t_test", "drain");
    addError(summary, "first");
    expect(summary.status).toBe("degraded");
    for (let i = 0; i < 30; i++) addError(summary, `more ${i}`);
    expect(summary.errors).toHaveLength(maxSummaryErrors + 1);
    expect(summary.errors.at(-1)).toBe("(more errors not shown)");
    const unavailable = { ...emptySummary("t_test", "drain"), status: "unavailable" as const };
    addError(unavailable, "later");
    expect(unavailable.status).toBe("unavailable");
  });

  it("counts outcomes, recovered jobs (dead and cancelled among them) and claims per type", () => {
    const summary = emptySummary("t_test", "stay");
    const outcomes: AttemptOutcome[] = ["succeeded", "succeeded", "failed", "dead", "cancelled", "lease_lost", "deferred"];
    for (const outcome of outcomes) countOutcome(summary, outcome);
    countRecovered(summary, [{ status: "pending" }, { status: "dead" }, { status: "cancelled" }]);
    const job = (jobType: string) => ({ jobType }) as ClaimedJob;
    countClaimed(summary, [job("a"), job("b"), job("a")]);
    expect(summary).toMatchObject({
      succeeded: 2, failed: 1, dead: 2, cancelled: 2, leaseLost: 1, deferred: 1, recovered: 3, claimed: 3, jobTypes: { a: 2, b: 1 },
    });
  });

  it("settles as unavailable only when it claimed nothing and every error was a refused connection", () => {
    const refused = "DulyError: could not get a database connection: connect ECONNREFUSED";
    const settled = (claimed: number, errors: string[]) => {
      const summary = { ...emptySummary("t_test", "stay"), claimed };
      for (const error of errors) addError(summary, error);
      settleStatus(summary);
      return summary.status;
    };
    expect(settled(0, [])).toBe("ok");
    expect(settled(0, [refused, refused])).toBe("unavailable");
    expect(settled(0, [refused, "recurring schedules: something else"])).toBe("degraded");
    expect(settled(1, [refused])).toBe("degraded");
  });
});

describe("LaneSet: the lanes of a tick", () => {
  /** Lanes that run until the test ends them. */
  function controlledLanes() {
    const started: Array<LaneStart & { end: () => void }> = [];
    const run = (start: LaneStart) =>
      new Promise<void>((resolve) => {
        started.push({ ...start, end: resolve });
      });
    return { started, run };
  }

  it("the first lane is the primary, names count from 0, and no more than maxLanes run at once", async () => {
    const { started, run } = controlledLanes();
    const lanes = new LaneSet(2, "t_x", run);
    lanes.spawn(null);
    lanes.spawn(null);
    lanes.spawn(null); // no room
    expect(started.map(({ primary, claimer }) => ({ primary, claimer }))).toEqual([
      { primary: true, claimer: "t_x/0" },
      { primary: false, claimer: "t_x/1" },
    ]);
    started[1]!.end();
    await new Promise((resolve) => setImmediate(resolve));
    lanes.spawn(null); // room again
    expect(started.map((s) => s.claimer)).toEqual(["t_x/0", "t_x/1", "t_x/2"]);
    started[0]!.end();
    started[2]!.end();
    await lanes.settled();
  });

  it("settles only once lanes started by lanes meanwhile have ended too", async () => {
    const { started, run } = controlledLanes();
    const lanes = new LaneSet(4, "t_y", run);
    lanes.spawn(null);
    let settled = false;
    const settling = lanes.settled().then(() => (settled = true));
    lanes.spawn(null); // a backlog found by the first lane
    started[0]!.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    started[1]!.end();
    await settling;
    expect(settled).toBe(true);
  });
});
