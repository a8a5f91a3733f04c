// graphile-worker 0.17, the way its docs tune it for throughput: a pool with concurrency 10, a
// local queue (the pool locks a batch of jobs at once and hands them to its workers), jobs
// added in bulk with addJobs, and a no-op task. Loaded from bench/node_modules; the few
// signatures used are declared here so the root typecheck does not need the package.
import { EventEmitter } from "node:events";
import pg from "pg";
import { loadPeer } from "../lib/deps.ts";
import { load1 } from "../lib/machine.ts";
import {
  delayOffsets, nowGaps, pollUntil, runNowLoop, settleTime, sleep, StartLog, waitForCount, type DelayPlan, type DelayResult, type DrainResult,
  type NowPlan,
} from "../lib/scenario.ts";
import { checkpoint, walPosition, withClient } from "../lib/server.ts";

interface JobSpec {
  identifier: string;
  payload?: unknown;
  runAt?: Date;
}

interface WorkerUtils {
  migrate(): Promise<void>;
  addJobs(specs: JobSpec[]): Promise<readonly unknown[]>;
  release(): Promise<void>;
}

interface Runner {
  stop(): Promise<void>;
}

type Task = (payload: unknown) => Promise<void>;

interface GraphileWorkerModule {
  run(options: {
    connectionString: string;
    concurrency?: number;
    pollInterval?: number;
    noHandleSignals: boolean;
    logger: unknown;
    events?: EventEmitter;
    taskList: Record<string, Task>;
    preset?: { worker: { localQueue?: { size: number }; completeJobBatchDelay?: number } };
  }): Promise<Runner>;
  makeWorkerUtils(options: { connectionString: string; logger: unknown }): Promise<WorkerUtils>;
  Logger: new (factory: () => () => void) => unknown;
}

const graphile = () => loadPeer<GraphileWorkerModule>("graphile-worker");
const silent = () => new (graphile().Logger)(() => () => {});

export interface GraphileDrainSettings {
  concurrency: number;
  /** -1: no local queue (each worker fetches its own job). */
  localQueueSize: number;
  /** -1: each completion is its own statement; >= 0: completions are batched over this window. */
  completeJobBatchDelay: number;
}

export function graphileSettingsLabel(s: GraphileDrainSettings): string {
  return `concurrency ${s.concurrency}, localQueue.size ${s.localQueueSize}, completeJobBatchDelay ${s.completeJobBatchDelay}`;
}

async function remainingJobs(url: string): Promise<number> {
  return withClient(url, async (client) => Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM graphile_worker._private_jobs")).rows[0]!.n));
}

export async function graphileDrain(url: string, jobs: number, settings: GraphileDrainSettings): Promise<DrainResult> {
  const logger = silent();
  const utils = await graphile().makeWorkerUtils({ connectionString: url, logger });
  try {
    await utils.migrate();
    const runAt = new Date(Date.now() - 1000);
    const specs = Array.from({ length: jobs }, () => ({ identifier: "noop", payload: {}, runAt }));
    const enqueueStart = performance.now();
    const added = await utils.addJobs(specs);
    const enqueueMs = performance.now() - enqueueStart;
    if (added.length !== jobs) throw new Error(`addJobs added ${added.length} of ${jobs}`);

    await withClient(url, (client) => client.query("VACUUM ANALYZE graphile_worker._private_jobs"));
    await checkpoint(url);

    let ran = 0;
    let allRan!: () => void;
    const allRanPromise = new Promise<void>((resolve) => (allRan = resolve));
    const events = new EventEmitter();
    let localQueues = 0;
    events.on("localQueue:init", () => (localQueues += 1));
    const walBefore = await walPosition(url);
    const load = load1();
    const drainStart = performance.now();
    const runner = await graphile().run({
      connectionString: url,
      concurrency: settings.concurrency,
      pollInterval: 2000,
      noHandleSignals: true,
      logger,
      events,
      taskList: { noop: async () => void (++ran === jobs && allRan()) },
      preset: { worker: { localQueue: { size: settings.localQueueSize }, completeJobBatchDelay: settings.completeJobBatchDelay } },
    });
    try {
      await allRanPromise;
      // Completing deletes the row; with batched completion the last deletes land a little later.
      await pollUntil(async () => (await remainingJobs(url)) === 0, 5, 60_000, "graphile-worker completions");
      const drainMs = performance.now() - drainStart;
      const walBytes = (await walPosition(url)) - walBefore;
      if (settings.localQueueSize > 1 && localQueues === 0) throw new Error("graphile-worker did not start a local queue: the preset option was ignored");
      return { peer: "graphile-worker", settings: graphileSettingsLabel(settings), jobs, enqueueMs, drainMs, walBytes, load1: load };
    } finally {
      await runner.stop();
    }
  } finally {
    await utils.release();
  }
}

/** A running pool; jobs are added with runAt in the future; each task notes how late it started. */
export async function graphileStartDelay(url: string, plan: DelayPlan, pollInterval: number): Promise<DelayResult> {
  const logger = silent();
  const utils = await graphile().makeWorkerUtils({ connectionString: url, logger });
  const delaysMs: number[] = [];
  try {
    await utils.migrate();
    const load = load1();
    const runner = await graphile().run({
      connectionString: url,
      concurrency: 10,
      pollInterval,
      noHandleSignals: true,
      logger,
      taskList: {
        stamp: async (payload) => {
          delaysMs.push(Date.now() - (payload as { dueAt: number }).dueAt);
        },
      },
    });
    try {
      await sleep(settleTime(plan));
      const base = Date.now();
      await utils.addJobs(delayOffsets(plan).map((offset) => ({ identifier: "stamp", payload: { dueAt: base + offset }, runAt: new Date(base + offset) })));
      await waitForCount(() => delaysMs.length, plan.jobs, plan.lastMs + 2 * pollInterval + 5000);
    } finally {
      await runner.stop();
    }
    return {
      peer: "graphile-worker",
      settings: `concurrency 10, pollInterval ${pollInterval}${pollInterval === 2000 ? " (default)" : ""}, no local queue`,
      delaysMs,
      missing: plan.jobs - delaysMs.length,
      load1: load,
    };
  } finally {
    await utils.release();
  }
}

/**
 * The "now" scenario (lib/scenario.ts NowPlan) with graphile-worker's defaults (concurrency 1,
 * pollInterval 2000, no local queue; it LISTENs for "jobs:insert", which add_job notifies).
 * Each job is added in a transaction of its own with graphile_worker.add_job(), the SQL API its
 * docs give for adding a job together with other writes.
 */
export async function graphileNowDelay(url: string, plan: NowPlan): Promise<DelayResult> {
  const logger = silent();
  const utils = await graphile().makeWorkerUtils({ connectionString: url, logger });
  const log = new StartLog();
  const client = new pg.Client({ connectionString: url });
  try {
    await utils.migrate();
    await client.connect();
    const load = load1();
    const runner = await graphile().run({
      connectionString: url,
      noHandleSignals: true,
      logger,
      taskList: { now: async (payload) => log.record((payload as { i: number }).i) },
    });
    try {
      await sleep(settleTime(plan));
      const result = await runNowLoop(plan, nowGaps(plan), log, async (i) => {
        await client.query("BEGIN");
        await client.query("SELECT graphile_worker.add_job('now', json_build_object('i', $1::int))", [i]);
        const beforeCommit = performance.now();
        await client.query("COMMIT");
        return beforeCommit;
      });
      return { peer: "graphile-worker", settings: "its defaults (concurrency 1, pollInterval 2000, LISTEN jobs:insert); add_job() in the transaction", ...result, load1: load };
    } finally {
      await runner.stop();
    }
  } finally {
    await client.end().catch(() => {});
    await utils.release();
  }
}
