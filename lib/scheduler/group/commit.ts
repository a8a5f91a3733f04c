// The end of a group transaction that ran: every job's outcome recorded in it, the leases of the
// jobs still waiting renewed, one COMMIT (one WAL flush for the whole group), then each outcome
// reported to the tick.
import type pg from "pg";
import { limits } from "../limits.ts";
import { startGraceMs } from "../sql/claim-due-jobs.ts";
import { markCancelledBeforeStart, markFailed, markManyDeferred, markManySucceeded, renewLeases } from "../sql/finish-attempt.ts";
import { restoreEngineTimeoutsSql } from "./job-scope.ts";
import type { GroupProgress, OpenGroup } from "./progress.ts";
import { failure, outcomeOf, type AttemptOutcome, type RunOptions, type Runnable, type TransactionEnding } from "./runnable.ts";

/** What the recording statements answered: which jobs each one really ended (the rest were no longer this attempt's). */
interface Recorded {
  succeeded: Set<bigint>;
  cancelled: Set<bigint>;
  deferred: Set<bigint>;
  failures: Map<Runnable, AttemptOutcome>;
}

export async function commitGroup(group: OpenGroup): Promise<TransactionEnding> {
  const { connection, scope, progress, options } = group;
  if (scope.timeoutsChanged) await connection.query(restoreEngineTimeoutsSql);
  const recorded = await recordOutcomes(connection, progress, options);
  const renewed = await renewWaitingLeases(group);
  await connection.query("COMMIT");
  renewed.committed();
  reportOutcomes(progress, recorded, options);
  return { failuresToRecord: [], leaseLost: progress.leaseLost };
}

async function recordOutcomes(connection: pg.PoolClient, progress: GroupProgress, options: RunOptions): Promise<Recorded> {
  const succeeded = await markManySucceeded(
    connection,
    progress.ran.map(({ runnable, finishedAt }) => ({ id: runnable.job.id, attempt: runnable.job.attempt, finishedAt })),
  );
  const cancelled = await markCancelledBeforeStart(
    connection,
    progress.cancelledBeforeStart.map((r) => ({ id: r.job.id, attempt: r.job.attempt })),
    options.clock(),
  );
  const deferred = await markManyDeferred(connection, [...progress.deferred.values()], limits.maxAttempts);
  for (const [runnable, record] of progress.deferred) {
    // Not deferred: the job has had as many claims as any job may (its attempts can no longer
    // be given back), so this attempt counts as a failed one.
    if (deferred.has(record.jobId)) continue;
    const error = new Error(`${record.note}; but it has used the ${limits.maxAttempts} attempts a job may have, so this one counts`);
    progress.failed.set(runnable, failure(runnable.job, error, runnable.definition, record.now));
  }
  const failures = new Map<Runnable, AttemptOutcome>();
  for (const [runnable, record] of progress.failed) {
    const result = await markFailed(connection, record);
    failures.set(runnable, result ? outcomeOf(result.status) : "lease_lost");
  }
  return { succeeded, cancelled, deferred, failures };
}

/**
 * Jobs still waiting get a fresh lease, so they stay protected between this commit and the
 * next transaction's BEGIN however long this process takes to get there (a starved event
 * loop). Usually there are none: a lane claims about what one group runs. `committed` updates
 * what the lane knows of their leases once the renewal has committed.
 */
async function renewWaitingLeases({ connection, queue, held, options }: OpenGroup): Promise<{ committed(): void }> {
  const renewFrom = options.leaseClock();
  const renewals = queue.filter((r) => held.has(r.job.id));
  await renewLeases(
    connection,
    renewals.map((r) => ({ id: r.job.id, attempt: r.job.attempt, leaseMs: r.definition.leaseMs + startGraceMs })),
    options.databaseLeases ? null : renewFrom,
  );
  return {
    committed() {
      for (const r of renewals) r.leaseExpiresAt = new Date(renewFrom.getTime() + r.definition.leaseMs + startGraceMs);
    },
  };
}

function reportOutcomes(progress: GroupProgress, recorded: Recorded, options: RunOptions): void {
  // We hold the rows, so every held job is marked; the check guards the guarantee anyway.
  for (const { runnable } of progress.ran) options.onOutcome(runnable.job, recorded.succeeded.has(runnable.job.id) ? "succeeded" : "lease_lost");
  for (const [runnable, outcome] of recorded.failures) options.onOutcome(runnable.job, outcome);
  for (const { job } of progress.deferred.keys()) if (recorded.deferred.has(job.id)) options.onOutcome(job, "deferred");
  for (const { job } of progress.cancelledBeforeStart) options.onOutcome(job, recorded.cancelled.has(job.id) ? "cancelled" : "lease_lost");
}
