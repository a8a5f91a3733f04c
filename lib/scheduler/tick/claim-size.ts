// How many jobs a lane claims at once, and what it learns from running them. Pure arithmetic:
// the claim itself is in claim.ts.

/**
 * A lane whose last claim its types' batches did entirely claims up to this many times maxClaim:
 * a batch does a group's jobs of its type in a few statements and one commit, so the more it
 * gets the less each job costs (decision 0027), while a claim of jobs that run their handlers
 * stays what one group runs in its window.
 */
export const batchClaimFactor = 8;

/** Jobs a lane claims before it knows how long they take. */
export const initialClaim = 8;
/** A claim takes at least about this much work, when jobs are measured to be short. */
export const claimHorizonMs = 50;

export interface ClaimSizeInput {
  /** What is left of the tick's budget. */
  remainingMs: number;
  /** Measured cost of one job; undefined until a lane has run some. */
  perJobMs: number | undefined;
  /** The most a lane may claim (the tick's maxClaim, at most a group's size). */
  maxClaim: number;
  /** The longest lease of the types claimed. */
  longestLeaseMs: number;
  /** How long a group transaction takes new jobs. */
  groupWindowMs: number;
  /**
   * The lane's last claim was done entirely by its types' batches (handleMany, decision 0027):
   * a batch does all of a group's jobs of its type at once, so no claimed job waits behind
   * another's handler and the window does not bound the claim.
   */
  batched?: boolean;
}

/**
 * How many jobs a lane claims: what it can start soon. A claimed job waits for its turn
 * behind the lane's others (protected, but not running), so a lane takes about what one
 * group transaction runs in its window, never more than fits in the remaining budget (a
 * call must not run far past it), and a few until it has measured how long jobs take.
 */
export function claimLimit({ remainingMs, perJobMs, maxClaim, longestLeaseMs, groupWindowMs, batched = false }: ClaimSizeInput): number {
  // Before any job was measured, assume each may take its whole lease.
  if (perJobMs === undefined) return Math.max(1, Math.min(maxClaim, initialClaim, Math.floor(remainingMs / longestLeaseMs)));
  const cost = Math.max(perJobMs, 0.01);
  // What one group runs in its window, and at least ~50 ms of work: with no window (one
  // transaction per job) a claim of one job each would double the commits.
  if (batched) return Math.max(1, Math.min(maxClaim * batchClaimFactor, Math.floor(remainingMs / cost)));
  const perWindow = Math.ceil(Math.max(groupWindowMs, claimHorizonMs) / cost);
  return Math.max(1, Math.min(maxClaim, perWindow, Math.floor(remainingMs / cost)));
}

/** The cost of one job after a run measured `measuredMs` a job: a moving average, recent runs weighing 30 %. */
export function nextPerJobMs(previous: number | undefined, measuredMs: number): number {
  return previous === undefined ? measuredMs : previous * 0.7 + measuredMs * 0.3;
}
