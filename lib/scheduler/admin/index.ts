// The engine's second public entry point: what operators ask of the schedule, in the spirit of
// River's and Oban's admin APIs. Listing and counting jobs with filters, one job with its runs,
// locking a job as a page saw it, pausing and resuming job types, pausing, resuming and running
// recurring schedules, bulk changes (a preview that records which jobs it counted, then batches
// that apply exactly those), the one rule for locking a business record's jobs, and the
// overview's counts.
//
// The engine's tables (scheduled_jobs, job_runs, job_type_pauses, recurring_schedules,
// scheduler_state, and the bulk operations' snapshot of job ids) are read and written only in
// lib/scheduler: index.ts serves the code that schedules and runs work, this file the code that
// watches and steers it (the dashboard's use cases in lib/operations, its pages, scripts). A lint
// rule refuses those table names and Prisma models anywhere else (eslint.config.js,
// docs/decisions/0024).
//
// Every change takes the caller's transaction (`tx`), so the caller writes its audit entry in
// the same commit; reads take a client or a transaction.
export type { Operator } from "./operator.ts";

export { listJobs, jobListSql, countJobs, countJobsInStatuses, jobTypesInUse } from "./job-list.ts";
export type { JobListFilter, JobListQuery, JobListPage, JobListRow, JobCursor, SortDirection } from "./job-list.ts";
export { findJobDetail, jobPayload, payloadShownChars } from "./job-detail.ts";
export type { JobDetail } from "./job-detail.ts";
export { runsOfJob } from "../queries.ts";
export type { JobStatus, RunOutcome, RunView } from "../queries.ts";
export { lockJob, jobVersion } from "./job-lock.ts";
export type { JobLock, LockedJob } from "./job-lock.ts";
export { latestJobEvent } from "./job-history.ts";
export type { JobEvent } from "./job-history.ts";

export { pausedJobTypes, jobTypePauses, pauseJobType, resumeJobType, jobTypeStats } from "./job-types.ts";
export type { JobTypePauseView, JobTypeStats } from "./job-types.ts";
export { listRecurring, setRecurringEnabled, runRecurringNow } from "./recurring.ts";
export type { RecurringView } from "./recurring.ts";

export { previewBulk, previewLifetimeMs } from "./bulk-preview.ts";
export type { BulkPreview, BulkPreviewInput } from "./bulk-preview.ts";
export { startBulk, findBulk, unfinishedBulks, applyBulkBatch, bulkBatchSize } from "./bulk-batch.ts";
export type { BulkBatch, BulkJobChange, BulkProgress, SkipReason } from "./bulk-batch.ts";
export { maxSelectedIds } from "./bulk-target.ts";
export type { BulkAction, BulkChange, BulkTarget } from "./bulk-target.ts";
export { jobsMovedEarlier } from "./bulk-earlier.ts";
export type { JobsMovedEarlier } from "./bulk-earlier.ts";

export { lockJobsOfSubject } from "./subject-lock.ts";
export type { SubjectJobsLock } from "./subject-lock.ts";
export { jobsOfSubjects, nextOpenJobs } from "./subject-jobs.ts";
export type { OpenJob, SubjectJob } from "./subject-jobs.ts";

export { alertFigures } from "./alert-figures.ts";
export type { AlertFigures } from "./alert-figures.ts";
export { dueByDay, dueByHour, dueJobCount, overviewFigures, failedAttempts24h, declaredSchedulesNotInForce, figureCap } from "./overview.ts";
export type { DueBucket, OverviewFigures, ScheduleNotInForce } from "./overview.ts";

export { runHistory, tickHistory } from "./history.ts";
export type { HistoryStep, HistoryWindow, RunBucket, TickBucket } from "./history.ts";

export { runningJobs } from "./running.ts";
export type { RunningJob } from "./running.ts";

export { jobById, jobsByKeyPrefix, jobsByPayload } from "./job-search.ts";
export type { FoundJob, PayloadFragment } from "./job-search.ts";
