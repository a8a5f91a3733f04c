// One lane's life: on a connection of its own, again and again until the budget is spent,
// housekeeping when it is due, claim, then run what it claimed, or stay/leave when there was
// nothing. A failure (a dropped connection, a statement refused) costs the connection and a
// short pause, not the lane: the next round starts on a fresh one.
import { describeError, toError } from "../describe-error.ts";
import { Lane } from "../lane.ts";
import type { RunOptions } from "../run-job-group.ts";
import { sleep } from "../wake-up.ts";
import { Claimer } from "./claim.ts";
import { claimLimit } from "./claim-size.ts";
import { budgetLeft, housekeepingDue, isUnavailable, type TickContext } from "./context.ts";
import { housekeepingPhase } from "./housekeeping.ts";
import type { TickMode } from "./options.ts";
import { runPhase } from "./run.ts";
import { afterEmptyClaim, awaitHousekeeping, waitForMoreWork } from "./stay.ts";
import { addError } from "./summary.ts";

/** A lane gives up after this many failures in a row without progress. */
export const maxConsecutiveLaneFailures = 3;

export interface LaneStart {
  /** The connection to start on (the first lane's, which ran the first housekeeping), or null. */
  lane: Lane | null;
  /** The tick's first lane stays for the whole budget; the others come for a backlog and leave when it is gone. */
  primary: boolean;
  /** The lane's name (locked_by). */
  claimer: string;
}

export async function runLane(context: TickContext, start: LaneStart, runOptions: RunOptions): Promise<void> {
  let lane = start.lane;
  let failures = 0;
  const claimer = new Claimer(start.claimer, start.primary);
  try {
    while (performance.now() < context.deadline) {
      try {
        lane ??= await Lane.open(context.pool);
        if (housekeepingDue(context)) await housekeepingPhase(context, lane, false);
        const limit = claimSize(context);
        const jobs = await claimer.claim(context, lane, limit);
        failures = 0;
        if (jobs.length > 0) {
          await runPhase(context, lane, jobs, limit, runOptions, claimer.alreadyCounted);
          claimer.ran(); // (an error escaping the run leaves the claimer to find what it still holds)
          continue;
        }
        const step = afterEmptyClaim(start, context.settings.mode, context.housekeeping);
        if (step === "finish-sweep") await housekeepingPhase(context, lane, false);
        if (step === "await-housekeeping") await awaitHousekeeping(context);
        if (step === "leave") return;
        if (step === "sleep") {
          lane.close();
          lane = null; // an idle lane holds no connection
          context.settings.onIdle?.();
          if (!(await waitForMoreWork(context))) return;
        }
      } catch (error) {
        claimer.failed();
        failures += 1;
        addError(context.summary, describeError(error));
        lane?.close(toError(error));
        lane = null;
        const pause = afterLaneFailure({ failures, unavailable: isUnavailable(error), primary: start.primary, mode: context.settings.mode });
        if (pause === "leave") return;
        await sleep(Math.min(pause, Math.max(0, budgetLeft(context))));
      }
    }
  } finally {
    lane?.close();
    claimer.ended();
  }
}

function claimSize(context: TickContext): number {
  const { maxClaim, longestLeaseMs, groupWindowMs } = context.settings;
  return claimLimit({ remainingMs: budgetLeft(context), perJobMs: context.perJobMs, maxClaim, longestLeaseMs, groupWindowMs, batched: context.lastRunBatched });
}

/**
 * After a failed round: leave, or the pause before the next try (doubling from 200 ms to
 * 1.6 s). A lane that cannot get a connection while others run leaves them the pool; a
 * staying tick's first lane rides out an outage until its budget ends (it is what keeps the
 * cron's coverage continuous); a draining one tells its caller soon.
 */
export function afterLaneFailure({ failures, unavailable, primary, mode }: { failures: number; unavailable: boolean; primary: boolean; mode: TickMode }): "leave" | number {
  if (unavailable && !primary) return "leave"; // the pool is full: the other lanes carry on
  if (failures >= maxConsecutiveLaneFailures && !(primary && mode === "stay")) return "leave";
  return 100 * 2 ** Math.min(failures, 4);
}
