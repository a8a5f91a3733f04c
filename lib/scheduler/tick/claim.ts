// Phase 3, the claim: a lane takes due jobs (sql/claim-due-jobs.ts) on the connection it will
// run them on. A lane is a claimer, named `<tickId>/<n>` in locked_by; what it must remember
// between claims is here, in one small object per lane.
//
// A claim whose connection dies before its answer may have committed: the jobs are then
// running under the lane's name with nobody running them. The lane looks them up again by its
// name (findClaimedBy) before it claims anything new; a lane that ends first leaves its name to
// a later tick of this process (unansweredClaimers), which adopts the jobs, so they run now
// instead of waiting out their leases.
//
// Reads: settings, clock, leaseClock, types, housekeeping.sweepUnfinished, attemptedWhileTravelling.
// Writes: nothingDueAtStart (only the first claim may skip on it); an error for adopted jobs.
import type { Lane } from "../lane.ts";
import { claimDueJobs, findClaimedBy, type ClaimedJob, type ClaimRequest } from "../sql/claim-due-jobs.ts";
import type { TickContext } from "./context.ts";
import { addError } from "./summary.ts";

/**
 * Lanes (of ticks in this process that have ended) whose last claim failed on a dying
 * connection and that could not look it up again before they gave up: the claim may have
 * committed. A later tick of this process adopts their jobs (findClaimedBy), so those run now
 * instead of waiting out their leases. Nothing else ever claims under these names.
 */
const unansweredClaimers = new Set<string>();

/** Leaves a lane's name for a later claimer to adopt: its last claim may have committed unseen. */
export function leaveUnansweredClaim(claimer: string): void {
  unansweredClaimers.add(claimer);
}

export class Claimer {
  /** A claim failed on a dying connection: it may have committed anyway. */
  #claimUnanswered = false;
  /** An ended lane's name whose jobs this lane is looking up (put back if that fails). */
  #adopting: string | undefined;

  constructor(
    /** The lane's name, recorded as the jobs' locked_by. */
    readonly name: string,
    /** The tick's first lane: the only one that may skip its first claim. */
    private readonly primary: boolean,
  ) {}

  /** The jobs this lane runs next: adopted ones if a claim went unanswered, else a fresh claim of at most `limit`. */
  async claim(context: TickContext, lane: Lane, limit: number): Promise<ClaimedJob[]> {
    const skip = this.primary && context.nothingDueAtStart && !context.housekeeping.sweepUnfinished && !this.#claimUnanswered && unansweredClaimers.size === 0;
    context.nothingDueAtStart = false;
    this.#adopting = skip ? undefined : this.#claimUnanswered ? this.name : takeOne(unansweredClaimers);
    if (skip) return [];
    if (this.#adopting) return this.#adopt(context, lane, this.#adopting);
    this.#claimUnanswered = true;
    const jobs = await claimDueJobs(lane.connection, claimRequest(context, this.name, limit));
    this.#claimUnanswered = false;
    return jobs;
  }

  /** The lane's step failed (anywhere): a name being adopted goes back for another lane. */
  failed(): void {
    if (this.#adopting && this.#adopting !== this.name) unansweredClaimers.add(this.#adopting);
    this.#adopting = undefined;
  }

  /** The lane is done: if its last claim was never answered, a later tick adopts what it may have claimed. */
  ended(): void {
    if (this.#claimUnanswered) leaveUnansweredClaim(this.name);
  }

  async #adopt(context: TickContext, lane: Lane, claimer: string): Promise<ClaimedJob[]> {
    const jobs = await findClaimedBy(lane.connection, claimer);
    if (claimer === this.name) this.#claimUnanswered = false;
    this.#adopting = undefined;
    if (jobs.length > 0) addError(context.summary, `recovered ${jobs.length} job(s) whose claim committed on a connection that died`);
    return jobs;
  }
}

/** What a lane asks the claim for: the tick's clocks (null: the database's), its unpaused types. */
function claimRequest(context: TickContext, claimer: string, limit: number): ClaimRequest {
  const { givenNow, travelling } = context.settings;
  return {
    now: givenNow === undefined ? null : context.clock(),
    leaseFrom: givenNow === undefined || travelling ? null : context.leaseClock(),
    tickId: context.summary.tickId,
    claimer,
    limit,
    types: context.types,
    exclude: travelling ? [...context.attemptedWhileTravelling] : undefined,
  };
}

function takeOne(names: Set<string>): string | undefined {
  for (const name of names) {
    names.delete(name);
    return name;
  }
  return undefined;
}
