// Runs claimed jobs on a lane's connection. Each job's handler writes and its completion share
// one transaction, so a crash anywhere leaves either the old state with the job still due, or
// the new state with the job done. Several jobs share that transaction (a "group"), each inside
// its own savepoint: a failing job rolls back only its own writes, and one commit (one WAL
// flush) serves the whole group (docs/decisions/0004-group-commit.md).
//
// The lease is enforced twice (docs/decisions/0005): by a timer here, which abandons the
// transaction, and by PostgreSQL itself, which is told the remaining lease as the job's
// statement_timeout and lock_timeout, and whose backend is ended when the timer fires, so a
// handler stuck in a slow statement or a lock wait cannot hold the group's row locks past it.
import type pg from "pg";
import { isDulyError } from "../errors.ts";
import type { Clock } from "./clock.ts";
import { boundClients } from "./bound-clients.ts";
import { defaultRetry, PermanentJobError, type Catalogue, type JobDefinition } from "./job-definition.ts";
import type { Lane } from "./lane.ts";
import type { ClaimedJob } from "./sql/claim-due-jobs.ts";
import {
  holdClaimedJobs, markFailed, markManySucceeded, markRunLeaseLost, renewLeases, type FailureRecord,
} from "./sql/finish-attempt.ts";
import type { Queryable } from "./sql/queryable.ts";
import type { BoundClientLease } from "../db/transaction-bound-client.ts";
import { describeIssues } from "../validation/describe-issues.ts";

export type AttemptOutcome = "succeeded" | "failed" | "dead" | "cancelled" | "lease_lost";

export interface RunOptions {
  catalogue: Catalogue;
  /** The tick's clock: handlers' `now`, failure times, backoff. */
  clock: Clock;
  /** The real clock leases are renewed by (the same as `clock` unless time-travelling). */
  leaseClock: Clock;
  /**
   * A group's transaction takes no further job once it has been open this long, so a job's
   * effects become visible at most about this much after its handler returns.
   */
  windowMs: number;
  /** Ends a database backend from another connection (the lease is over and it is stuck). */
  terminateBackend(pid: number): Promise<void>;
  onOutcome(job: ClaimedJob, outcome: AttemptOutcome): void;
  /** Something went wrong that is not a job's own failure (for the tick's summary). */
  onError(message: string): void;
}

/** The attempt no longer holds its job: another worker re-claimed it after the lease passed. */
export class LeaseLostError extends Error {
  constructor(job: ClaimedJob) {
    super(`job ${job.id} attempt ${job.attempt} lost its lease to a later attempt; its writes were rolled back`);
    this.name = "LeaseLostError";
  }
}

/** The handler ran past its lease; its transaction was abandoned and its backend ended. */
export class LeaseTimeoutError extends Error {
  constructor(definition: JobDefinition) {
    super(`${definition.name} ran longer than its ${definition.leaseMs} ms lease; its writes were rolled back`);
    this.name = "LeaseTimeoutError";
  }
}

/**
 * A handler caught a database error and returned normally. PostgreSQL had already aborted the
 * job's savepoint, so nothing it wrote can commit; without this check the group's next job
 * would fail with "current transaction is aborted".
 */
export class SwallowedDatabaseError extends Error {
  constructor(definition: JobDefinition, cause: unknown) {
    const what = cause instanceof Error ? cause.message.split("\n").at(-1)?.trim() : String(cause);
    super(
      `${definition.name} returned normally after a database error (${what}), which left its transaction aborted; ` +
        "its writes were rolled back. Let the error propagate, or avoid it (e.g. INSERT ... ON CONFLICT DO NOTHING " +
        "instead of catching a unique violation); see README, Writing a job type",
    );
    this.name = "SwallowedDatabaseError";
  }
}

interface Runnable {
  job: ClaimedJob;
  definition: JobDefinition;
  payload: unknown;
  /** The lease as last written (claim or renewal). */
  leaseExpiresAt: Date;
}

interface TransactionEnding {
  /** Set when the connection must be destroyed instead of reused. */
  destroy?: Error;
  /** Failures to record after the transaction, outside it. */
  failuresToRecord: Array<{ runnable: Runnable; record: FailureRecord }>;
  /** Jobs found re-claimed by another worker before they started. */
  leaseLost: Runnable[];
}

/** Most jobs one transaction holds: under PostgreSQL's 64 cached subtransactions, so snapshots stay cheap. */
export const maxGroupSize = 32;
/** Timeouts for the engine's own statements inside a group (holding rows, completing, committing). */
const engineStatementTimeoutMs = 30_000;
const engineLockTimeoutMs = 10_000;
const maxErrorLength = 4000;

export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > maxErrorLength ? `${text.slice(0, maxErrorLength)}…` : text;
}

function failure(job: ClaimedJob, error: unknown, definition: JobDefinition | undefined, now: Date): FailureRecord {
  return {
    jobId: job.id,
    attempt: job.attempt,
    claimedRunAt: job.runAt,
    error: describeError(error),
    permanent: error instanceof PermanentJobError,
    retry: definition?.retry ?? defaultRetry,
    now,
  };
}

/** Runs `jobs` (claimed by this lane) to completion, reporting each outcome. */
export async function runClaimedJobs(lane: Lane, jobs: ClaimedJob[], options: RunOptions): Promise<void> {
  const { catalogue, clock } = options;
  const queue: Runnable[] = [];
  for (const job of jobs) {
    const definition = catalogue.get(job.jobType);
    // The claim only takes known types and readable versions, but a catalogue can be swapped
    // between claim and run.
    if (!definition) {
      const error = new PermanentJobError(`unknown job type ${job.jobType}`);
      options.onOutcome(job, await recordOutside(lane.connection, job, failure(job, error, undefined, clock())));
      continue;
    }
    if (job.payloadVersion > definition.version) {
      const error = new Error(`payload version ${job.payloadVersion} is newer than ${definition.name} version ${definition.version} in this code; newer code will run it`);
      options.onOutcome(job, await recordOutside(lane.connection, job, failure(job, error, definition, clock())));
      continue;
    }
    const parsed = definition.payload.safeParse(job.payload);
    if (!parsed.success) {
      const error = new PermanentJobError(
        `payload (version ${job.payloadVersion}) does not fit ${definition.name} version ${definition.version}: ${describeIssues(parsed.error)}`,
      );
      options.onOutcome(job, await recordOutside(lane.connection, job, failure(job, error, definition, clock())));
      continue;
    }
    queue.push({ job, definition, payload: parsed.data, leaseExpiresAt: job.leaseExpiresAt });
  }

  // A transaction that fails before taking any job (BEGIN refused, a row lock it cannot get)
  // leaves its jobs queued for a fresh one; after a few such failures they record it instead,
  // so the loop always ends.
  let failuresWithoutProgress = 0;
  while (queue.length > 0) {
    const before = queue.length;
    const ending = await runOneTransaction(lane, queue, options, failuresWithoutProgress >= 2);
    if (ending.destroy) await lane.replace(ending.destroy);
    failuresWithoutProgress = queue.length === before && ending.destroy ? failuresWithoutProgress + 1 : 0;
    for (const { runnable, record } of ending.failuresToRecord) {
      options.onOutcome(runnable.job, await recordOutside(lane.connection, runnable.job, record));
    }
    for (const { job } of ending.leaseLost) {
      await markRunLeaseLost(lane.connection, job.id, job.attempt, describeError(new LeaseLostError(job)), clock());
      options.onOutcome(job, "lease_lost");
    }
  }
}

/** The front of the queue one transaction may run: a job that runs alone, or up to the next one that does. */
function candidatesFrom(queue: Runnable[]): Runnable[] {
  if (queue[0]?.definition.isolation === "alone") return [queue[0]];
  const candidates: Runnable[] = [];
  for (const runnable of queue) {
    if (runnable.definition.isolation === "alone" || candidates.length === maxGroupSize) break;
    candidates.push(runnable);
  }
  return candidates;
}

/**
 * One transaction over the front of the queue. Takes jobs off the queue as it runs them; jobs
 * it could not finish for a reason that is not their own (another job's timeout) go back.
 */
async function runOneTransaction(lane: Lane, queue: Runnable[], options: RunOptions, giveUpOnFailure: boolean): Promise<TransactionEnding> {
  const { clock, windowMs } = options;
  const connection = lane.connection;
  let bound: BoundClientLease | undefined;
  const ran: Array<{ runnable: Runnable; finishedAt: Date }> = [];
  const failed = new Map<Runnable, FailureRecord>();
  /** Jobs this transaction took off the queue to run. */
  const taken: Runnable[] = [];
  const leaseLost: Runnable[] = [];
  const candidates = candidatesFrom(queue);
  let timeoutsChanged = false;
  try {
    const [, , , backend] = (await connection.query(
      `BEGIN; SET LOCAL statement_timeout = ${engineStatementTimeoutMs}; SET LOCAL lock_timeout = ${engineLockTimeoutMs};
       SELECT pg_backend_pid() AS pid`,
    )) as unknown as [unknown, unknown, unknown, pg.QueryResult<{ pid: number }>];
    const backendPid = backend.rows[0]!.pid;
    // Every job this lane still holds is locked, not only those this transaction will run: a
    // job waiting for its turn is as protected from lease recovery as a running one.
    const held = await holdClaimedJobs(connection, queue.map((r) => r.job));
    const openedAt = performance.now();

    // Each job runs inside a savepoint, opened lazily by its first query (a handler that
    // decides there is nothing to do without asking the database costs no round trip). The
    // same round trip tells PostgreSQL what is left of the job's lease.
    let savepointOpen = false;
    let jobSavepoint: Promise<void> | undefined;
    let jobDeadline = 0;
    const openJobSavepoint = () =>
      (jobSavepoint ??= (() => {
        const remainingMs = Math.max(1, Math.round(jobDeadline - performance.now()));
        const sql =
          `${savepointOpen ? "RELEASE SAVEPOINT job; " : ""}SAVEPOINT job; ` +
          `SET LOCAL statement_timeout = ${remainingMs}; SET LOCAL lock_timeout = ${remainingMs}`;
        timeoutsChanged = true;
        return connection.query(sql).then(() => {
          savepointOpen = true;
        });
      })());
    bound = boundClients.bind(connection, openJobSavepoint);

    for (const runnable of candidates) {
      if (taken.length > 0 && performance.now() - openedAt > windowMs) break;
      queue.splice(queue.indexOf(runnable), 1);
      const { job, definition } = runnable;
      if (!held.has(job.id)) {
        leaseLost.push(runnable);
        continue;
      }
      taken.push(runnable);
      jobSavepoint = undefined;
      jobDeadline = performance.now() + definition.leaseMs;
      try {
        const lease = bound;
        await withinLease(definition, () =>
          lease.runScoped(() =>
            definition.handler({
              tx: lease.tx,
              payload: runnable.payload,
              job: { id: job.id, attempt: job.attempt, runAt: job.runAt, key: job.key, subjectType: job.subjectType, subjectId: job.subjectId },
              now: clock(),
            }),
          ),
        );
        if (jobSavepoint && (connection as unknown as { getTransactionStatus(): string }).getTransactionStatus() === "E") {
          throw new SwallowedDatabaseError(definition, bound.lastQueryError());
        }
        ran.push({ runnable, finishedAt: clock() });
      } catch (error) {
        if (error instanceof LeaseTimeoutError) {
          // The handler may still be running, maybe inside a statement or a lock wait: cut it
          // off from the connection, end its backend (which releases the group's row locks at
          // once), and drop the transaction. This job failed; the others of the group were only
          // collateral, so they go back to the front of the queue for a fresh transaction.
          bound.discard();
          bound = undefined;
          await options.terminateBackend(backendPid).catch((terminateError: Error) =>
            options.onError(`could not end the backend of ${definition.name} job ${job.id} after its lease: ${terminateError.message}`),
          );
          queue.unshift(...taken.filter((r) => r !== runnable));
          return { destroy: error, failuresToRecord: [{ runnable, record: failure(job, error, definition, clock()) }], leaseLost };
        }
        // Undo this job's writes, if it made any (a job that sent no query has no savepoint).
        const opening = jobSavepoint as Promise<void> | undefined; // assigned by the handler's first query
        if (opening) {
          await opening.catch(() => {});
          if (savepointOpen) await connection.query("ROLLBACK TO SAVEPOINT job");
        }
        failed.set(runnable, failure(job, error, definition, clock()));
      }
    }
    bound.release();
    bound = undefined;

    if (timeoutsChanged) {
      await connection.query(`SET LOCAL statement_timeout = ${engineStatementTimeoutMs}; SET LOCAL lock_timeout = ${engineLockTimeoutMs}`);
    }
    const done = await markManySucceeded(
      connection,
      ran.map(({ runnable, finishedAt }) => ({ id: runnable.job.id, attempt: runnable.job.attempt, finishedAt })),
    );
    const recordedFailures = new Map<Runnable, AttemptOutcome>();
    for (const [runnable, record] of failed) {
      const result = await markFailed(connection, record);
      recordedFailures.set(runnable, result ? outcomeOf(result.status) : "lease_lost");
    }
    // Jobs still waiting get a fresh lease when half of theirs is gone, so they stay protected
    // between this commit and the next transaction's BEGIN.
    const renewFrom = options.leaseClock();
    const renewals = queue.filter(
      (r) => held.has(r.job.id) && r.leaseExpiresAt.getTime() - renewFrom.getTime() < r.definition.leaseMs / 2,
    );
    await renewLeases(connection, renewals.map((r) => ({ id: r.job.id, attempt: r.job.attempt, leaseMs: r.definition.leaseMs })), renewFrom);
    await connection.query("COMMIT");
    for (const r of renewals) r.leaseExpiresAt = new Date(renewFrom.getTime() + r.definition.leaseMs);
    // We hold the rows, so every held job is marked; the check guards the guarantee anyway.
    for (const { runnable } of ran) options.onOutcome(runnable.job, done.has(runnable.job.id) ? "succeeded" : "lease_lost");
    for (const [runnable, outcome] of recordedFailures) options.onOutcome(runnable.job, outcome);
    return { failuresToRecord: [], leaseLost };
  } catch (error) {
    // The transaction itself failed (BEGIN or COMMIT refused, a lock or statement timeout in
    // the engine's own statements, the connection lost): nothing of it landed. Every job it
    // took records its own error, or the transaction's, as a failed attempt.
    bound?.discard();
    let destroy: Error | undefined = lane.broken ?? undefined;
    if (!destroy) await connection.query("ROLLBACK").catch((rollbackError: Error) => (destroy = rollbackError));
    options.onError(`a group transaction failed: ${describeError(error)}`);
    let unfinished = taken;
    if (taken.length === 0 && giveUpOnFailure) {
      // Nothing could start, repeatedly: record it rather than loop.
      unfinished = candidates.filter((r) => queue.includes(r));
      for (const r of unfinished) queue.splice(queue.indexOf(r), 1);
    }
    const failuresToRecord = unfinished.map((runnable) => ({
      runnable,
      record: failed.get(runnable) ?? failure(runnable.job, error, runnable.definition, clock()),
    }));
    // No progress and a healthy connection: replace it anyway, so the next try starts clean.
    return { destroy: destroy ?? (taken.length === 0 ? toError(error) : undefined), failuresToRecord, leaseLost };
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function outcomeOf(status: "pending" | "dead" | "cancelled"): AttemptOutcome {
  return status === "pending" ? "failed" : status;
}

/** Records a failed attempt on its own (outside any group transaction). */
async function recordOutside(connection: Queryable, job: ClaimedJob, record: FailureRecord): Promise<AttemptOutcome> {
  const result = await markFailed(connection, record);
  if (result) return outcomeOf(result.status);
  await markRunLeaseLost(connection, job.id, job.attempt, record.error, record.now);
  return "lease_lost";
}

/** Runs the handler, giving up when the lease is over (the handler itself cannot be cancelled). */
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

/** Whether an error means the database could not be reached (for the tick's status). */
export function isUnavailable(error: unknown): boolean {
  return isDulyError(error, "DATABASE_UNAVAILABLE");
}
