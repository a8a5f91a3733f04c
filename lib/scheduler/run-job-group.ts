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
import { startGraceMs, type ClaimedJob } from "./sql/claim-due-jobs.ts";
import {
  holdClaimedJobs, markCancelledBeforeStart, markFailed, markManyDeferred, markManySucceeded, markRunLeaseLost, renewLeases,
  type DeferralRecord, type FailureRecord,
} from "./sql/finish-attempt.ts";
import { checkDeferral, deferralNote, NotBefore } from "./deferral.ts";
import { limits } from "./limits.ts";
import type { Queryable } from "./sql/queryable.ts";
import type { BoundClientLease } from "../db/transaction-bound-client.ts";
import { describeIssues } from "../validation/describe-issues.ts";
import { describeError } from "./describe-error.ts";
import { isConnectionLoss, sqlState } from "../db/connection-errors.ts";

export { describeError, isConnectionLoss };

export type AttemptOutcome = "succeeded" | "failed" | "dead" | "cancelled" | "lease_lost" | "deferred";

export interface RunOptions {
  catalogue: Catalogue;
  /** The tick's clock: handlers' `now`, failure times, backoff. */
  clock: Clock;
  /** The real clock leases are renewed by (the same as `clock` unless time-travelling). */
  leaseClock: Clock;
  /** The tick travels in time: a failed attempt backs off from real time, not the travelled instant. */
  travelling?: boolean;
  /** Leases are written by the database's clock (production and time travel); else by leaseClock. */
  databaseLeases?: boolean;
  /**
   * A group's transaction takes no further job once it has been open this long, so a job's
   * effects become visible at most about this much after its handler returns.
   */
  windowMs: number;
  /** Cancels the statement a database backend runs, from another connection (its lease is over). */
  cancelBackend(pid: number): Promise<void>;
  /** Ends a database backend from another connection (it did not come back after a cancel). */
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
    const what = cause instanceof Error ? cause.message.split("\n").filter(Boolean).at(-1)?.trim() : describeError(cause);
    super(
      `${definition.name} caught a database error (${what}) and carried on, but PostgreSQL had already aborted ` +
        "the job's transaction, so its writes were rolled back. Let the error propagate, or avoid it (e.g. " +
        "INSERT ... ON CONFLICT DO NOTHING instead of catching a unique violation); see README, Writing a job type",
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
  /** Transactions of this job that died with their connection (it then runs again, same attempt). */
  connectionLosses: number;
}

/** A job whose transaction dies with its connection this many times records a failed attempt. */
const maxConnectionLosses = 2;

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

/** The message of an error, whatever was thrown. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : describeError(error);
}

function deferralRecord({ job }: Runnable, deferral: { until: Date; reason: string }, now: Date): DeferralRecord {
  return { jobId: job.id, attempt: job.attempt, claimedRunAt: job.runAt, until: deferral.until, note: deferralNote(deferral), now };
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

/**
 * When a failure is recorded: the tick's clock; when travelling, the later of the job's own
 * run_at and the real clock, so its retry stays where real ticks (or further travel) find it.
 */
function failedAt(options: RunOptions, job: ClaimedJob): Date {
  if (!options.travelling) return options.clock();
  const real = options.leaseClock();
  return job.runAt > real ? job.runAt : real;
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
      options.onOutcome(job, await onLane(lane, jobs.length, (c) => recordOutside(c, job, failure(job, error, undefined, failedAt(options, job)))));
      continue;
    }
    if (job.payloadVersion > definition.version) {
      const error = new Error(`payload version ${job.payloadVersion} is newer than ${definition.name} version ${definition.version} in this code; newer code will run it`);
      options.onOutcome(job, await onLane(lane, jobs.length, (c) => recordOutside(c, job, failure(job, error, definition, failedAt(options, job)))));
      continue;
    }
    const parsed = definition.payload.safeParse(job.payload);
    if (!parsed.success) {
      const error = new PermanentJobError(
        `payload (version ${job.payloadVersion}) does not fit ${definition.name} version ${definition.version}: ${describeIssues(parsed.error)}`,
      );
      options.onOutcome(job, await onLane(lane, jobs.length, (c) => recordOutside(c, job, failure(job, error, definition, failedAt(options, job)))));
      continue;
    }
    queue.push({ job, definition, payload: parsed.data, leaseExpiresAt: job.leaseExpiresAt, connectionLosses: 0 });
  }

  // A transaction that fails before taking any job (BEGIN refused, a row lock it cannot get)
  // leaves its jobs queued for a fresh one; after a few such failures they record it instead,
  // so the loop always ends.
  let failuresWithoutProgress = 0;
  while (queue.length > 0) {
    const before = queue.length;
    const ending = await runOneTransaction(lane, queue, options, failuresWithoutProgress >= 2);
    if (ending.destroy) await lane.replace(ending.destroy, reconnectPatience(queue, ending, options));
    failuresWithoutProgress = queue.length === before && ending.destroy ? failuresWithoutProgress + 1 : 0;
    for (const { runnable, record } of ending.failuresToRecord) {
      options.onOutcome(runnable.job, await onLane(lane, queue.length, (c) => recordOutside(c, runnable.job, record)));
    }
    for (const { job } of ending.leaseLost) {
      await onLane(lane, queue.length, (c) => markRunLeaseLost(c, job.id, job.attempt, describeError(new LeaseLostError(job)), clock()));
      options.onOutcome(job, "lease_lost");
    }
  }
}

/**
 * A statement on the lane's connection that survives the connection dying under it: the lane
 * reconnects and sends it again (at most three times). Recording an outcome must not throw the
 * lane's other claimed jobs away.
 */
async function onLane<T>(lane: Lane, holding: number, work: (connection: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(lane.connection);
    } catch (error) {
      if (attempt >= 3 || !(lane.broken || isConnectionLoss(error))) throw error;
      await lane.replace(toError(error), holding > 0 ? 10_000 : 3_000);
    }
  }
}

/**
 * How long a lane keeps trying to reconnect for the jobs it holds: until the first of their
 * leases is about to run out (after that another tick may take them anyway), at least a few
 * seconds, at most half a minute.
 */
function reconnectPatience(queue: Runnable[], ending: TransactionEnding, options: RunOptions): number {
  const held = [...queue, ...ending.failuresToRecord.map((f) => f.runnable)];
  if (held.length === 0) return 0;
  const now = options.leaseClock().getTime();
  const firstExpiry = Math.min(...held.map((r) => r.leaseExpiresAt.getTime()));
  return Math.min(30_000, Math.max(3_000, firstExpiry - now - 500));
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
  /** Jobs whose handler deferred them (NotBefore): their writes rolled back, moved, no attempt spent. */
  const deferred = new Map<Runnable, DeferralRecord>();
  /** Jobs this transaction took off the queue to run. */
  const taken: Runnable[] = [];
  const leaseLost: Runnable[] = [];
  const cancelledBeforeStart: Runnable[] = [];
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
        // The lock timeout a little shorter, so a lock wait is reported as one (not as a slow statement).
        const sql =
          `${savepointOpen ? "RELEASE SAVEPOINT job; " : ""}SAVEPOINT job; ` +
          `SET LOCAL statement_timeout = ${remainingMs}; SET LOCAL lock_timeout = ${Math.max(1, remainingMs - 50)}`;
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
      if (held.get(job.id)!.cancelRequested) {
        // Cancelled after the claim, before its handler started: not run at all.
        cancelledBeforeStart.push(runnable);
        continue;
      }
      taken.push(runnable);
      jobSavepoint = undefined;
      jobDeadline = performance.now() + definition.leaseMs;
      const handlerNow = clock();
      try {
        const lease = bound;
        await withinLease(definition, () =>
          lease.runScoped(() =>
            definition.handler({
              tx: lease.tx,
              payload: runnable.payload,
              job: { id: job.id, attempt: job.attempt, runAt: job.runAt, key: job.key, subjectType: job.subjectType, subjectId: job.subjectId },
              now: handlerNow,
            }),
          ),
        );
        if (jobSavepoint && (await transactionAborted(connection, bound.firstQueryError() !== undefined))) {
          throw new SwallowedDatabaseError(definition, bound.firstQueryError());
        }
        ran.push({ runnable, finishedAt: clock() });
      } catch (thrown) {
        // A handler that swallowed a database error usually fails on its next query with
        // "current transaction is aborted": name the error it swallowed instead.
        const first = bound?.firstQueryError();
        const error = isAbortedTransaction(thrown) && first && !isAbortedTransaction(first) ? new SwallowedDatabaseError(definition, first) : thrown;
        if (error instanceof LeaseTimeoutError) {
          // The handler may still be running, maybe inside a statement or a lock wait. Cut it
          // off from the connection, cancel what it is doing in the database (the transaction
          // and its row locks stay ours, so the jobs waiting their turn stay protected) and roll
          // its writes back; the group then commits as usual with this job failed. Only if the
          // connection does not come back promptly is its backend ended and the transaction
          // dropped, the others of the group going back to the queue.
          bound.discard();
          bound = undefined;
          const opening = jobSavepoint as Promise<void> | undefined;
          const regained = await regainConnection(connection, backendPid, opening, options);
          if (!regained) {
            queue.unshift(...taken.filter((r) => r !== runnable), ...cancelledBeforeStart);
            return { destroy: error, failuresToRecord: [{ runnable, record: failure(job, error, definition, failedAt(options, job)) }], leaseLost };
          }
          failed.set(runnable, failure(job, error, definition, failedAt(options, job)));
          break;
        }
        // Undo this job's writes, if it made any (a job that sent no query has no savepoint).
        const opening = jobSavepoint as Promise<void> | undefined; // assigned by the handler's first query
        if (opening) {
          await opening.catch(() => {});
          if (savepointOpen) await connection.query("ROLLBACK TO SAVEPOINT job");
        }
        // "Not before T": its writes are undone like a failure's, but no attempt is spent.
        const deferral = error instanceof NotBefore ? checkDeferral(error, handlerNow) : undefined;
        if (deferral?.ok) deferred.set(runnable, deferralRecord(runnable, deferral.deferral, failedAt(options, job)));
        else failed.set(runnable, failure(job, deferral ? deferral.error : error, definition, failedAt(options, job)));
      }
    }
    bound?.release();
    bound = undefined;

    if (timeoutsChanged) {
      await connection.query(`SET LOCAL statement_timeout = ${engineStatementTimeoutMs}; SET LOCAL lock_timeout = ${engineLockTimeoutMs}`);
    }
    const done = await markManySucceeded(
      connection,
      ran.map(({ runnable, finishedAt }) => ({ id: runnable.job.id, attempt: runnable.job.attempt, finishedAt })),
    );
    const cancelled = await markCancelledBeforeStart(
      connection,
      cancelledBeforeStart.map((r) => ({ id: r.job.id, attempt: r.job.attempt })),
      options.clock(),
    );
    const movedOn = await markManyDeferred(connection, [...deferred.values()], limits.maxAttempts);
    for (const [runnable, record] of deferred) {
      // Not deferred: the job has had as many claims as any job may (its attempts can no longer
      // be given back), so this attempt counts as a failed one.
      if (movedOn.has(record.jobId)) continue;
      const error = new Error(`${record.note}; but it has used the ${limits.maxAttempts} attempts a job may have, so this one counts`);
      failed.set(runnable, failure(runnable.job, error, runnable.definition, record.now));
    }
    const recordedFailures = new Map<Runnable, AttemptOutcome>();
    for (const [runnable, record] of failed) {
      const result = await markFailed(connection, record);
      recordedFailures.set(runnable, result ? outcomeOf(result.status) : "lease_lost");
    }
    // Jobs still waiting get a fresh lease, so they stay protected between this commit and the
    // next transaction's BEGIN however long this process takes to get there (a starved event
    // loop). Usually there are none: a lane claims about what one group runs.
    const renewFrom = options.leaseClock();
    const renewals = queue.filter((r) => held.has(r.job.id));
    await renewLeases(
      connection,
      renewals.map((r) => ({ id: r.job.id, attempt: r.job.attempt, leaseMs: r.definition.leaseMs + startGraceMs })),
      options.databaseLeases ? null : renewFrom,
    );
    await connection.query("COMMIT");
    for (const r of renewals) r.leaseExpiresAt = new Date(renewFrom.getTime() + r.definition.leaseMs + startGraceMs);
    // We hold the rows, so every held job is marked; the check guards the guarantee anyway.
    for (const { runnable } of ran) options.onOutcome(runnable.job, done.has(runnable.job.id) ? "succeeded" : "lease_lost");
    for (const [runnable, outcome] of recordedFailures) options.onOutcome(runnable.job, outcome);
    for (const { job } of deferred.keys()) if (movedOn.has(job.id)) options.onOutcome(job, "deferred");
    for (const { job } of cancelledBeforeStart) options.onOutcome(job, cancelled.has(job.id) ? "cancelled" : "lease_lost");
    return { failuresToRecord: [], leaseLost };
  } catch (error) {
    // The transaction itself failed (BEGIN or COMMIT refused, a lock or statement timeout in
    // the engine's own statements, the connection lost): nothing of it landed. Every job it
    // took records its own error, or the transaction's, as a failed attempt; unless the
    // connection died, which is no job's fault (below).
    bound?.discard();
    let destroy: Error | undefined = lane.broken ?? undefined;
    if (!destroy) await connection.query("ROLLBACK").catch((rollbackError: Error) => (destroy = rollbackError));
    options.onError(`a group transaction failed: ${describeError(error)}`);
    queue.unshift(...cancelledBeforeStart); // not ended: the next transaction ends them
    let unfinished = taken;
    if (lane.broken || isConnectionLoss(error)) {
      // The connection died (a killed backend, a restarted server or pooler): the server rolled
      // the transaction back and nothing of it landed. Its jobs are not at fault: they run
      // again in a fresh transaction under the same attempt, which re-holds them first and so
      // finds out if another worker took one meanwhile. Only a job that keeps losing its
      // connection records a failed attempt.
      const again = taken.filter((r) => r.connectionLosses < maxConnectionLosses);
      for (const r of again) r.connectionLosses += 1;
      queue.unshift(...again);
      unfinished = taken.filter((r) => !again.includes(r));
      destroy ??= toError(error);
    } else if (taken.length === 0 && giveUpOnFailure) {
      // Nothing could start, repeatedly: record it rather than loop.
      unfinished = candidates.filter((r) => queue.includes(r));
      for (const r of unfinished) queue.splice(queue.indexOf(r), 1);
    }
    const failuresToRecord = unfinished.map((runnable) => ({
      runnable,
      record: failed.get(runnable) ?? failure(runnable.job, error, runnable.definition, failedAt(options, runnable.job)),
    }));
    // No progress: replace the connection anyway, so the next try starts clean.
    return { destroy: destroy ?? (taken.length === 0 ? toError(error) : undefined), failuresToRecord, leaseLost };
  }
}

/**
 * Whether the transaction is aborted after a handler returned. The status comes with each
 * ReadyForQuery, but pg settles a failed query's promise on the ErrorResponse, which can arrive
 * in a packet of its own (seen behind PgBouncer): a handler that caught the error may return
 * before the status says "E". So when one of its queries failed, ask the database: a statement
 * in an aborted transaction fails with 25P02. (No query failed: nothing to ask, no round trip.)
 */
async function transactionAborted(connection: pg.PoolClient, aQueryFailed: boolean): Promise<boolean> {
  if ((connection as unknown as { getTransactionStatus(): string }).getTransactionStatus() === "E") return true;
  if (!aQueryFailed) return false;
  try {
    await connection.query("SELECT 1");
    return false;
  } catch (error) {
    if (isAbortedTransaction(error)) return true;
    throw error;
  }
}

/** 25P02: the transaction (here: the job's savepoint) is aborted; commands are ignored. */
function isAbortedTransaction(error: unknown): boolean {
  const text = messageOf(error);
  return sqlState(error) === "25P02" || text.includes("25P02") || text.includes("current transaction is aborted");
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(describeError(error));
}

function outcomeOf(status: "pending" | "dead" | "cancelled"): AttemptOutcome {
  return status === "pending" ? "failed" : status;
}

/** How long a cancelled handler's connection may take to come back before its backend is ended. */
const regainGraceMs = 2_000;

/**
 * After a lease timeout: cancels the handler's statement (if it is in one) and rolls back to its
 * savepoint, keeping the transaction. True when the connection is usable again; false when it
 * did not answer within the grace (its backend is then ended, and the caller drops it).
 */
async function regainConnection(
  connection: pg.PoolClient,
  backendPid: number,
  jobSavepoint: Promise<void> | undefined,
  options: RunOptions,
): Promise<boolean> {
  await options.cancelBackend(backendPid).catch((error: Error) => options.onError(`could not cancel a handler's statement after its lease: ${error.message}`));
  // The pg client runs queries in order: this runs once the cancelled statement (and anything
  // the handler had queued behind it, which fails in the aborted transaction) has ended.
  const rollback = (async () => {
    if (jobSavepoint) {
      await jobSavepoint.catch(() => {});
      await connection.query("ROLLBACK TO SAVEPOINT job");
    } else {
      await connection.query("SELECT 1");
    }
  })();
  rollback.catch(() => {}); // if it loses the race below, its failure is the destroyed connection's
  let timer: NodeJS.Timeout | undefined;
  const regained = await Promise.race([
    rollback.then(() => true, () => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), regainGraceMs))),
  ]);
  clearTimeout(timer);
  if (regained) return true;
  await options.terminateBackend(backendPid).catch((error: Error) =>
    options.onError(`could not end a stuck backend after its lease: ${error.message}`),
  );
  return false;
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
