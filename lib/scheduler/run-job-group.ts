// Runs claimed jobs. Each job's handler writes and its completion share one transaction, so a
// crash anywhere leaves either the old state with the job still due, or the new state with
// the job done. Several jobs share that transaction (a "group"), each inside its own
// savepoint: a failing job rolls back only its own writes, and one commit (one WAL flush)
// serves the whole group. That is what lets a tick drain thousands of jobs a second while
// keeping each job's effects and completion in one commit (docs/decisions/0004-group-commit.md).
import type pg from "pg";
import { pgPoolOf, type Db } from "../db/client.ts";
import { createBoundClients, type BoundClientLease } from "../db/transaction-bound-client.ts";
import type { Clock } from "./clock.ts";
import { defaultRetry, PermanentJobError, type Catalogue, type JobDefinition } from "./job-definition.ts";
import type { ClaimedJob } from "./sql/claim-due-jobs.ts";
import { holdClaimedJobs, markFailed, markManySucceeded, markRunLeaseLost, type FailureRecord } from "./sql/finish-attempt.ts";
import { describeIssues } from "../validation/describe-issues.ts";

export type AttemptOutcome = "succeeded" | "failed" | "dead" | "lease_lost";

export interface GroupOptions {
  /**
   * A group's transaction takes no further job once it has been open this long, so a job's
   * effects become visible at most about this much after its handler returns.
   */
  windowMs?: number;
}

/** The attempt no longer holds its job: another worker re-claimed it after the lease passed. */
export class LeaseLostError extends Error {
  constructor(job: ClaimedJob) {
    super(`job ${job.id} attempt ${job.attempt} lost its lease to a later attempt; its writes were rolled back`);
    this.name = "LeaseLostError";
  }
}

/** The handler ran past its lease; its transaction was abandoned. */
export class LeaseTimeoutError extends Error {
  constructor(definition: JobDefinition) {
    super(`${definition.name} ran longer than its ${definition.leaseMs} ms lease; its writes were rolled back`);
    this.name = "LeaseTimeoutError";
  }
}

interface Runnable {
  job: ClaimedJob;
  definition: JobDefinition;
  payload: unknown;
}

const boundClients = createBoundClients();
const maxErrorLength = 4000;

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > maxErrorLength ? `${text.slice(0, maxErrorLength)}…` : text;
}

function failure(job: ClaimedJob, error: unknown, definition: JobDefinition | undefined, now: Date): FailureRecord {
  return {
    jobId: job.id,
    attempt: job.attempt,
    error: describe(error),
    permanent: error instanceof PermanentJobError,
    retry: definition?.retry ?? defaultRetry,
    now,
  };
}

/** Runs `jobs` (claimed by this tick) and returns each one's outcome, keyed by job id. */
export async function runJobGroup(
  db: Db,
  catalogue: Catalogue,
  jobs: ClaimedJob[],
  clock: Clock,
  options: GroupOptions = {},
): Promise<Map<bigint, AttemptOutcome>> {
  const pool = pgPoolOf(db);
  const outcomes = new Map<bigint, AttemptOutcome>();
  const queue: Runnable[] = [];
  for (const job of jobs) {
    const definition = catalogue.get(job.jobType);
    // The claim only takes known types, but a catalogue can be swapped between claim and run.
    if (!definition) {
      outcomes.set(job.id, await recordOutside(pool, job, failure(job, new PermanentJobError(`unknown job type ${job.jobType}`), undefined, clock())));
      continue;
    }
    const parsed = definition.payload.safeParse(job.payload);
    if (!parsed.success) {
      const issues = describeIssues(parsed.error);
      const error = new PermanentJobError(
        `payload (version ${job.payloadVersion}) does not fit ${definition.name} version ${definition.version}: ${issues}`,
      );
      outcomes.set(job.id, await recordOutside(pool, job, failure(job, error, definition, clock())));
      continue;
    }
    queue.push({ job, definition, payload: parsed.data });
  }
  while (queue.length > 0) await runOneTransaction(pool, queue, outcomes, clock, options.windowMs ?? 50);
  return outcomes;
}

/**
 * One transaction over the front of the queue. Takes jobs off the queue as it runs them; jobs
 * it could not finish for a reason that is not their own (another job's timeout) go back.
 */
async function runOneTransaction(
  pool: pg.Pool,
  queue: Runnable[],
  outcomes: Map<bigint, AttemptOutcome>,
  clock: Clock,
  windowMs: number,
): Promise<void> {
  const connection = await pool.connect();
  let ending: TransactionEnding | undefined;
  try {
    ending = await runInTransaction(pool, connection, queue, outcomes, clock, windowMs);
  } finally {
    // A connection whose transaction state is unknown (timeout, failed ROLLBACK) is destroyed,
    // not returned to the pool; the server then rolls its transaction back.
    connection.release(ending?.destroy);
  }
  // Only now: the transaction's row locks would have blocked these writes.
  for (const { runnable, record } of ending?.failuresToRecord ?? []) {
    outcomes.set(runnable.job.id, await recordOutside(pool, runnable.job, record));
  }
}

interface TransactionEnding {
  /** Set when the connection must be destroyed instead of reused. */
  destroy?: Error;
  /** Failures to record after the transaction, outside it. */
  failuresToRecord: Array<{ runnable: Runnable; record: FailureRecord }>;
}

async function runInTransaction(
  pool: pg.Pool,
  connection: pg.PoolClient,
  queue: Runnable[],
  outcomes: Map<bigint, AttemptOutcome>,
  clock: Clock,
  windowMs: number,
): Promise<TransactionEnding> {
  let bound: BoundClientLease | undefined;
  const ran: Array<{ runnable: Runnable; finishedAt: Date }> = [];
  const failed: Array<{ runnable: Runnable; record: FailureRecord }> = [];
  const candidates = queue.slice(0, 32); // < 64 subtransactions, so snapshots stay cheap
  /** Jobs this transaction took off the queue to run. */
  const taken: Runnable[] = [];
  try {
    await connection.query("BEGIN");
    const held = await holdClaimedJobs(connection, candidates.map((r) => r.job));
    const openedAt = performance.now();
    // Each job runs inside a savepoint, opened lazily by its first query: a handler that
    // decides there is nothing to do without asking the database costs no round trip.
    let savepointOpen = false;
    let jobSavepoint: Promise<void> | undefined;
    const openJobSavepoint = () =>
      (jobSavepoint ??= connection.query(savepointOpen ? "RELEASE SAVEPOINT job; SAVEPOINT job" : "SAVEPOINT job").then(() => {
        savepointOpen = true;
      }));
    bound = boundClients.bind(connection, openJobSavepoint);
    for (const runnable of candidates) {
      if (ran.length + failed.length > 0 && performance.now() - openedAt > windowMs) break;
      queue.shift();
      const { job, definition } = runnable;
      if (!held.has(job.id)) {
        await markRunLeaseLost(pool, job.id, job.attempt, describe(new LeaseLostError(job)), clock());
        outcomes.set(job.id, "lease_lost");
        continue;
      }
      taken.push(runnable);
      jobSavepoint = undefined;
      try {
        await withinLease(definition, () =>
          definition.handler({
            tx: bound!.tx,
            payload: runnable.payload,
            job: { id: job.id, attempt: job.attempt, runAt: job.runAt, key: job.key, subjectType: job.subjectType, subjectId: job.subjectId },
            now: clock(),
          }),
        );
        ran.push({ runnable, finishedAt: clock() });
      } catch (error) {
        if (error instanceof LeaseTimeoutError) {
          // The handler may still be running: cut it off from the connection and drop the
          // transaction. This job failed; the others of the group were only collateral, so
          // they go back to the front of the queue for a fresh transaction.
          bound.discard();
          queue.unshift(...ran.map((r) => r.runnable), ...failed.map((f) => f.runnable));
          return { destroy: error, failuresToRecord: [{ runnable, record: failure(job, error, definition, clock()) }] };
        }
        // Undo this job's writes, if it made any (a job that sent no query has no savepoint).
        if (jobSavepoint) {
          await jobSavepoint;
          await connection.query("ROLLBACK TO SAVEPOINT job");
        }
        failed.push({ runnable, record: failure(job, error, definition, clock()) });
      }
    }
    bound.release();
    bound = undefined;

    const done = await markManySucceeded(
      connection,
      ran.map(({ runnable, finishedAt }) => ({ id: runnable.job.id, attempt: runnable.job.attempt, finishedAt })),
    );
    const recordedFailures = new Map<bigint, AttemptOutcome>();
    for (const { runnable, record } of failed) {
      const result = await markFailed(connection, record);
      recordedFailures.set(runnable.job.id, result ? (result.status === "dead" ? "dead" : "failed") : "lease_lost");
    }
    await connection.query("COMMIT");
    // We hold the rows, so every held job is marked; the check guards the guarantee anyway.
    for (const { runnable } of ran) outcomes.set(runnable.job.id, done.has(runnable.job.id) ? "succeeded" : "lease_lost");
    for (const [id, outcome] of recordedFailures) outcomes.set(id, outcome);
    return { failuresToRecord: [] };
  } catch (error) {
    // The transaction itself failed (BEGIN or COMMIT refused, connection lost): nothing of it
    // landed. Every job it took records the error as a failed attempt; if it failed before
    // taking any, the jobs it was about to take do, so the caller's loop always progresses.
    bound?.discard();
    let destroy: Error | undefined;
    await connection.query("ROLLBACK").catch((rollbackError: Error) => (destroy = rollbackError));
    const unfinished = taken.length > 0 ? taken : queue.splice(0, candidates.length);
    const failuresToRecord = unfinished.map((runnable) => ({
      runnable,
      record: failure(runnable.job, error, runnable.definition, clock()),
    }));
    return { destroy, failuresToRecord };
  }
}

/** Records a failed attempt on its own (outside any group transaction). */
async function recordOutside(pool: pg.Pool, job: ClaimedJob, record: FailureRecord): Promise<AttemptOutcome> {
  const result = await markFailed(pool, record);
  if (result) return result.status === "dead" ? "dead" : "failed";
  await markRunLeaseLost(pool, job.id, job.attempt, record.error, record.now);
  return "lease_lost";
}

/** Runs the handler, giving up when the lease is over (the handler cannot be cancelled). */
async function withinLease(definition: JobDefinition, run: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LeaseTimeoutError(definition)), definition.leaseMs);
  });
  try {
    await Promise.race([run(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** One job on its own: a group of one. */
export async function runClaimedJob(db: Db, catalogue: Catalogue, job: ClaimedJob, clock: Clock): Promise<AttemptOutcome> {
  const outcomes = await runJobGroup(db, catalogue, [job], clock);
  return outcomes.get(job.id)!;
}
