// The scheduler engine: durable future work as rows in PostgreSQL. Framework-free; it knows
// no concrete job type (jobs/ hands it a catalogue).
export { defineJob, createCatalogue, defaultRetry, PermanentJobError } from "./job-definition.ts";
export type { Catalogue, JobDefinition, JobContext, RetryPolicy, RecurringDefinition } from "./job-definition.ts";
export { SchedulerError, SchedulerErrorCode } from "./errors.ts";
export type { Subject } from "./subject.ts";
export { schedule, scheduleMany } from "./schedule-job.ts";
export type { ScheduleInput, ScheduleResult } from "./schedule-job.ts";
export { reschedule } from "./reschedule-job.ts";
export { cancel, cancelForSubject, shiftForSubject } from "./cancel-job.ts";
export type { Cancellation } from "./cancel-job.ts";
export { runNow } from "./run-job-now.ts";
export { retry } from "./retry-job.ts";
export { agenda, jobsForSubject, jobsByStatus, findJob, runsOfJob } from "./queries.ts";
export type { AgendaItem, AgendaQuery, JobView, RunView, JobStatus, RunOutcome } from "./queries.ts";
export { tick, newTickId } from "./tick.ts";
export type { TickOptions, TickSummary, TickMode } from "./tick.ts";
export { runClaimedJob, runJobGroup, LeaseLostError, LeaseTimeoutError } from "./run-job-group.ts";
export type { AttemptOutcome, GroupOptions } from "./run-job-group.ts";
export { claimDueJobs } from "./sql/claim-due-jobs.ts";
export type { ClaimedJob } from "./sql/claim-due-jobs.ts";
export { recoverExpiredLeases } from "./sql/recover-expired-leases.ts";
export { syncRecurringSchedules, upsertRecurringSchedule, enqueueDueRecurring, occurrenceKey, occurrencesToRun } from "./recurring-schedules.ts";
export { nextOccurrenceAfter, occurrencesBetween } from "./cron-occurrences.ts";
export { pruneFinishedJobs } from "./prune-finished-jobs.ts";
export { clockStartingAt, databaseClock, frozenClock } from "./clock.ts";
export type { Clock } from "./clock.ts";
export { findPayloadsThatNoLongerFit } from "./check-payloads.ts";
export type { PayloadMisfit } from "./check-payloads.ts";
