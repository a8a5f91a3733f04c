// The engine's internals, for the engine's own tests: claiming, running, recovering and the
// recurring machinery one step at a time. Application code uses index.ts.
export { claimDueJobs, startGraceMs } from "./sql/claim-due-jobs.ts";
export type { ClaimedJob, ClaimableType } from "./sql/claim-due-jobs.ts";
export { housekeeping, millisecondsUntilNextWork } from "./sql/housekeeping.ts";
export { runClaimedJobs, LeaseLostError, LeaseTimeoutError, SwallowedDatabaseError, maxGroupSize } from "./run-job-group.ts";
export type { AttemptOutcome, RunOptions } from "./run-job-group.ts";
export { Lane } from "./lane.ts";
export { clockStartingAt, frozenClock } from "./clock.ts";
export type { Clock } from "./clock.ts";
export { reconcileRecurringSchedules, shouldReconcile, startDeploymentTick, fingerprintKey } from "./recurring/reconcile.ts";
export { deploymentKeyPrefix, liveWindowMs, wantedSchedules } from "./recurring/deployments.ts";
export { sweepRecurringSchedules, catchUpAllCap } from "./recurring/sweep.ts";
export { dueOccurrences, nextOccurrenceAfter, occurrencesAtOrBefore, occurrencesToRun } from "./cron-occurrences.ts";
export { newTickId } from "./tick.ts";
export { dueSoonChannel, listeningWakeUp, notifyWindowMs } from "./wake-up.ts";
// The tick's phases one at a time (tick/): their decisions as plain functions, and each phase
// on a tick's context.
export { newTickContext, housekeepingDue } from "./tick/context.ts";
export type { TickContext } from "./tick/context.ts";
export { batchClaimFactor, claimLimit, nextPerJobMs, initialClaim, claimHorizonMs } from "./tick/claim-size.ts";
export { afterEmptyClaim, idleSleepMs, waitForMoreWork, minSleepMs } from "./tick/stay.ts";
export { afterLaneFailure, maxConsecutiveLaneFailures } from "./tick/lane-loop.ts";
export type { LaneStart } from "./tick/lane-loop.ts";
export { LaneSet } from "./tick/lane-set.ts";
export { firstHousekeeping, housekeepingPhase } from "./tick/housekeeping.ts";
export { Claimer, leaveUnansweredClaim } from "./tick/claim.ts";
export { runPhase, runOptionsOf } from "./tick/run.ts";
export { addError, countClaimed, countOutcome, countRecovered, emptySummary, maxSummaryErrors, settleStatus } from "./tick/summary.ts";
