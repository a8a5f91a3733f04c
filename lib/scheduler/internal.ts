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
