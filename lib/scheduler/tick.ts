// The tick: what the cron route and the local ticker call. It
//   1. recovers jobs whose worker died (lease expired),
//   2. turns due recurring schedules into jobs,
//   3. claims due jobs in batches (SKIP LOCKED) and runs each in its own transaction,
//   4. in "stay" mode keeps doing so until its budget is spent, sleeping until the next job is
//      due (or a short poll for jobs inserted meanwhile), so a once-a-minute cron still starts
//      jobs within about a second of their run_at; "drain" mode returns once nothing is due.
import { randomBytes } from "node:crypto";
import type { Db } from "../db/client.ts";
import { clockStartingAt, databaseClock, frozenClock, type Clock } from "./clock.ts";
import type { Catalogue } from "./job-definition.ts";
import { enqueueDueRecurring } from "./recurring-schedules.ts";
import { runJobGroup, type AttemptOutcome } from "./run-job-group.ts";
import { claimDueJobs } from "./sql/claim-due-jobs.ts";
import { millisecondsUntilNextWork, oldestDueLagMs } from "./sql/due-work.ts";
import { recoverExpiredLeases } from "./sql/recover-expired-leases.ts";

export type TickMode = "drain" | "stay";

export interface TickOptions {
  db: Db;
  catalogue: Catalogue;
  /**
   * The instant to tick at (tests, time travel): frozen in drain mode, running forward from it
   * in stay mode. Omitted: the database's clock.
   */
  now?: Date;
  /** Stop claiming new jobs after this long. Jobs already claimed still finish. */
  budgetMs: number;
  mode?: TickMode;
  tickId?: string;
  /** Jobs claimed per statement. */
  batchSize?: number;
  /** Lanes: transactions running jobs at once, each on its own connection. */
  concurrency?: number;
  /** A group transaction takes no new job after this long (see run-job-group.ts). */
  groupWindowMs?: number;
  /** In stay mode, the longest sleep between looks for newly inserted due jobs. */
  pollMs?: number;
}

export interface TickSummary {
  tickId: string;
  mode: TickMode;
  /** The tick's clock when it started (ISO). */
  now: string;
  claimed: number;
  succeeded: number;
  failed: number;
  dead: number;
  leaseLost: number;
  /** Jobs whose worker died, returned to pending (or dead) by this tick. */
  recovered: number;
  recurringEnqueued: number;
  /** How late the oldest due job was when the tick started (0 if none was due). */
  lagMs: number;
  durationMs: number;
  errors: string[];
}

/** Recovery and the recurring sweep run at most this often while a tick stays. */
const housekeepingEveryMs = 1000;
const minSleepMs = 5;

export function newTickId(): string {
  return `t_${randomBytes(6).toString("hex")}`;
}

export async function tick(options: TickOptions): Promise<TickSummary> {
  const { db, catalogue, budgetMs, mode = "drain", batchSize = 100, concurrency = 4, pollMs = 250, groupWindowMs = 50 } = options;
  const startedAt = performance.now();
  const deadline = startedAt + budgetMs;
  // A given instant (tests, time travel) is frozen in drain mode, so every question the tick
  // asks gets the same answer however slow the machine; a staying tick's clock must move.
  const clock: Clock = options.now
    ? mode === "drain" ? frozenClock(options.now) : clockStartingAt(options.now)
    : await databaseClock(db);
  const leases = catalogue.all().map((d) => ({ jobType: d.name, leaseMs: d.leaseMs }));
  const summary: TickSummary = {
    tickId: options.tickId ?? newTickId(),
    mode,
    now: clock().toISOString(),
    claimed: 0, succeeded: 0, failed: 0, dead: 0, leaseLost: 0, recovered: 0, recurringEnqueued: 0,
    lagMs: 0,
    durationMs: 0,
    errors: [],
  };
  const tally = (outcome: AttemptOutcome) => {
    if (outcome === "succeeded") summary.succeeded += 1;
    else if (outcome === "failed") summary.failed += 1;
    else if (outcome === "dead") summary.dead += 1;
    else summary.leaseLost += 1;
  };

  summary.lagMs = await oldestDueLagMs(db, clock());
  let lastHousekeeping = -Infinity;
  for (;;) {
    if (performance.now() - lastHousekeeping >= housekeepingEveryMs) {
      lastHousekeeping = performance.now();
      const recovered = await recoverExpiredLeases(db, clock());
      summary.recovered += recovered.length;
      summary.dead += recovered.filter((r) => r.status === "dead").length;
      const sweep = await enqueueDueRecurring(db, catalogue, clock());
      summary.recurringEnqueued += sweep.enqueued;
      summary.errors.push(...sweep.errors);
    }

    while (performance.now() < deadline) {
      const batch = await claimDueJobs(db, { now: clock(), tickId: summary.tickId, limit: batchSize, leases });
      if (batch.length === 0) break;
      summary.claimed += batch.length;
      // Contiguous slices keep jobs due first in the earliest transactions.
      const laneSize = Math.ceil(batch.length / concurrency);
      const lanes = Array.from({ length: Math.ceil(batch.length / laneSize) }, (_, i) => batch.slice(i * laneSize, (i + 1) * laneSize));
      await Promise.all(
        lanes.map(async (lane) => {
          const outcomes = await runJobGroup(db, catalogue, lane, clock, { windowMs: groupWindowMs });
          for (const outcome of outcomes.values()) tally(outcome);
        }),
      );
    }

    const remaining = deadline - performance.now();
    if (mode === "drain" || remaining <= 0) break;
    const untilNext = await millisecondsUntilNextWork(db, clock(), leases.map((l) => l.jobType));
    // At least minSleepMs: a due job the claim did not get is held by another tick's lock.
    await sleep(Math.min(Math.max(minSleepMs, Math.min(untilNext ?? pollMs, pollMs)), remaining));
    if (performance.now() >= deadline) break;
  }

  summary.durationMs = Math.round(performance.now() - startedAt);
  return summary;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
