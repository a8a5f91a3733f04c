// Phase 3, the claim: a lane takes due jobs (sql/claim-due-jobs.ts) on the connection it will
// run them on. A lane is a claimer, named `<tickId>/<n>` in locked_by; what it must remember
// between claims is here, in one small object per lane.
//
// A lane can lose track of jobs it claimed: they stay running under its name with nobody
// running them. Two ways (decision 0008): a claim whose connection dies before its answer may
// have committed; and an error that escapes the run phase after an answered claim (recording a
// failed attempt that died on three connections in a row, or no connection to be had for the
// lane's whole patience) leaves the rest of its queue unrun and unreleased. Either way the lane
// looks its jobs up again by its name (findClaimedBy) before it claims anything new; a lane that
// ends first leaves its name to a later tick of this process (unansweredClaimers), which adopts
// the jobs, so they run now, same attempt, instead of waiting out their leases to end `lost`.
//
// Reads: settings, clock, leaseClock, types, housekeeping.sweepUnfinished, attemptedWhileTravelling.
// Writes: nothingDueAtStart (only the first claim may skip on it); an error for adopted jobs.
import type { Lane } from "../lane.ts";
import { claimDueJobs, findClaimedBy, type ClaimedJob, type ClaimRequest } from "../sql/claim-due-jobs.ts";
import type { TickContext } from "./context.ts";
import { addError } from "./summary.ts";

/** How a lane lost track of jobs it may hold: its claim went unanswered, or its run phase failed. */
export type LostTrack = "claim" | "run";

/**
 * Lanes (of ticks in this process that have ended) that lost track of jobs they may hold and
 * could not look them up again before they ended: their last claim went unanswered, or their
 * run phase failed with jobs still queued. A later tick of this process adopts their jobs
 * (findClaimedBy), so those run now instead of waiting out their leases. Nothing else ever
 * claims under these names.
 */
const unansweredClaimers = new Map<string, LostTrack>();

/** Leaves a lane's name for a later claimer to adopt: it may hold jobs nobody runs. */
export function leaveUnansweredClaim(claimer: string, why: LostTrack = "claim"): void {
  unansweredClaimers.set(claimer, why);
}

export class Claimer {
  /** Jobs may be running under this lane's name that it is not running, and why. */
  #lostTrack: LostTrack | undefined;
  /**
   * Whose jobs this lane is looking up or running now (its own name, or an ended lane's), from
   * a claim that returned jobs until the run phase has finished them (ran()). If the lane's step
   * fails meanwhile, those jobs are not forgotten (failed()).
   */
  #holding: { name: string; why: LostTrack } | undefined;
  /** The jobs the last claim returned are this lane's own, found again after its run failed: the tick counted them already. */
  #recounted = false;

  constructor(
    /** The lane's name, recorded as the jobs' locked_by. */
    readonly name: string,
    /** The tick's first lane: the only one that may skip its first claim. */
    private readonly primary: boolean,
  ) {}

  /** The jobs this lane runs next: the ones it lost track of or an ended lane left, else a fresh claim of at most `limit`. */
  async claim(context: TickContext, lane: Lane, limit: number): Promise<ClaimedJob[]> {
    const skip = this.primary && context.nothingDueAtStart && !context.housekeeping.sweepUnfinished && !this.#lostTrack && unansweredClaimers.size === 0;
    context.nothingDueAtStart = false;
    this.#holding = undefined;
    this.#recounted = false;
    if (skip) return [];
    const adopt = this.#lostTrack ? { name: this.name, why: this.#lostTrack } : takeOne(unansweredClaimers);
    if (adopt) return this.#adopt(context, lane, adopt);
    this.#holding = { name: this.name, why: "run" };
    this.#lostTrack = "claim"; // until the answer arrives: the claim may commit without it
    const jobs = await claimDueJobs(lane.connection, claimRequest(context, this.name, limit));
    this.#lostTrack = undefined;
    if (jobs.length === 0) this.#holding = undefined;
    return jobs;
  }

  /** Whether the jobs the last claim returned were counted as claimed by this tick already (its own, found again after its run failed). */
  get alreadyCounted(): boolean {
    return this.#recounted;
  }

  /** The run phase has finished the jobs the last claim returned: each ended, released or recorded. */
  ran(): void {
    this.#holding = undefined;
  }

  /**
   * The lane's step failed (anywhere). Jobs the lane was looking up or running may still be
   * running under their claimer's name with nobody running them: its own name is looked up
   * again by its next claim (or left for a later tick when it ends), an ended lane's goes back
   * for another claimer.
   */
  failed(): void {
    const holding = this.#holding;
    this.#holding = undefined;
    if (!holding) return;
    if (holding.name === this.name) this.#lostTrack ??= holding.why;
    else unansweredClaimers.set(holding.name, holding.why);
  }

  /** The lane is done: if it lost track of jobs it may hold, a later tick adopts them. */
  ended(): void {
    this.failed(); // a lane only ends between steps; this guards the promise anyway
    if (this.#lostTrack) leaveUnansweredClaim(this.name, this.#lostTrack);
  }

  async #adopt(context: TickContext, lane: Lane, { name, why }: { name: string; why: LostTrack }): Promise<ClaimedJob[]> {
    this.#holding = { name, why };
    const jobs = await findClaimedBy(lane.connection, name);
    if (name === this.name) this.#lostTrack = undefined;
    this.#recounted = name === this.name && why === "run";
    // Found: this tick has them in hand (and counted) now; should its run fail, they are this lane's run's to find again.
    this.#holding = jobs.length === 0 ? undefined : name === this.name ? { name, why: "run" } : { name, why };
    if (jobs.length > 0) addError(context.summary, `recovered ${jobs.length} job(s) ${why === "claim" ? "whose claim committed on a connection that died" : "left unrun when a lane's run failed (they run now, same attempt)"}`);
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

function takeOne(names: Map<string, LostTrack>): { name: string; why: LostTrack } | undefined {
  for (const [name, why] of names) {
    names.delete(name);
    return { name, why };
  }
  return undefined;
}
