// The errors a group transaction records for a job that did not fail on its own account: it
// lost its lease, overran it, or swallowed a database error PostgreSQL had already acted on.
import { sqlState } from "../../db/connection-errors.ts";
import { describeError } from "../describe-error.ts";
import type { JobDefinition } from "../job-definition.ts";
import type { ClaimedJob } from "../sql/claim-due-jobs.ts";

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

/** The message of an error, whatever was thrown. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : describeError(error);
}

/** 25P02: the transaction (here: the job's savepoint) is aborted; commands are ignored. */
export function isAbortedTransaction(error: unknown): boolean {
  const text = messageOf(error);
  return sqlState(error) === "25P02" || text.includes("25P02") || text.includes("current transaction is aborted");
}
