// maintenance.prune-events: the outbox's retention (lib/events/prune-events.ts), hourly. Finished
// deliveries go first, then the events nothing names any more, then the endpoints disabled for
// longer than the retention that nothing names either; a run deletes at most one batch
// of each and schedules an immediate follow-up when either was full (as prune-finished-jobs),
// so a backlog drains in short transactions.
import { z } from "zod";
import { defineJob, schedule } from "../lib/scheduler/index.ts";
import { pruneDeliveries, pruneEvents } from "../lib/events/prune-events.ts";
import { pruneDisabledEndpoints } from "../lib/webhooks/endpoints.ts";

const payload = z.object({
  /** Events and finished deliveries created longer ago than this are deleted. */
  olderThanDays: z.number().int().min(1).max(3650),
  batchSize: z.number().int().min(1).max(50_000).default(5_000),
});

export const pruneEventsJob = defineJob({
  name: "maintenance.prune-events",
  payload,
  leaseMs: 30_000,
  // It deletes by age: only ever by the real clock, never at a time-travelled instant.
  inTimeTravel: "skip",
  isolation: "alone",
  maxRunning: 1,
  retry: { maxAttempts: 3, backoffBaseMs: 60_000, backoffMaxMs: 3_600_000 },
  handler: async ({ tx, payload, now, job }) => {
    const before = new Date(now.getTime() - payload.olderThanDays * 86_400_000);
    const deliveries = await pruneDeliveries(tx, before, payload.batchSize);
    const events = await pruneEvents(tx, before, payload.batchSize);
    // Endpoints disabled for as long, once their deliveries are gone: the owner's places come back (decision 0048).
    const endpoints = await pruneDisabledEndpoints(tx, before, payload.batchSize);
    if (deliveries === payload.batchSize || events === payload.batchSize || endpoints === payload.batchSize) {
      await schedule(tx, pruneEventsJob, { runAt: now, payload, key: `maintenance.prune-events:after:${job.id}` });
    }
  },
});
