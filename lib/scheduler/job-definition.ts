// What a job type is: the engine knows job types only through these definitions, which
// jobs/ declares and hands to the tick as a catalogue.
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Tx } from "../db/client.ts";
import { validateCron } from "./cron-occurrences.ts";
import { limits, payloadJson } from "./limits.ts";
import type { ClaimableType } from "./sql/claim-due-jobs.ts";
import type { BusinessTime } from "./deferral.ts";
import { buildStamp } from "../settings.ts";

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

/** One job of a batch (JobDefinition.handleMany): what a handler's context says of its job, and its payload. */
export interface BatchJob<Payload> {
  id: bigint;
  attempt: number;
  runAt: Date;
  key: string | null;
  subjectType: string | null;
  subjectId: string | null;
  payload: Payload;
}

export interface BatchContext<Payload> {
  /** The group's transaction, as a handler's `tx`: the batch's writes commit with the jobs' completions. */
  tx: Tx;
  /** Jobs of this type, claimed, held and not cancelled; at least two. */
  jobs: Array<BatchJob<Payload>>;
  /** The tick's clock, as a handler's `now`. */
  now: Date;
}

export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  /** Stored in scheduled_jobs.job_type; never rename a type that has pending jobs. */
  name: string;
  /** Bump when the payload's shape changes; the schema must still accept pending older ones. */
  version: number;
  payload: Schema;
  retry: RetryPolicy;
  /**
   * How long one attempt may run, from its handler's start. Past it the engine cuts the attempt
   * off (its transaction is rolled back and its database backend ended) and records a failure.
   * A worker that dies frees the job only after this.
   */
  leaseMs: number;
  /**
   * "group" (default): the job shares a transaction with other jobs, each in its own savepoint
   * (docs/decisions/0004). "alone": it runs in a transaction of its own, for jobs that move
   * money or update a hot row, whose locks should not wait on their neighbours.
   */
  isolation: "group" | "alone";
  /**
   * At most this many jobs of this type claimed or running at once, across every tick, lane and
   * process (like an Oban queue's limit): for work that calls a rate-limited provider, holds a
   * hot row, or must not run twice at once. Unset (the default): no limit of its own; like every
   * type it still gets only its fair share of each claim while other types have due work
   * (docs/decisions/0026). A claimed job counts until its attempt ends, so a job whose worker
   * died counts until housekeeping recovers it (its lease).
   */
  maxRunning?: number;
  /**
   * Whether a time-travelling tick (?now= in demos and e2e) runs this type. "skip" for work that
   * must only ever follow the real clock, such as retention (it deletes by age).
   */
  inTimeTravel: "run" | "skip";
  /**
   * Set on a type whose work is bound to a business instant (an event's time, a deadline): its
   * handler throws NotBefore when run before it, and the job waits until then without spending an
   * attempt (deferral.ts). The dashboard reads it to warn an operator who runs such a job early.
   */
  businessTime?: BusinessTime<z.output<Schema>>;
  /** Must be idempotent: check state before acting, set values rather than add to them. */
  handler: (context: JobContext<z.output<Schema>>) => Promise<void>;
  /**
   * Optional, for throughput (docs/decisions/0027): does for several due jobs of this type at
   * once, in a few set-based statements, what their handlers would do in the usual case, and
   * returns the ids of the jobs it did. It runs in the group's transaction in one savepoint of
   * its own, before any handler: each job it returns is marked succeeded in the same commit as
   * its effects; every other job then runs its `handler` as usual (so the unusual cases, a
   * record that moved on, a deadline not come, stay in one place). If it throws, its writes are
   * rolled back and every job runs its handler: a batch can cost time, never an outcome. Its
   * writes for a job it does not return must leave that job's handler correct (idempotency).
   * A type that runs `alone` gets a transaction holding only its batch.
   */
  handleMany?: (context: BatchContext<z.output<Schema>>) => Promise<Iterable<bigint>>;
}

export const defaultRetry: RetryPolicy = { maxAttempts: 5, backoffBaseMs: 10_000, backoffMaxMs: 3_600_000 };

const dayMs = 86_400_000;
const definitionLimits = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,99}$/, "job type names are lower-case words joined by . _ or - (at most 100)"),
  version: z.number().int().min(1).max(1_000_000),
  leaseMs: z.number().int().min(100, "leaseMs must be at least 100").max(15 * 60_000, "leaseMs must be at most 15 minutes"),
  maxRunning: z.number().int().min(1, "maxRunning must be at least 1").max(10_000).optional(),
  retry: z.object({
    maxAttempts: z.number().int().min(1).max(limits.maxAttempts),
    backoffBaseMs: z.number().int().min(0).max(dayMs),
    backoffMaxMs: z.number().int().min(0).max(365 * dayMs),
  }),
});

type DefinitionInput<Schema extends z.ZodType> = Omit<JobDefinition<Schema>, "retry" | "leaseMs" | "version" | "isolation" | "inTimeTravel"> &
  Partial<Pick<JobDefinition<Schema>, "retry" | "leaseMs" | "version" | "isolation" | "inTimeTravel">>;

export function defineJob<Schema extends z.ZodType>(definition: DefinitionInput<Schema>): JobDefinition<Schema> {
  const complete: JobDefinition<Schema> = {
    version: 1, retry: defaultRetry, leaseMs: 15_000, isolation: "group", inTimeTravel: "run", ...definition,
  };
  const checked = definitionLimits.safeParse(complete);
  if (!checked.success) {
    throw new Error(`job type ${definition.name}: ${checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return complete;
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

/** A recurring schedule declared in code and reconciled into recurring_schedules by the tick. */
export interface RecurringDefinition {
  name: string;
  cron: string;
  timeZone: string;
  jobType: string;
  payload: unknown;
  catchUp?: "latest" | "all" | "skip";
}

/**
 * The deployment a catalogue belongs to: a build of the app. Only a deployment's own ticks ever
 * change recurring_schedules (recurring/reconcile.ts); code that is not a build (a script, a
 * test harness, a REPL) has none, and its ticks only sweep.
 */
export interface Deployment {
  /** When it was built, and what it declares: `<builtAt ISO>/<fingerprint prefix>`. */
  id: string;
  /** When it was built: of two deployments ticking at once, the newer one's timing wins. */
  builtAt: Date;
}

export interface Catalogue {
  get(name: string): JobDefinition | undefined;
  all(): JobDefinition[];
  recurring: RecurringDefinition[];
  /** sha256 of the recurring schedules as declared. */
  recurringFingerprint: string;
  /** The build this code is, or null outside one (lib/settings.ts buildStamp()). */
  deployment: Deployment | null;
  /** What the claim may take: every type, or in a time-travelling tick those that run in it. */
  claimableTypes(travelling: boolean): ClaimableType[];
}

export interface CatalogueOptions {
  /**
   * When the deployment this code is was built; null: not a deployment. Default: the app
   * build's stamp (lib/settings.ts buildStamp()), so scripts and tests are not deployments
   * unless they say so.
   */
  builtAt?: Date | null;
}

export function createCatalogue(definitions: JobDefinition[], recurring: RecurringDefinition[] = [], options: CatalogueOptions = {}): Catalogue {
  const byName = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    if (byName.has(definition.name)) throw new Error(`job type ${definition.name} is defined twice`);
    byName.set(definition.name, definition);
  }
  const names = new Set<string>();
  for (const schedule of recurring) {
    if (!/^[a-z0-9][a-z0-9._:-]{0,99}$/i.test(schedule.name)) {
      throw new Error(`recurring schedule name ${JSON.stringify(schedule.name)}: letters, digits and . _ : - only (at most 100)`);
    }
    if (names.has(schedule.name)) throw new Error(`recurring schedule ${schedule.name} is declared twice`);
    names.add(schedule.name);
    const definition = byName.get(schedule.jobType);
    if (!definition) throw new Error(`recurring schedule ${schedule.name} names unknown job type ${schedule.jobType}`);
    const parsed = definition.payload.parse(schedule.payload);
    payloadJson(parsed, schedule.jobType); // storable (no NUL, no lone surrogate, within the size limit)
    validateCron(schedule.cron, schedule.timeZone);
  }
  const all = [...byName.values()];
  const toClaimable = (d: JobDefinition): ClaimableType => ({ jobType: d.name, leaseMs: d.leaseMs, version: d.version, maxRunning: d.maxRunning ?? null });
  const everyType = all.map(toClaimable);
  const travelTypes = all.filter((d) => d.inTimeTravel === "run").map(toClaimable);
  const recurringFingerprint = fingerprintOf(recurring);
  const builtAt = options.builtAt === undefined ? buildStamp() : options.builtAt;
  return {
    get: (name) => byName.get(name),
    all: () => all,
    recurring,
    recurringFingerprint,
    deployment: builtAt ? { id: `${builtAt.toISOString()}/${recurringFingerprint.slice(0, 16)}`, builtAt } : null,
    claimableTypes: (travelling) => (travelling ? travelTypes : everyType),
  };
}

/** sha256 of recurring definitions, whatever order they are declared in. */
export function fingerprintOf(recurring: RecurringDefinition[]): string {
  const canonical = [...recurring]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((r) => [r.name, r.cron, r.timeZone, r.jobType, r.catchUp ?? "latest", r.payload]);
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}
