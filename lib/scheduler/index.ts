// The scheduler engine's public API: durable future work as rows in PostgreSQL. Framework-free;
// it knows no concrete job type (jobs/ hands it a catalogue). Code outside lib/scheduler
// imports only this file (a lint rule keeps it so); the engine's own tests may also use
// ./internal.ts.
export { defineJob, createCatalogue, defaultRetry, PermanentJobError } from "./job-definition.ts";
export type { BatchContext, BatchJob, Catalogue, Deployment, JobDefinition, JobContext, RetryPolicy, RecurringDefinition } from "./job-definition.ts";
export { NotBefore } from "./deferral.ts";
export type { BusinessTime, BusinessTimeOf } from "./deferral.ts";
export { DulyError, ErrorCode, isDulyError } from "../errors.ts";
export { limits } from "./limits.ts";
export type { Subject } from "./subject.ts";
export { schedule, scheduleMany } from "./schedule-job.ts";
export type { ScheduleManyOptions } from "./schedule-job.ts";
export type { ScheduleInput, ScheduleResult } from "./schedule-job.ts";
export { reschedule, shiftForSubject } from "./reschedule-job.ts";
export type { RescheduleResult, ShiftResult } from "./reschedule-job.ts";
export { cancel, cancelForSubject, cancelForSubjects } from "./cancel-job.ts";
export type { Cancellation, CancelResult, SubjectCancelResult, SubjectsCancelResult } from "./cancel-job.ts";
export { runNow } from "./run-job-now.ts";
export { pendingJobDueBy } from "./pending-job.ts";
export { retry } from "./retry-job.ts";
export { agenda, jobsForSubject, jobsByStatus, findJob, runsOfJob } from "./queries.ts";
export type { Agenda, AgendaItem, AgendaQuery, JobView, RunView, JobStatus, RunOutcome } from "./queries.ts";
export { tick } from "./tick.ts";
export { recordTick, lastTick } from "./tick-record.ts";
export type { RecordedTick } from "./tick-record.ts";
export type { TickOptions, TickSummary, TickMode } from "./tick.ts";
export { pruneFinishedJobs } from "./prune-finished-jobs.ts";
export { databaseClock } from "./clock.ts";
export { findPayloadsThatNoLongerFit } from "./check-payloads.ts";
export type { PayloadMisfit } from "./check-payloads.ts";
export { occurrenceKey } from "./recurring/sweep.ts";
