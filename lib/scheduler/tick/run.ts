// Phase 4, the run: a lane runs what it claimed in group transactions on its own connection
// (run-job-group.ts), and learns from it how long a job takes, which sizes its next claim.
//
// Reads: settings, clock, leaseClock. Writes: perJobMs, lastRunBatched, attemptedWhileTravelling; counts the
// claim and each outcome; asks for one more lane when the claim came back full (a backlog).
import type pg from "pg";
import type { Lane } from "../lane.ts";
import { runClaimedJobs, type RunOptions } from "../run-job-group.ts";
import type { ClaimedJob } from "../sql/claim-due-jobs.ts";
import { signalBackend } from "./backend-signals.ts";
import { nextPerJobMs } from "./claim-size.ts";
import type { TickContext } from "./context.ts";
import { addError, countClaimed, countOutcome } from "./summary.ts";

/**
 * Runs `jobs`, claimed by this lane with a limit of `limit`, to completion. `alreadyCounted`:
 * the lane found them again after its run failed (claim.ts), and the tick counted them then.
 */
export async function runPhase(context: TickContext, lane: Lane, jobs: ClaimedJob[], limit: number, options: RunOptions, alreadyCounted = false): Promise<void> {
  if (!alreadyCounted) countClaimed(context.summary, jobs);
  if (context.settings.travelling) for (const job of jobs) context.attemptedWhileTravelling.add(job.id);
  if (jobs.length === limit) context.requestLane(); // a backlog: one more lane helps
  const runStartedAt = performance.now();
  const { batched } = await runClaimedJobs(lane, jobs, options);
  context.perJobMs = nextPerJobMs(context.perJobMs, (performance.now() - runStartedAt) / jobs.length);
  context.lastRunBatched = batched === jobs.length;
}

/** How the tick's lanes run jobs: by its clocks, reporting into its summary. One per tick. */
export function runOptionsOf(context: TickContext): RunOptions {
  const { catalogue, groupWindowMs, travelling, givenNow } = context.settings;
  const pool: pg.Pool = context.pool;
  return {
    catalogue,
    // Read at each use: the first housekeeping sets the clocks.
    get clock() {
      return context.clock;
    },
    get leaseClock() {
      return context.leaseClock;
    },
    windowMs: groupWindowMs,
    travelling,
    databaseLeases: givenNow === undefined || travelling,
    cancelBackend: (pid: number) => signalBackend(pool, pid, "cancel"),
    terminateBackend: (pid: number) => signalBackend(pool, pid, "terminate"),
    onOutcome: (_job, outcome) => countOutcome(context.summary, outcome),
    onError: (message) => addError(context.summary, message),
  };
}
