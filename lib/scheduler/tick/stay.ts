// Phase 5, stay or leave: what a lane does when its claim came back empty. A draining tick's
// lanes leave; a staying tick's first lane lets go of its connection and sleeps until the next
// job is due, a notification says one was scheduled (wake-up.ts), a poll, or the next
// housekeeping, whichever comes first, until the budget is spent. The decisions are plain
// functions of what the lane knows, so they can be read (and tested) on their own.
//
// Reads: settings, clock, types, housekeeping, deadline, wake. Writes: an error if the
// next-work lookup fails.
import { describeError } from "../describe-error.ts";
import { millisecondsUntilNextWork } from "../sql/housekeeping.ts";
import { sleep } from "../wake-up.ts";
import type { TickContext } from "./context.ts";
import type { TickMode } from "./options.ts";
import { addError } from "./summary.ts";

/** A lane never sleeps less than this: a due job the claim did not get is held by another tick's lock. */
export const minSleepMs = 5;

/**
 * After an empty claim: finish a recurring sweep that ran out of time (before leaving or
 * sleeping), leave (a draining tick, or a helper lane whose backlog is gone), or sleep until
 * there may be work (a staying tick's first lane). A draining tick's first lane whose sweep is
 * unfinished while another housekeeping runs (the housekeeper's, on a loaded machine) waits for
 * that one to end rather than leave: leaving ended the tick with due schedules never swept
 * (a CI run at load 14 lost a healthy schedule behind 100 broken ones this way). A staying tick
 * sleeps instead: its next housekeeping, a second later, goes on with the sweep.
 */
export type EmptyClaimStep = "finish-sweep" | "await-housekeeping" | "leave" | "sleep";

export function afterEmptyClaim(lane: { primary: boolean }, mode: TickMode, housekeeping: { sweepUnfinished: boolean; busy: boolean }): EmptyClaimStep {
  if (lane.primary && housekeeping.sweepUnfinished) {
    if (!housekeeping.busy) return "finish-sweep";
    if (mode === "drain") return "await-housekeeping";
  }
  if (mode === "drain" || !lane.primary) return "leave";
  return "sleep";
}

export interface IdleSleepInput {
  /** When the next job the tick may claim is due: 0 if one is due now, null if none is (or the lookup failed). */
  untilNextWorkMs: number | null;
  /** A LISTEN connection is up: the poll is only a fallback. */
  listening: boolean;
  pollMs: number;
  listeningPollMs: number;
  /** Until the next housekeeping is due (may be negative: due already). */
  untilHousekeepingMs: number;
}

/** How long an idle lane sleeps (before the budget caps it). */
export function idleSleepMs({ untilNextWorkMs, listening, pollMs, listeningPollMs, untilHousekeepingMs }: IdleSleepInput): number {
  const poll = listening ? listeningPollMs : pollMs;
  // Due now (0) although the claim found nothing: another tick holds it. Look again at the
  // poll, not in a tight loop.
  const untilWork = untilNextWorkMs === 0 ? pollMs : (untilNextWorkMs ?? poll);
  return Math.max(minSleepMs, Math.min(untilWork, poll, untilHousekeepingMs));
}

/** How often a lane looks whether the running housekeeping has ended. */
const housekeepingPollMs = 20;

/** Waits (holding nothing but the lane's idle connection) until no housekeeping runs, or the budget ends. */
export async function awaitHousekeeping(context: TickContext): Promise<void> {
  while (context.housekeeping.busy && context.deadline - performance.now() > 0) {
    await sleep(Math.min(housekeepingPollMs, Math.max(0, context.deadline - performance.now())));
  }
}

/** Sleeps until there may be work; false when the sleep used up the budget. */
export async function waitForMoreWork(context: TickContext): Promise<boolean> {
  const { settings, wake } = context;
  const since = wake.sequence;
  let untilNextWorkMs: number | null = null;
  try {
    untilNextWorkMs = await millisecondsUntilNextWork(context.pool, context.clock(), context.types);
  } catch (error) {
    addError(context.summary, `looking for the next due job failed: ${describeError(error)}`);
  }
  const wanted = idleSleepMs({
    untilNextWorkMs,
    listening: wake.listening,
    pollMs: settings.pollMs,
    listeningPollMs: settings.listeningPollMs,
    untilHousekeepingMs: context.housekeeping.lastAt + settings.housekeepingEveryMs - performance.now(),
  });
  const remaining = context.deadline - performance.now();
  if (remaining > 0) await wake.wait(Math.min(wanted, remaining), since);
  // Slept to the deadline (a timer may fire a hair before it by this clock): the budget is
  // spent, unless a notification cut the sleep short.
  return wanted < remaining || wake.sequence !== since;
}
