// The tick: what the cron route and the local ticker call. It runs lanes (lanes.ts), each on a
// connection of its own, each looping:
//   1. housekeeping when it is due (first thing, then about once a second whatever else is
//      going on): read the clock, recover jobs whose worker died, reconcile the recurring
//      schedules with the deployed code, turn due recurring schedules into jobs;
//   2. claim due jobs (SKIP LOCKED) on its connection, as many as it can start soon;
//   3. run them in group transactions on that same connection.
// In "stay" mode a lane that finds nothing due lets go of its connection and sleeps until the
// next job is due, a notification says one was scheduled (wake-up.ts), or a short poll, until
// the budget is spent; "drain" mode returns once nothing is due.
//
// The tick never throws for the database's sake: a dropped connection, a refused one, a
// statement that fails is recorded in the summary (errors, status) and the next tick carries on.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { pgPoolOf, type Db } from "../db/client.ts";
import { clockStartingAt, frozenClock, type Clock } from "./clock.ts";
import type { Catalogue } from "./job-definition.ts";
import { Lane } from "./lane.ts";
import { registerDeployment } from "./recurring/deployments.ts";
import { reconcileRecurringSchedules, shouldReconcile } from "./recurring/reconcile.ts";
import { sweepRecurringSchedules } from "./recurring/sweep.ts";
import { describeError, isUnavailable, maxGroupSize, runClaimedJobs, type AttemptOutcome } from "./run-job-group.ts";
import { claimDueJobs, findClaimedBy, type ClaimedJob } from "./sql/claim-due-jobs.ts";
import { housekeeping, millisecondsUntilNextWork } from "./sql/housekeeping.ts";
import { listeningWakeUp, pollingWakeUp, sleep, type WakeUp } from "./wake-up.ts";

export type TickMode = "drain" | "stay";

export interface TickOptions {
  db: Db;
  catalogue: Catalogue;
  /**
   * The instant to tick at (tests, time travel): frozen in drain mode, running forward from it
   * in stay mode. Omitted: the database's clock.
   */
  now?: Date;
  /**
   * `now` is a time-travel instant (the route's ?now=, demos and e2e), not the clock: leases
   * follow the real clock, recurring schedules are not advanced, and job types that opt out
   * (inTimeTravel: "skip", e.g. retention) do not run. README: "Time travel".
   */
  travelling?: boolean;
  /** Stop claiming new jobs after this long. Jobs already claimed still finish. */
  budgetMs: number;
  mode?: TickMode;
  tickId?: string;
  /** Lanes: connections running jobs at once (at most the pool's size). */
  concurrency?: number;
  /** Most jobs a lane claims at once (at most a group's 32). */
  maxClaim?: number;
  /** A group transaction takes no new job after this long (see run-job-group.ts). */
  groupWindowMs?: number;
  /** In stay mode, the longest sleep between looks for newly inserted due jobs. */
  pollMs?: number;
  /** In stay mode, LISTEN on this session URL (DIRECT_URL) to start jobs due now at once. */
  listenUrl?: string;
  /** With a LISTEN connection up, the poll is only a fallback: this long. */
  listeningPollMs?: number;
  /** Housekeeping runs about this often (tests lengthen it to isolate other wake-ups). */
  housekeepingEveryMs?: number;
  /** Called each time the tick has found nothing to claim and is about to sleep (stay mode). */
  onIdle?: () => void;
  /**
   * Ends the tick early when aborted (the route passes its request's signal: a caller that went
   * away): no new claim, no more sleeping; jobs already claimed still finish.
   */
  signal?: AbortSignal;
}

export interface TickSummary {
  tickId: string;
  mode: TickMode;
  /**
   * ok; degraded: something failed (see errors) but the tick ran; unavailable: it could not
   * get a database connection at all (the route answers 503).
   */
  status: "ok" | "degraded" | "unavailable";
  /** The tick's clock when it started (ISO). */
  now: string;
  claimed: number;
  succeeded: number;
  failed: number;
  dead: number;
  cancelled: number;
  leaseLost: number;
  /**
   * Attempts whose handler said its business instant has not come (NotBefore): moved to that
   * instant, no attempt spent (decision 0020).
   */
  deferred: number;
  /** Jobs whose worker died, returned to pending (or dead, or cancelled) by this tick. */
  recovered: number;
  recurringEnqueued: number;
  /** Jobs claimed, per job type. */
  jobTypes: Record<string, number>;
  /** How late the oldest due job it could run (known, not paused) was when the tick started (0 if none was due). */
  lagMs: number;
  durationMs: number;
  /** Whether a staying tick listened for notifications (else it polled). */
  listening: boolean;
  errors: string[];
}

const minSleepMs = 5;
/** Jobs a lane claims before it knows how long they take. */
const initialClaim = 8;
/** A claim takes at least about this much work, when jobs are measured to be short. */
const claimHorizonMs = 50;
/** A lane gives up after this many failures in a row without progress. */
const maxConsecutiveLaneFailures = 3;
/** At most this many errors are kept in a summary (a kill storm would fill it). */
const maxSummaryErrors = 20;

/**
 * Lanes (of ticks in this process that have ended) whose last claim failed on a dying
 * connection and that could not look it up again before they gave up: the claim may have
 * committed. A later tick of this process adopts their jobs (findClaimedBy), so those run now
 * instead of waiting out their leases. Nothing else ever claims under these names.
 */
const unansweredClaimers = new Set<string>();

export function newTickId(): string {
  return `t_${randomBytes(6).toString("hex")}`;
}

export async function tick(options: TickOptions): Promise<TickSummary> {
  const {
    db, catalogue, budgetMs, mode = "drain", concurrency = 4, pollMs = 250, groupWindowMs = 50,
    travelling = false, listeningPollMs = 1000, housekeepingEveryMs = 1000,
  } = options;
  const maxClaim = Math.min(options.maxClaim ?? maxGroupSize, maxGroupSize);
  const pool = pgPoolOf(db);
  const startedAt = performance.now();
  let deadline = startedAt + budgetMs;
  let wake: WakeUp = pollingWakeUp();
  // An aborted caller spends the rest of the budget at once.
  const onAbort = () => {
    deadline = Math.min(deadline, performance.now());
    wake.wakeNow();
  };
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) deadline = startedAt;
  const claimableTypes = catalogue.claimableTypes(travelling);
  // What the claims and the next-work probe ask for: the claimable types minus those an operator
  // paused, as the latest housekeeping read them (so a pause takes effect within a second).
  let types = claimableTypes;
  const knownTypes = catalogue.all().map((d) => d.name);
  const longestLeaseMs = Math.max(1, ...claimableTypes.map((t) => t.leaseMs));
  const summary: TickSummary = {
    tickId: options.tickId ?? newTickId(),
    mode,
    status: "ok",
    now: "",
    claimed: 0, succeeded: 0, failed: 0, dead: 0, cancelled: 0, leaseLost: 0, deferred: 0, recovered: 0, recurringEnqueued: 0,
    jobTypes: {},
    lagMs: 0,
    durationMs: 0,
    listening: false,
    errors: [],
  };
  const addError = (message: string) => {
    if (summary.status === "ok") summary.status = "degraded";
    if (summary.errors.length < maxSummaryErrors) summary.errors.push(message);
    else if (summary.errors.length === maxSummaryErrors) summary.errors.push("(more errors not shown)");
  };
  const tally = (_job: ClaimedJob, outcome: AttemptOutcome) => {
    if (outcome === "succeeded") summary.succeeded += 1;
    else if (outcome === "failed") summary.failed += 1;
    else if (outcome === "dead") summary.dead += 1;
    else if (outcome === "cancelled") summary.cancelled += 1;
    else if (outcome === "deferred") summary.deferred += 1;
    else summary.leaseLost += 1;
  };
  const finish = () => {
    options.signal?.removeEventListener("abort", onAbort);
    summary.durationMs = Math.round(performance.now() - startedAt);
    return summary;
  };

  // Clocks are set by the first housekeeping (the database's clock, unless an instant is given).
  let clock: Clock = () => new Date(NaN);
  let leaseClock: Clock = clock;
  let lastHousekeeping = -Infinity;
  let housekeepingBusy = false;
  /** The last sweep ran out of time with schedules still due. */
  let sweepUnfinished = false;
  /** The first housekeeping found nothing due: the first claim would find nothing either (an idle tick's one round trip). */
  let nothingDueAtStart = false;
  /** This deployment has recorded the start of this tick (recurring/deployments.ts). */
  let deploymentRecorded = false;
  /** Starts one more lane if there is room (set once lanes exist). */
  let requestLane: () => void = () => {};
  /** A travelling tick attempts each job at most once (see ClaimRequest.exclude). */
  const attemptedWhileTravelling = new Set<bigint>();
  /** Measured cost of one job (handler plus its share of the transaction), for claim sizes. */
  let perJobMs: number | undefined;

  async function runHousekeeping(lane: Lane, first: boolean): Promise<void> {
    housekeepingBusy = true;
    lastHousekeeping = performance.now();
    const sentAt = performance.now();
    try {
      const result = await housekeeping(lane.connection, {
        now: options.now === undefined ? null : first ? options.now : clock(),
        travelling,
        withLag: first,
        recoverLimit: 100,
        knownTypes,
        claimable: claimableTypes, // the lag counts what this tick could run (less paused types)
      });
      const paused = new Set(result.pausedTypes);
      types = paused.size === 0 ? claimableTypes : claimableTypes.filter((t) => !paused.has(t.jobType));
      if (first) {
        clock = options.now ? (mode === "drain" ? frozenClock(options.now) : clockStartingAt(options.now)) : clockStartingAt(result.now, sentAt);
        leaseClock = travelling ? clockStartingAt(result.databaseNow, sentAt) : clock;
        summary.now = clock().toISOString();
        summary.lagMs = result.oldestDue ? Math.max(0, result.now.getTime() - result.oldestDue.getTime()) : 0;
        // (Jobs this statement recovered are due now, but its snapshot did not see them so.)
        nothingDueAtStart = result.workDue === false && result.recovered.length === 0;
      }
      summary.recovered += result.recovered.length;
      for (const job of result.recovered) {
        if (job.status === "dead") summary.dead += 1;
        if (job.status === "cancelled") summary.cancelled += 1;
      }
      // The recurring work must never keep the tick from claiming: its failures are reported,
      // and the claim goes on (a dead connection shows up there and is handled by the lane).
      try {
        let sweep = result.recurringDue || sweepUnfinished;
        // Only a deployment's tick changes the schedules (recurring/reconcile.ts): it records its
        // start once, then reconciles when the live deployments or the table changed. The clock
        // is the tick's (the real one when travelling: a travelled instant decides nothing real).
        const realNow = travelling ? result.databaseNow : clock();
        // (Recorded once: a failing reconciliation retried later must not make a staying tick
        // look like a new start and keep its deployment live.)
        if (catalogue.deployment && !deploymentRecorded) {
          await registerDeployment(lane.connection, catalogue.deployment, catalogue, realNow);
          deploymentRecorded = true;
        }
        const view = { reconciled: result.recurringReconciled, liveDeployments: result.liveDeployments, tableDigest: result.recurringTableDigest };
        // The first housekeeping read the live set before this tick recorded itself: decide under the lock.
        if (catalogue.deployment && (first || shouldReconcile(catalogue, view))) {
          const reconciled = await reconcileRecurringSchedules(lane.connection, catalogue, realNow);
          if (reconciled) sweep = true;
          for (const skipped of reconciled?.skipped ?? []) {
            addError(`recurring schedules: a live deployment declares ${skipped}, which this code cannot write; left as it stands`);
          }
        }
        if (sweep) {
          const swept = await sweepRecurringSchedules(lane.connection, catalogue, { now: clock(), travelling });
          sweepUnfinished = !swept.complete;
          summary.recurringEnqueued += swept.enqueued;
          for (const error of swept.errors) addError(error);
          if (swept.enqueued > 0) {
            nothingDueAtStart = false;
            requestLane(); // new work: a free lane takes it even if the others are busy
          }
        }
      } catch (error) {
        addError(`recurring schedules: ${describeError(error)}`);
      }
    } finally {
      housekeepingBusy = false;
    }
  }

  /**
   * How many jobs a lane claims: what it can start soon. A claimed job waits for its turn
   * behind the lane's others (protected, but not running), so a lane takes about what one
   * group transaction runs in its window, never more than fits in the remaining budget (a
   * call must not run far past it), and a few until it has measured how long jobs take.
   */
  function claimLimit(): number {
    const remaining = deadline - performance.now();
    // Before any job was measured, assume each may take its whole lease.
    if (perJobMs === undefined) return Math.max(1, Math.min(maxClaim, initialClaim, Math.floor(remaining / longestLeaseMs)));
    const cost = Math.max(perJobMs, 0.01);
    // What one group runs in its window, and at least ~50 ms of work: with no window (one
    // transaction per job) a claim of one job each would double the commits.
    const perWindow = Math.ceil(Math.max(groupWindowMs, claimHorizonMs) / cost);
    return Math.max(1, Math.min(maxClaim, perWindow, Math.floor(remaining / cost)));
  }

  const runOptions = {
    catalogue,
    get clock() {
      return clock;
    },
    get leaseClock() {
      return leaseClock;
    },
    windowMs: groupWindowMs,
    travelling,
    databaseLeases: options.now === undefined || travelling,
    cancelBackend: (pid: number) => signalBackend(pool, pid, "cancel"),
    terminateBackend: (pid: number) => signalBackend(pool, pid, "terminate"),
    onOutcome: tally,
    onError: addError,
  };

  // The first lane and the first housekeeping (which sets the clock): without them there is
  // nothing to do. A connection that dies under them is replaced a few times within the budget.
  let firstLane: Lane | undefined;
  for (let attempt = 1; !firstLane; attempt++) {
    let lane: Lane | undefined;
    try {
      lane = await Lane.open(pool);
      await runHousekeeping(lane, true);
      firstLane = lane;
    } catch (error) {
      lane?.close(toError(error));
      const retry = attempt < 3 && performance.now() < deadline && (lane !== undefined || !isUnavailable(error));
      if (!retry) {
        summary.status = "unavailable";
        summary.errors.push(lane ? `the first housekeeping failed: ${describeError(error)}` : describeError(error));
        return finish();
      }
      addError(`the first housekeeping failed, trying again: ${describeError(error)}`);
      await sleep(Math.min(100 * attempt, Math.max(0, deadline - performance.now())));
    }
  }

  if (mode === "stay" && options.listenUrl) {
    wake = await listeningWakeUp(options.listenUrl, addError, (channel, payload) =>
      pool.query("SELECT pg_notify($1, $2)", [channel, payload]),
    );
    summary.listening = wake.listening;
  }

  // A pool of N runs at most N lanes: no engine path needs a second connection while holding one.
  const maxLanes = Math.max(1, Math.min(concurrency, poolSize(pool)));
  const lanes: Array<Promise<void>> = [];
  let activeLanes = 0;
  /** The first lane stays for the whole budget; the others come for a backlog and leave when it is gone. */
  const spawnLane = (lane: Lane | null) => {
    if (activeLanes >= maxLanes) return;
    activeLanes += 1;
    lanes.push(runLane(lane, lanes.length === 0, `${summary.tickId}/${lanes.length}`).finally(() => (activeLanes -= 1)));
  };

  /** Sleeps until there may be work; false when the sleep used up the budget. */
  async function idleWait(): Promise<boolean> {
    const since = wake.sequence;
    let untilNext: number | null = null;
    try {
      untilNext = await millisecondsUntilNextWork(pool, clock(), types);
    } catch (error) {
      addError(`looking for the next due job failed: ${describeError(error)}`);
    }
    const poll = wake.listening ? listeningPollMs : pollMs;
    const untilHousekeeping = lastHousekeeping + housekeepingEveryMs - performance.now();
    const remaining = deadline - performance.now();
    // At least minSleepMs: a due job the claim did not get is held by another tick's lock.
    // Due now (0) although the claim found nothing: another tick holds it. Look again at the
    // poll, not in a tight loop.
    const untilWork = untilNext === 0 ? pollMs : (untilNext ?? poll);
    const wanted = Math.max(minSleepMs, Math.min(untilWork, poll, untilHousekeeping));
    if (remaining > 0) await wake.wait(Math.min(wanted, remaining), since);
    // Slept to the deadline (a timer may fire a hair before it by this clock): the budget is
    // spent, unless a notification cut the sleep short.
    return wanted < remaining || wake.sequence !== since;
  }

  async function runLane(initial: Lane | null, primary: boolean, claimer: string): Promise<void> {
    let lane = initial;
    let failures = 0;
    /** A claim failed on a dying connection: it may have committed anyway. */
    let claimUnanswered = false;
    /** An ended lane's name whose jobs this lane is looking up (put back if that fails). */
    let adopting: string | undefined;
    try {
      while (performance.now() < deadline) {
        try {
          lane ??= await Lane.open(pool);
          if (!housekeepingBusy && performance.now() - lastHousekeeping >= housekeepingEveryMs) {
            await runHousekeeping(lane, false);
          }
          const limit = claimLimit();
          let jobs: ClaimedJob[];
          const skipClaim = primary && nothingDueAtStart && !sweepUnfinished && !claimUnanswered && unansweredClaimers.size === 0;
          nothingDueAtStart = false;
          adopting = skipClaim ? undefined : claimUnanswered ? claimer : takeOne(unansweredClaimers);
          if (skipClaim) {
            jobs = [];
          } else if (adopting) {
            jobs = await findClaimedBy(lane.connection, adopting);
            if (adopting === claimer) claimUnanswered = false;
            adopting = undefined;
            if (jobs.length > 0) addError(`recovered ${jobs.length} job(s) whose claim committed on a connection that died`);
          } else {
            claimUnanswered = true;
            jobs = await claimDueJobs(lane.connection, {
              now: options.now === undefined ? null : clock(),
              leaseFrom: options.now === undefined || travelling ? null : leaseClock(),
              tickId: summary.tickId, claimer, limit, types,
              exclude: travelling ? [...attemptedWhileTravelling] : undefined,
            });
            claimUnanswered = false;
          }
          failures = 0;
          if (jobs.length === 0) {
            if (primary && sweepUnfinished && !housekeepingBusy) {
              await runHousekeeping(lane, false); // finish the sweep before leaving or sleeping
              continue;
            }
            if (mode === "drain" || !primary) return;
            lane.close();
            lane = null; // an idle lane holds no connection
            options.onIdle?.();
            if (!(await idleWait())) return;
            continue;
          }
          summary.claimed += jobs.length;
          if (travelling) for (const job of jobs) attemptedWhileTravelling.add(job.id);
          for (const job of jobs) summary.jobTypes[job.jobType] = (summary.jobTypes[job.jobType] ?? 0) + 1;
          if (jobs.length === limit) spawnLane(null); // a backlog: one more lane helps
          const runStartedAt = performance.now();
          await runClaimedJobs(lane, jobs, runOptions);
          const measured = (performance.now() - runStartedAt) / jobs.length;
          perJobMs = perJobMs === undefined ? measured : perJobMs * 0.7 + measured * 0.3;
        } catch (error) {
          if (adopting && adopting !== claimer) unansweredClaimers.add(adopting);
          adopting = undefined;
          failures += 1;
          addError(describeError(error));
          lane?.close(toError(error));
          lane = null;
          if (isUnavailable(error) && !primary) return; // the pool is full: the other lanes carry on
          // A staying tick's first lane rides out an outage until its budget ends (it is what
          // keeps the cron's coverage continuous); a draining one tells its caller soon.
          if (failures >= maxConsecutiveLaneFailures && !(primary && mode === "stay")) return;
          await sleep(Math.min(100 * 2 ** Math.min(failures, 4), Math.max(0, deadline - performance.now())));
        }
      }
    } finally {
      lane?.close();
      if (claimUnanswered) unansweredClaimers.add(claimer);
    }
  }

  requestLane = () => spawnLane(null);
  spawnLane(firstLane);

  // Housekeeping also runs on its own, on a connection the lanes are not using, when every lane
  // is busy (long handlers): lease recovery and the recurring sweep keep their second.
  let lanesSettled = false;
  let wakeHousekeeper: () => void = () => {};
  const housekeeper = (async () => {
    while (!lanesSettled && performance.now() < deadline) {
      const untilDue = lastHousekeeping + housekeepingEveryMs - performance.now();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(20, Math.min(untilDue, housekeepingEveryMs)));
        wakeHousekeeper = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (lanesSettled || housekeepingBusy || performance.now() - lastHousekeeping < housekeepingEveryMs) continue;
      if (pool.idleCount === 0 && pool.totalCount >= poolSize(pool)) continue; // never wait for a lane's connection
      let lane: Lane | undefined;
      try {
        lane = await Lane.open(pool);
        await runHousekeeping(lane, false);
        lane.close();
      } catch (error) {
        addError(`housekeeping: ${describeError(error)}`);
        lane?.close(toError(error));
      }
    }
  })();

  // Lanes spawn lanes; wait until every one of them has settled.
  for (let awaited = 0; awaited < lanes.length; ) {
    const count = lanes.length;
    await Promise.allSettled(lanes.slice(0, count));
    awaited = count;
  }
  lanesSettled = true;
  wakeHousekeeper();
  await housekeeper;
  await wake.close();
  if (summary.claimed === 0 && summary.errors.length > 0 && summary.errors.every((e) => e.includes("could not get a database connection"))) {
    summary.status = "unavailable";
  }
  return finish();
}

function takeOne(names: Set<string>): string | undefined {
  for (const name of names) {
    names.delete(name);
    return name;
  }
  return undefined;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(describeError(error));
}

function poolSize(pool: pg.Pool): number {
  return (pool as unknown as { options: { max: number } }).options.max;
}

/**
 * Cancels a backend's statement, or ends the backend, from a connection of its own, outside the
 * pool (whose connections the lanes may all hold). pg_terminate_backend(pid, timeout) waits
 * until the backend has exited, so its row locks are gone when this returns. Behind a
 * transaction pooler the pid read inside the transaction is the server backend serving it, the
 * one to signal.
 */
async function signalBackend(pool: pg.Pool, pid: number, signal: "cancel" | "terminate"): Promise<void> {
  const { connectionString, host, port, user, password, database, ssl } = (pool as unknown as { options: pg.ClientConfig }).options;
  const client = new pg.Client({
    connectionString, host, port, user, password, database, ssl,
    application_name: "duly-lease-enforcer",
    connectionTimeoutMillis: 3_000,
  });
  client.on("error", () => {}); // a failure surfaces through connect/query below
  try {
    await client.connect();
    await client.query(signal === "cancel" ? "SELECT pg_cancel_backend($1)" : "SELECT pg_terminate_backend($1, 3000)", [pid]);
  } finally {
    await client.end().catch(() => {});
  }
}
