// maintenance.prune-finished-jobs: the retention sweep, run daily by a recurring schedule.
// Deletes one batch per run; when the batch was full it schedules an immediate follow-up, so
// a large backlog drains across several short transactions instead of one long one.
import { z } from "zod";
import { defineJob, pruneFinishedJobs, schedule } from "../lib/scheduler/index.ts";

const payload = z.object({
  olderThanDays: z.number().int().min(1).max(3650),
  batchSize: z.number().int().min(1).max(50_000).default(5_000),
});

export const pruneFinishedJobsJob = defineJob({
  name: "maintenance.prune-finished-jobs",
  payload,
  leaseMs: 30_000,
  // It deletes by age: only ever by the real clock, never at a time-travelled instant.
  inTimeTravel: "skip",
  isolation: "alone",
  maxRunning: 1, // set-based maintenance: one run at a time does it, and never holds more than one lane
  retry: { maxAttempts: 3, backoffBaseMs: 60_000, backoffMaxMs: 3_600_000 },
  handler: async ({ tx, payload, now, job }) => {
    const deleted = await pruneFinishedJobs(tx, { now, olderThanDays: payload.olderThanDays, batchSize: payload.batchSize });
    if (deleted === payload.batchSize) {
      await schedule(tx, pruneFinishedJobsJob, {
        runAt: now,
        payload,
        key: `maintenance.prune-finished-jobs:after:${job.id}`,
      });
    }
  },
});
