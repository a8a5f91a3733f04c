// quotas.reset-sweep: gives every due account its monthly allowances back. Run by a recurring
// schedule every 15 minutes (jobs/index.ts): every zone's offset from UTC is a multiple of 15
// minutes, so each local midnight has a sweep at that very minute, and a missed one is caught
// up by the next (docs/decisions/0014, docs/quotas.md).
//
// `now` is the tick's clock at the start of this attempt (an estimate of the database's clock):
// an account is due when its local date at `now` has reached next_reset_on. The job never
// runs in a time-travelling tick (inTimeTravel: "skip"): a travelled `now` would hand out next
// month's allowances for real and move next_reset_on past the real reset.
//
// Idempotent by the row's own state: the statement that resets an account is the one that
// makes it not due, so a second run (a retry, a duplicate occurrence) resets nothing twice; nor
// does a writer that reset an account itself first (a usage request after the reset instant).
// Rows other transactions hold are come back for before the run ends (for up to a second); one
// still held then (result.lockedDue) is reset by its holder, the next writer or the next run
// (docs/quotas.md, "On time").
import { z } from "zod";
import { defineJob, schedule } from "../../lib/scheduler/index.ts";
import { resetDueAccountsInTransaction, rowPositionPattern } from "../../lib/quotas/index.ts";

const payload = z.object({
  /** Accounts per statement. */
  batchSize: z.number().int().min(1).max(50_000).default(5_000),
  /** Batches per run: bounds the run's transaction (its row locks make consumers wait). */
  maxBatches: z.number().int().min(1).max(100).default(4),
  /** Set on a follow-up: the row where the previous run's walk of a large due set stopped (lib/quotas/reset-due-accounts.ts). */
  resumeAfter: z.string().regex(rowPositionPattern).optional(),
});

const leaseMs = 60_000;

export const quotaResetSweepJob = defineJob({
  name: "quotas.reset-sweep",
  payload,
  leaseMs,
  isolation: "alone", // a transaction of its own: many rows, and consumers wait on their locks
  maxRunning: 1, // set-based: one sweep at a time does it (a second would take a share of the same walk), and never holds more than one lane
  inTimeTravel: "skip",
  retry: { maxAttempts: 5, backoffBaseMs: 10_000, backoffMaxMs: 600_000 },
  handler: async ({ tx, payload, now, job }) => {
    const result = await resetDueAccountsInTransaction(tx, {
      now,
      sweptBy: job.key ?? `job:${job.id}`,
      batchSize: payload.batchSize,
      maxBatches: payload.maxBatches,
      resumeAfter: payload.resumeAfter,
      // Well inside the lease: the rest is left for the follow-up, never cut off mid-way.
      budgetMs: leaseMs / 3,
    });
    if (result.more) {
      // More is due than one run takes: carry on at once in a new job (and a new transaction),
      // where this one stopped (what is reset is no longer due; a walk goes on from the row it
      // reached). Keyed by this job: a retry of this attempt schedules the same follow-up, not a
      // second one.
      const { resumeAfter: _previous, ...rest } = payload;
      const next = result.resumeAfter === undefined ? rest : { ...rest, resumeAfter: result.resumeAfter };
      await schedule(tx, quotaResetSweepJob, { runAt: now, payload: next, key: `quotas.reset-sweep:after:${job.id}` });
    }
  },
});
