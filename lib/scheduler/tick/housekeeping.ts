// Phase 1, housekeeping: first thing in a tick, then about once a second on whichever lane (or
// the housekeeper) finds it due. One statement (sql/housekeeping.ts) reads the clock, recovers
// jobs whose worker died and says what an operator paused; then the recurring phase
// (recurring.ts). The first one also sets the tick's clocks and what its summary says of the
// start (the instant, the lag, whether anything is due at all).
//
// Reads: settings, clock. Writes: housekeeping (busy, lastAt), types, and on the first call
// clock, leaseClock, nothingDueAtStart, summary.now and summary.lagMs; counts recovered jobs.
import { clockStartingAt, frozenClock } from "../clock.ts";
import { describeError, toError } from "../describe-error.ts";
import { Lane } from "../lane.ts";
import { housekeeping, type HousekeepingResult } from "../sql/housekeeping.ts";
import { sleep } from "../wake-up.ts";
import { budgetLeft, isUnavailable, type TickContext } from "./context.ts";
import { recurringPhase } from "./recurring.ts";
import { addError, countRecovered } from "./summary.ts";

/** The housekeeping statement's limits: a lock waited for as long as the sweep's, a statement as long as a job's. */
const beginHousekeepingSql = "BEGIN; SET LOCAL statement_timeout = 30000; SET LOCAL lock_timeout = 2000";

/** Jobs one housekeeping returns to pending at most (the next one takes the rest). */
const recoverLimit = 100;

/** Tries for the first lane and its housekeeping this many times at most. */
const firstHousekeepingAttempts = 3;

/**
 * The first lane and the first housekeeping (which sets the clock): without them there is
 * nothing to do. A connection that dies under them is replaced a few times within the budget;
 * a database that cannot be reached at all is not waited for. Undefined: the tick could not
 * start (its summary says why, status "unavailable").
 */
export async function firstHousekeeping(context: TickContext): Promise<Lane | undefined> {
  for (let attempt = 1; ; attempt++) {
    let lane: Lane | undefined;
    try {
      lane = await Lane.open(context.pool);
      await housekeepingPhase(context, lane, true);
      return lane;
    } catch (error) {
      lane?.close(toError(error));
      const retry = attempt < firstHousekeepingAttempts && budgetLeft(context) > 0 && (lane !== undefined || !isUnavailable(error));
      if (!retry) {
        context.summary.status = "unavailable";
        context.summary.errors.push(lane ? `the first housekeeping failed: ${describeError(error)}` : describeError(error));
        return undefined;
      }
      addError(context.summary, `the first housekeeping failed, trying again: ${describeError(error)}`);
      await sleep(Math.min(100 * attempt, Math.max(0, budgetLeft(context))));
    }
  }
}

/** Runs a housekeeping on the lane's connection. Throws what the statement throws (the lane handles it). */
export async function housekeepingPhase(context: TickContext, lane: Lane, first: boolean): Promise<void> {
  const { settings } = context;
  context.housekeeping.busy = true;
  context.housekeeping.lastAt = performance.now();
  const sentAt = performance.now();
  try {
    // Bounded like the sweep and the reconciliation: a lock held on a table the statement reads
    // (a migration's ALTER TABLE, a VACUUM FULL, a LOCK TABLE by hand) made it wait for as long
    // as the lock was held, and the tick with it (it waits for its housekeeper), its budget long
    // spent. On a failure the lane's connection is destroyed (every caller closes the lane with
    // the error), which ends the transaction.
    await lane.connection.query(beginHousekeepingSql);
    const result = await housekeeping(lane.connection, {
      now: settings.givenNow === undefined ? null : first ? settings.givenNow : context.clock(),
      travelling: settings.travelling,
      withLag: first,
      recoverLimit,
      knownTypes: settings.knownTypes,
      claimable: settings.claimableTypes, // the lag counts what this tick could run (less paused types)
    });
    await lane.connection.query("COMMIT");
    const paused = new Set(result.pausedTypes);
    context.types = paused.size === 0 ? settings.claimableTypes : settings.claimableTypes.filter((t) => !paused.has(t.jobType));
    if (first) startClocks(context, result, sentAt);
    countRecovered(context.summary, result.recovered);
    await recurringPhase(context, lane, result, first);
  } finally {
    context.housekeeping.busy = false;
  }
}

/**
 * The tick's clocks, from its first housekeeping: the given instant (frozen when draining, so
 * every decision of a test's tick is repeatable; running forward when staying), else the
 * database's clock carried forward from when the question was sent.
 */
function startClocks(context: TickContext, result: HousekeepingResult, sentAt: number): void {
  const { givenNow, mode, travelling } = context.settings;
  context.clock = givenNow ? (mode === "drain" ? frozenClock(givenNow) : clockStartingAt(givenNow)) : clockStartingAt(result.now, sentAt);
  context.leaseClock = travelling ? clockStartingAt(result.databaseNow, sentAt) : context.clock;
  context.summary.now = context.clock().toISOString();
  context.summary.lagMs = result.oldestDue ? Math.max(0, result.now.getTime() - result.oldestDue.getTime()) : 0;
  // (Jobs this statement recovered are due now, but its snapshot did not see them so.)
  context.nothingDueAtStart = result.workDue === false && result.recovered.length === 0;
}
