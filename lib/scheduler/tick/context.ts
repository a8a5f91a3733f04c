// What the phases of one tick share, in one typed object handed to each of them: the settings
// the tick was called with (fixed), and the few facts that change while it runs (the clock, once
// the first housekeeping has read it; the types an operator has not paused; when housekeeping
// last ran; how long a job takes). Each phase says which of these it reads and which it writes.
import type pg from "pg";
import { pgPoolOf } from "../../db/client.ts";
import { isDulyError } from "../../errors.ts";
import type { Clock } from "../clock.ts";
import type { Catalogue } from "../job-definition.ts";
import { maxGroupSize } from "../run-job-group.ts";
import type { ClaimableType } from "../sql/claim-due-jobs.ts";
import { pollingWakeUp, type WakeUp } from "../wake-up.ts";
import type { TickMode, TickOptions } from "./options.ts";
import { emptySummary, type TickSummary } from "./summary.ts";

/** The tick's options with their defaults applied, and what follows from them. Never changes. */
export interface TickSettings {
  catalogue: Catalogue;
  mode: TickMode;
  travelling: boolean;
  /** The instant the caller asked to tick at (options.now); undefined: the database's clock. */
  givenNow: Date | undefined;
  concurrency: number;
  maxClaim: number;
  groupWindowMs: number;
  pollMs: number;
  listenUrl: string | undefined;
  listeningPollMs: number;
  housekeepingEveryMs: number;
  onIdle: (() => void) | undefined;
  /** The job types this tick may run (time travel leaves some out), before any pause. */
  claimableTypes: ClaimableType[];
  /** Every job type of the catalogue, by name. */
  knownTypes: string[];
  /** The longest lease of the claimable types: a claim before any job was measured assumes it. */
  longestLeaseMs: number;
}

/** When housekeeping ran and what it left to do. */
export interface HousekeepingState {
  /** performance.now() when the latest housekeeping started. */
  lastAt: number;
  /** A housekeeping is running (on some lane or the housekeeper): no second one starts. */
  busy: boolean;
  /** The last sweep ran out of time with schedules still due. */
  sweepUnfinished: boolean;
  /** This deployment has recorded the start of this tick (recurring/deployments.ts). */
  deploymentRecorded: boolean;
}

export interface TickContext {
  readonly settings: TickSettings;
  readonly pool: pg.Pool;
  readonly summary: TickSummary;
  /** performance.now() when the tick started. */
  readonly startedAt: number;
  /** performance.now() after which no lane claims (an aborted caller moves it to the present). */
  deadline: number;
  /** The tick's clock: due times, handlers' `now`, failure times. Set by the first housekeeping. */
  clock: Clock;
  /** The real clock leases follow (the same as `clock` unless travelling). Set with it. */
  leaseClock: Clock;
  /** What the claims ask for: the claimable types minus those an operator paused, as the latest housekeeping read them (a pause takes effect within a second). */
  types: ClaimableType[];
  readonly housekeeping: HousekeepingState;
  /** The first housekeeping found nothing due: the first claim would find nothing either (an idle tick's one round trip). */
  nothingDueAtStart: boolean;
  /** A travelling tick attempts each job at most once (see ClaimRequest.exclude). */
  readonly attemptedWhileTravelling: Set<bigint>;
  /** Measured cost of one job (handler plus its share of the transaction), for claim sizes. */
  perJobMs: number | undefined;
  /** The last run was done entirely by batches (claim-size.ts). */
  lastRunBatched: boolean;
  /** What idle lanes sleep on: a poll, or a LISTEN connection (stay mode with a listen URL). */
  wake: WakeUp;
  /** Starts one more lane if there is room (a no-op until the lanes exist). */
  requestLane: () => void;
}

/** A tick's context before its first housekeeping: no clock yet, nothing known of the database. */
export function newTickContext(options: TickOptions, tickId: string): TickContext {
  const { catalogue, mode = "drain", travelling = false } = options;
  const claimableTypes = catalogue.claimableTypes(travelling);
  const startedAt = performance.now();
  const unset: Clock = () => new Date(NaN);
  return {
    settings: {
      catalogue,
      mode,
      travelling,
      givenNow: options.now,
      concurrency: options.concurrency ?? 4,
      maxClaim: Math.min(options.maxClaim ?? maxGroupSize, maxGroupSize),
      groupWindowMs: options.groupWindowMs ?? 50,
      pollMs: options.pollMs ?? 250,
      listenUrl: options.listenUrl,
      listeningPollMs: options.listeningPollMs ?? 1000,
      housekeepingEveryMs: options.housekeepingEveryMs ?? 1000,
      onIdle: options.onIdle,
      claimableTypes,
      knownTypes: catalogue.all().map((d) => d.name),
      longestLeaseMs: Math.max(1, ...claimableTypes.map((t) => t.leaseMs)),
    },
    pool: pgPoolOf(options.db),
    summary: emptySummary(tickId, mode),
    startedAt,
    deadline: startedAt + options.budgetMs,
    clock: unset,
    leaseClock: unset,
    types: claimableTypes,
    housekeeping: { lastAt: -Infinity, busy: false, sweepUnfinished: false, deploymentRecorded: false },
    nothingDueAtStart: false,
    attemptedWhileTravelling: new Set(),
    perJobMs: undefined,
    lastRunBatched: false,
    wake: pollingWakeUp(),
    requestLane: () => {},
  };
}

/** Milliseconds left of the budget (negative once it is spent). */
export function budgetLeft(context: TickContext): number {
  return context.deadline - performance.now();
}

/** Whether a housekeeping is due and none is running. */
export function housekeepingDue(context: TickContext): boolean {
  const { housekeeping, settings } = context;
  return !housekeeping.busy && performance.now() - housekeeping.lastAt >= settings.housekeepingEveryMs;
}

/**
 * The size of the pool's connections (pg keeps it in options.max): a pool of N runs at most N
 * lanes, and the housekeeper never waits for a lane's connection.
 */
export function poolSize(pool: pg.Pool): number {
  return (pool as unknown as { options: { max: number } }).options.max;
}

/** Whether an error means no connection could be had from the pool (the database is down, or the pool full). */
export function isUnavailable(error: unknown): boolean {
  return isDulyError(error, "DATABASE_UNAVAILABLE");
}
