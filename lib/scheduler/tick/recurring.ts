// Phase 2, the recurring sweep, right after each housekeeping that asks for it: a deployment's
// tick records its start and reconciles the schedules with the code (recurring/reconcile.ts),
// then due schedules become jobs (recurring/sweep.ts).
//
// Reads: settings, clock, the housekeeping's answer. Writes: housekeeping.deploymentRecorded and
// .sweepUnfinished, nothingDueAtStart (new work after all); counts what it enqueued and asks for
// a lane when it did.
import type { Lane } from "../lane.ts";
import { registerDeployment } from "../recurring/deployments.ts";
import { reconcileRecurringSchedules, shouldReconcile } from "../recurring/reconcile.ts";
import { sweepRecurringSchedules } from "../recurring/sweep.ts";
import { describeError } from "../describe-error.ts";
import type { HousekeepingResult } from "../sql/housekeeping.ts";
import type { TickContext } from "./context.ts";
import { addError } from "./summary.ts";

/**
 * Never throws: the recurring work must never keep the tick from claiming. Its failures are
 * reported, and the claim goes on (a dead connection shows up there and is handled by the lane).
 */
export async function recurringPhase(context: TickContext, lane: Lane, result: HousekeepingResult, first: boolean): Promise<void> {
  const { catalogue, travelling } = context.settings;
  try {
    let sweep = result.recurringDue || context.housekeeping.sweepUnfinished;
    // Only a deployment's tick changes the schedules (recurring/reconcile.ts): it records its
    // start once, then reconciles when the live deployments or the table changed. The clock
    // is the tick's (the real one when travelling: a travelled instant decides nothing real).
    const realNow = travelling ? result.databaseNow : context.clock();
    // (Recorded once: a failing reconciliation retried later must not make a staying tick
    // look like a new start and keep its deployment live.)
    if (catalogue.deployment && !context.housekeeping.deploymentRecorded) {
      await registerDeployment(lane.connection, catalogue.deployment, catalogue, realNow);
      context.housekeeping.deploymentRecorded = true;
    }
    const view = { reconciled: result.recurringReconciled, liveDeployments: result.liveDeployments, tableDigest: result.recurringTableDigest };
    // The first housekeeping read the live set before this tick recorded itself: decide under the lock.
    if (catalogue.deployment && (first || shouldReconcile(catalogue, view))) {
      const reconciled = await reconcileRecurringSchedules(lane.connection, catalogue, realNow);
      if (reconciled) sweep = true;
      for (const skipped of reconciled?.skipped ?? []) {
        addError(context.summary, `recurring schedules: a live deployment declares ${skipped}, which this code cannot write; left as it stands`);
      }
    }
    if (sweep) await sweepDueSchedules(context, lane);
  } catch (error) {
    addError(context.summary, `recurring schedules: ${describeError(error)}`);
  }
}

/** Turns due schedules into jobs, as many as one sweep may; the rest wait for the next housekeeping. */
async function sweepDueSchedules(context: TickContext, lane: Lane): Promise<void> {
  const { catalogue, travelling } = context.settings;
  const swept = await sweepRecurringSchedules(lane.connection, catalogue, { now: context.clock(), travelling });
  context.housekeeping.sweepUnfinished = !swept.complete;
  context.summary.recurringEnqueued += swept.enqueued;
  for (const error of swept.errors) addError(context.summary, error);
  if (swept.enqueued > 0) {
    context.nothingDueAtStart = false;
    context.requestLane(); // new work: a free lane takes it even if the others are busy
  }
}
