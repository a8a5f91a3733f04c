// The catalogue: every job type Duly runs, and the recurring schedules that create jobs.
// The tick is handed this; lib/scheduler knows no job type by name. The tick reconciles the
// recurring_schedules table with what is declared here (lib/scheduler/recurring/reconcile.ts).
import { createCatalogue } from "../lib/scheduler/index.ts";
import { parseSetting } from "../lib/settings.ts";
import { demoPing } from "./demo-ping.ts";
import { marketplaceJobs } from "./marketplace/index.ts";
import { pruneFinishedJobsJob } from "./prune-finished-jobs.ts";
import { pruneEventsJob } from "./prune-events.ts";
import { pruneIdempotencyRecordsJob } from "./prune-idempotency-records.ts";
import { quotaResetSweepJob } from "./quotas/reset-sweep.ts";
import { deliverWebhookJob } from "./webhooks/deliver.ts";
import { deliverAlertJob } from "./alerts/deliver.ts";
import { evaluateAlertsJobFor } from "./alerts/evaluate.ts";

export { demoPing, pruneEventsJob, pruneFinishedJobsJob, pruneIdempotencyRecordsJob, marketplaceJobs, quotaResetSweepJob, deliverWebhookJob, deliverAlertJob };

/** DULY_RETENTION_DAYS: how long finished jobs and their runs are kept (default 30). */
export function retentionDaysFromEnv(env: Record<string, string | undefined> = process.env): number {
  return parseSetting("DULY_RETENTION_DAYS", env);
}

/** DULY_EVENT_RETENTION_DAYS: how long events and finished webhook deliveries are kept (default 30). */
export function eventRetentionDaysFromEnv(env: Record<string, string | undefined> = process.env): number {
  return parseSetting("DULY_EVENT_RETENTION_DAYS", env);
}

/** alerts.evaluate reads the catalogue's types when it runs (so the lag counts only what this deployment runs). */
export const evaluateAlertsJob = evaluateAlertsJobFor(() => catalogue.all().map((definition) => definition.name));

export const catalogue = createCatalogue(
  [demoPing, pruneFinishedJobsJob, pruneIdempotencyRecordsJob, pruneEventsJob, ...marketplaceJobs, quotaResetSweepJob, deliverWebhookJob, evaluateAlertsJob, deliverAlertJob],
  [
    {
      name: "maintenance.prune-finished-jobs",
      cron: "17 3 * * *", // daily at 03:17 UTC, off the hour when other cron work piles up
      timeZone: "UTC",
      jobType: pruneFinishedJobsJob.name,
      payload: { olderThanDays: retentionDaysFromEnv(), batchSize: 5_000 },
    },
    {
      name: "maintenance.prune-idempotency-records",
      cron: "41 * * * *", // hourly: the API's Idempotency-Key records past their 24 h window
      timeZone: "UTC",
      jobType: pruneIdempotencyRecordsJob.name,
      payload: { olderThanHours: 24, batchSize: 5_000 },
    },
    {
      name: "maintenance.prune-events",
      cron: "53 * * * *", // hourly: events and finished webhook deliveries past their retention
      timeZone: "UTC",
      jobType: pruneEventsJob.name,
      payload: { olderThanDays: eventRetentionDaysFromEnv(), batchSize: 5_000 },
    },
    {
      // Monthly quota resets: every 15 minutes, so each zone's local midnight (every UTC offset
      // is a multiple of 15 minutes) has a sweep within the minute. A sweep with nothing due
      // reads no row (bench/RESULTS.md). After downtime one run catches up ("latest").
      name: "quotas.reset-sweep",
      cron: "*/15 * * * *",
      timeZone: "UTC",
      jobType: quotaResetSweepJob.name,
      payload: { batchSize: 5_000, maxBatches: 4 },
    },
    {
      // Alerts (docs/decisions/0036): judge lag, dead jobs and failing webhook endpoints every
      // minute; a few indexed probes, and a notification only when a condition changes.
      name: "alerts.evaluate",
      cron: "* * * * *",
      timeZone: "UTC",
      jobType: evaluateAlertsJob.name,
      payload: {},
    },
  ],
);
