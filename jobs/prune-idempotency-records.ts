// maintenance.prune-idempotency-records: the API's Idempotency-Key records are kept for the
// retry window clients are promised (24 h, docs/api.md), then deleted by this hourly sweep, one
// batch per run with an immediate follow-up when the batch was full (as prune-finished-jobs).
import { z } from "zod";
import { defineJob, schedule } from "../lib/scheduler/index.ts";
import { pruneIdempotencyRecords } from "../lib/api/idempotency.ts";

const payload = z.object({
  /** Records older than this are deleted; never under the promised 24 hours. */
  olderThanHours: z.number().int().min(24).max(24 * 365),
  batchSize: z.number().int().min(1).max(50_000).default(5_000),
});

export const pruneIdempotencyRecordsJob = defineJob({
  name: "maintenance.prune-idempotency-records",
  payload,
  leaseMs: 30_000,
  // It deletes by age: only ever by the real clock, never at a time-travelled instant.
  inTimeTravel: "skip",
  isolation: "alone",
  maxRunning: 1, // set-based maintenance: one run at a time does it, and never holds more than one lane
  retry: { maxAttempts: 3, backoffBaseMs: 60_000, backoffMaxMs: 3_600_000 },
  handler: async ({ tx, payload, now, job }) => {
    const before = new Date(now.getTime() - payload.olderThanHours * 3_600_000);
    const deleted = await pruneIdempotencyRecords(tx, before, payload.batchSize);
    if (deleted === payload.batchSize) {
      await schedule(tx, pruneIdempotencyRecordsJob, { runAt: now, payload, key: `maintenance.prune-idempotency-records:after:${job.id}` });
    }
  },
});
