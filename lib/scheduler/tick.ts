// The tick: what the cron route and the local ticker call. It runs lanes, each on a connection
// of its own, each going through the tick's phases (one module each, in tick/):
//   1. housekeeping (tick/housekeeping.ts), first thing and then about once a second whatever
//      else is going on: read the clock, recover jobs whose worker died, read the pauses;
//   2. the recurring sweep (tick/recurring.ts) after it: reconcile the recurring schedules with
//      the deployed code, turn due schedules into jobs;
//   3. claim (tick/claim.ts): due jobs (SKIP LOCKED) on the lane's connection, as many as it can
//      start soon (tick/claim-size.ts);
//   4. run (tick/run.ts) them in group transactions on that same connection (run-job-group.ts);
//   5. stay or leave (tick/stay.ts): in "stay" mode a lane that finds nothing due lets go of its
//      connection and sleeps until the next job is due, a notification says one was scheduled
//      (wake-up.ts), or a short poll, until the budget is spent; "drain" mode returns once
//      nothing is due;
//   6. settle: wait for every lane, then the summary's final status (tick/summary.ts).
// tick/lane-loop.ts is one lane going round those phases, tick/lane-set.ts starts lanes for a
// backlog, tick/housekeeper.ts keeps housekeeping on time while every lane is busy. What the
// phases share is one typed object, the TickContext (tick/context.ts).
//
// The tick never throws for the database's sake: a dropped connection, a refused one, a
// statement that fails is recorded in the summary (errors, status) and the next tick carries on.
import { randomBytes } from "node:crypto";
import { newTickContext, poolSize, type TickContext } from "./tick/context.ts";
import { startHousekeeper } from "./tick/housekeeper.ts";
import { firstHousekeeping } from "./tick/housekeeping.ts";
import { runLane } from "./tick/lane-loop.ts";
import { LaneSet } from "./tick/lane-set.ts";
import type { TickOptions } from "./tick/options.ts";
import { runOptionsOf } from "./tick/run.ts";
import { addError, settleStatus, type TickSummary } from "./tick/summary.ts";
import { listeningWakeUp } from "./wake-up.ts";
import type { Lane } from "./lane.ts";

export type { TickMode, TickOptions } from "./tick/options.ts";
export type { TickSummary } from "./tick/summary.ts";

export function newTickId(): string {
  return `t_${randomBytes(6).toString("hex")}`;
}

export async function tick(options: TickOptions): Promise<TickSummary> {
  const context = newTickContext(options, options.tickId ?? newTickId());
  const stopWatching = endEarlyOnAbort(context, options.signal);
  try {
    const firstLane = await firstHousekeeping(context);
    if (!firstLane) return context.summary;
    await listenForNewWork(context, firstLane);
    const runOptions = runOptionsOf(context);
    // A pool of N runs at most N lanes: no engine path needs a second connection while holding one.
    const maxLanes = Math.max(1, Math.min(context.settings.concurrency, poolSize(context.pool)));
    const lanes = new LaneSet(maxLanes, context.summary.tickId, (start) => runLane(context, start, runOptions));
    context.requestLane = () => lanes.spawn(null);
    lanes.spawn(firstLane);
    const housekeeper = startHousekeeper(context);
    await lanes.settled();
    await housekeeper.stop();
    await context.wake.close();
    settleStatus(context.summary);
    return context.summary;
  } finally {
    stopWatching();
    context.summary.durationMs = Math.round(performance.now() - context.startedAt);
  }
}

/** An aborted caller (a request that went away) spends the rest of the budget at once: no new claim, no more sleeping. */
function endEarlyOnAbort(context: TickContext, signal: AbortSignal | undefined): () => void {
  const onAbort = () => {
    context.deadline = Math.min(context.deadline, performance.now());
    context.wake.wakeNow();
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  if (signal?.aborted) context.deadline = context.startedAt;
  return () => signal?.removeEventListener("abort", onAbort);
}

/**
 * A staying tick with a session URL LISTENs, so idle lanes wake as soon as a job due now is
 * scheduled. The self-test's notification goes out on the first lane's connection, already held:
 * a busy pool must not make a working listener look deaf (wake-up.ts).
 */
async function listenForNewWork(context: TickContext, sender: Lane): Promise<void> {
  const { mode, listenUrl } = context.settings;
  if (mode !== "stay" || !listenUrl) return;
  context.wake = await listeningWakeUp(listenUrl, (message) => addError(context.summary, message), (channel, payload) =>
    sender.connection.query("SELECT pg_notify($1, $2)", [channel, payload]),
  );
  context.summary.listening = context.wake.listening;
}
