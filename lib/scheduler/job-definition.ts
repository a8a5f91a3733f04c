// What a job type is: the engine knows job types only through these definitions, which
// jobs/ declares and hands to the tick as a catalogue.
import type { z } from "zod";
import type { Tx } from "../db/client.ts";

export interface RetryPolicy {
  /** Attempts before the job is marked dead, counting the first. */
  maxAttempts: number;
  /** Backoff before attempt n+1 is base * 2^(n-1), capped at maxMs, with "equal jitter". */
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export interface JobContext<Payload> {
  /** The transaction the job's completion is committed in: write only through it. */
  tx: Tx;
  payload: Payload;
  job: {
    id: bigint;
    attempt: number;
    runAt: Date;
    key: string | null;
    subjectType: string | null;
    subjectId: string | null;
  };
  /** The tick's clock at the start of this attempt. Handlers never read the wall clock. */
  now: Date;
}

export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  /** Stored in scheduled_jobs.job_type; never rename a type that has pending jobs. */
  name: string;
  /** Bump when the payload's shape changes; the schema must still accept pending older ones. */
  version: number;
  payload: Schema;
  retry: RetryPolicy;
  /** How long one attempt may hold the job. A worker that dies frees it only after this. */
  leaseMs: number;
  /** Must be idempotent: check state before acting, set values rather than add to them. */
  handler: (context: JobContext<z.output<Schema>>) => Promise<void>;
}

export const defaultRetry: RetryPolicy = { maxAttempts: 5, backoffBaseMs: 10_000, backoffMaxMs: 3_600_000 };

export function defineJob<Schema extends z.ZodType>(
  definition: Omit<JobDefinition<Schema>, "retry" | "leaseMs" | "version"> &
    Partial<Pick<JobDefinition<Schema>, "retry" | "leaseMs" | "version">>,
): JobDefinition<Schema> {
  return { version: 1, retry: defaultRetry, leaseMs: 15_000, ...definition };
}

/**
 * Thrown by a handler when retrying cannot help (the booking no longer exists, the payload
 * names something invalid). The job goes straight to dead with this message.
 */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

/** A recurring schedule declared in code and synced into recurring_schedules. */
export interface RecurringDefinition {
  name: string;
  cron: string;
  timeZone: string;
  jobType: string;
  payload: unknown;
  catchUp?: "latest" | "all" | "skip";
}

export interface Catalogue {
  get(name: string): JobDefinition | undefined;
  all(): JobDefinition[];
  recurring: RecurringDefinition[];
}

export function createCatalogue(definitions: JobDefinition[], recurring: RecurringDefinition[] = []): Catalogue {
  const byName = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    if (byName.has(definition.name)) throw new Error(`job type ${definition.name} is defined twice`);
    byName.set(definition.name, definition);
  }
  for (const schedule of recurring) {
    const definition = byName.get(schedule.jobType);
    if (!definition) throw new Error(`recurring schedule ${schedule.name} names unknown job type ${schedule.jobType}`);
    definition.payload.parse(schedule.payload);
  }
  return { get: (name) => byName.get(name), all: () => [...byName.values()], recurring };
}
