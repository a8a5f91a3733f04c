// Runs one claimed attempt: the handler's writes and the job's completion share one
// transaction, so a crash anywhere leaves either the old state with the job still due, or the
// new state with the job done.
import type { Db } from "../db/client.ts";
import type { Clock } from "./clock.ts";
import { PermanentJobError, type Catalogue, type JobDefinition } from "./job-definition.ts";
import type { ClaimedJob } from "./sql/claim-due-jobs.ts";
import { holdClaimedJob, markFailed, markRunLeaseLost, markSucceeded } from "./sql/finish-attempt.ts";

export type AttemptOutcome = "succeeded" | "failed" | "dead" | "lease_lost";

/** The attempt no longer holds its job: another worker re-claimed it after the lease passed. */
export class LeaseLostError extends Error {
  constructor(job: ClaimedJob) {
    super(`job ${job.id} attempt ${job.attempt} lost its lease to a later attempt; its writes were rolled back`);
    this.name = "LeaseLostError";
  }
}

const maxErrorLength = 4000;

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > maxErrorLength ? `${text.slice(0, maxErrorLength)}…` : text;
}

export async function runClaimedJob(db: Db, catalogue: Catalogue, job: ClaimedJob, clock: Clock): Promise<AttemptOutcome> {
  const definition = catalogue.get(job.jobType);
  // The claim only takes known types, but a catalogue can be swapped between claim and run.
  if (!definition) return fail(db, job, clock, new PermanentJobError(`unknown job type ${job.jobType}`), undefined);

  const parsed = definition.payload.safeParse(job.payload);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
    const error = new PermanentJobError(
      `payload (version ${job.payloadVersion}) does not fit ${definition.name} version ${definition.version}: ${issues}`,
    );
    return fail(db, job, clock, error, definition);
  }

  try {
    await db.$transaction(
      async (tx) => {
        if (!(await holdClaimedJob(tx, job.id, job.attempt))) throw new LeaseLostError(job);
        await definition.handler({
          tx,
          payload: parsed.data,
          job: { id: job.id, attempt: job.attempt, runAt: job.runAt, key: job.key, subjectType: job.subjectType, subjectId: job.subjectId },
          now: clock(),
        });
        if (!(await markSucceeded(tx, job.id, job.attempt, clock()))) throw new LeaseLostError(job);
      },
      // The transaction may not outlive the lease: past it, recovery may hand the job to
      // another worker, and this one's writes must then be rolled back, not committed.
      { timeout: definition.leaseMs, maxWait: 30_000 },
    );
    return "succeeded";
  } catch (error) {
    return fail(db, job, clock, error, definition);
  }
}

async function fail(
  db: Db,
  job: ClaimedJob,
  clock: Clock,
  error: unknown,
  definition: JobDefinition | undefined,
): Promise<AttemptOutcome> {
  const message = describe(error);
  if (error instanceof LeaseLostError) {
    await markRunLeaseLost(db, job.id, job.attempt, message, clock());
    return "lease_lost";
  }
  const recorded = await markFailed(db, {
    jobId: job.id,
    attempt: job.attempt,
    error: message,
    permanent: error instanceof PermanentJobError,
    retry: definition?.retry ?? { maxAttempts: job.maxAttempts, backoffBaseMs: 10_000, backoffMaxMs: 3_600_000 },
    now: clock(),
  });
  if (!recorded) {
    await markRunLeaseLost(db, job.id, job.attempt, message, clock());
    return "lease_lost";
  }
  return recorded.status === "dead" ? "dead" : "failed";
}
