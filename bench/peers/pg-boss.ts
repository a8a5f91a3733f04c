// pg-boss 10 (11+ needs Node 22). Two ways to drain: its work() loop, and the manual
// fetch + complete loop its docs offer for batch consumers. work() sleeps
// `pollingIntervalSeconds - batch duration` after every batch, even a full one
// (src/worker.js), so with the 0.5 s minimum interval one worker finishes at most
// batchSize / 0.5 s jobs; the manual loop has no such sleep and is pg-boss's ceiling.
// Supervision (maintenance) and cron scheduling are turned off: housekeeping, not throughput.
import { loadPeer } from "../lib/deps.ts";
import { load1 } from "../lib/machine.ts";
import pg from "pg";
import {
  delayOffsets, nowGaps, pollUntil, runNowLoop, settleTime, sleep, StartLog, waitForCount, type DelayPlan, type DelayResult, type DrainResult,
  type NowPlan,
} from "../lib/scenario.ts";
import { checkpoint, walPosition, withClient } from "../lib/server.ts";

interface PgBossJob {
  id: string;
  data: unknown;
}

interface PgBoss {
  start(): Promise<unknown>;
  stop(options?: { graceful?: boolean; wait?: boolean; timeout?: number }): Promise<void>;
  on(event: "error", handler: (error: unknown) => void): void;
  createQueue(name: string): Promise<void>;
  insert(jobs: Array<{ name: string; data?: unknown; startAfter?: Date }>): Promise<unknown>;
  fetch(name: string, options: { batchSize: number }): Promise<PgBossJob[]>;
  complete(name: string, ids: string[]): Promise<void>;
  work(name: string, options: { batchSize: number; pollingIntervalSeconds?: number }, handler: (jobs: PgBossJob[]) => Promise<void>): Promise<string>;
  send(name: string, data: unknown, options?: { db?: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } }): Promise<string | null>;
  notifyWorker(workerId: string): void;
}

type PgBossConstructor = new (options: Record<string, unknown>) => PgBoss;

const queue = "bench";

async function startBoss(url: string): Promise<PgBoss> {
  const PgBossClass = loadPeer<PgBossConstructor>("pg-boss");
  const boss = new PgBossClass({ connectionString: url, max: 10, supervise: false, schedule: false });
  boss.on("error", (error) => console.error("[pg-boss]", error));
  await boss.start();
  await boss.createQueue(queue);
  return boss;
}

async function completedJobs(url: string): Promise<number> {
  return withClient(url, async (client) =>
    Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND state = 'completed'", [queue])).rows[0]!.n),
  );
}

export type PgBossDrainSettings =
  | { api: "fetch+complete"; loops: number; batchSize: number }
  | { api: "work"; workers: number; batchSize: number; pollingIntervalSeconds: number };

export function pgBossSettingsLabel(s: PgBossDrainSettings): string {
  return s.api === "fetch+complete"
    ? `fetch(batchSize ${s.batchSize}) + complete(ids) loop x${s.loops}`
    : `work(batchSize ${s.batchSize}, pollingIntervalSeconds ${s.pollingIntervalSeconds}) x${s.workers}`;
}

export async function pgBossDrain(url: string, jobs: number, settings: PgBossDrainSettings): Promise<DrainResult> {
  const boss = await startBoss(url);
  try {
    const startAfter = new Date(Date.now() - 1000);
    const inserts = Array.from({ length: jobs }, () => ({ name: queue, data: {}, startAfter }));
    const enqueueStart = performance.now();
    await boss.insert(inserts);
    const enqueueMs = performance.now() - enqueueStart;

    await withClient(url, (client) => client.query("VACUUM ANALYZE pgboss.job"));
    await checkpoint(url);
    const walBefore = await walPosition(url);
    const load = load1();
    const drainStart = performance.now();
    if (settings.api === "fetch+complete") {
      let fetched = 0;
      const loop = async () => {
        while (fetched < jobs) {
          const batch = await boss.fetch(queue, { batchSize: settings.batchSize });
          if (batch.length === 0) break;
          fetched += batch.length;
          await Promise.all(batch.map(async () => {})); // the no-op handler
          await boss.complete(queue, batch.map((job) => job.id));
        }
      };
      await Promise.all(Array.from({ length: settings.loops }, loop));
    } else {
      let ran = 0;
      for (let i = 0; i < settings.workers; i++) {
        await boss.work(queue, { batchSize: settings.batchSize, pollingIntervalSeconds: settings.pollingIntervalSeconds }, async (batch) => {
          ran += batch.length;
        });
      }
      await waitForCount(() => ran, jobs, 600_000);
    }
    // work() completes a batch after its handler returns, without awaiting: wait for the rows.
    await pollUntil(async () => (await completedJobs(url)) === jobs, 5, 60_000, "pg-boss completions");
    const drainMs = performance.now() - drainStart;
    const walBytes = (await walPosition(url)) - walBefore;
    return { peer: "pg-boss", settings: pgBossSettingsLabel(settings), jobs, enqueueMs, drainMs, walBytes, load1: load };
  } finally {
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

/** A running work() loop; jobs are inserted with startAfter in the future; each notes how late it started. */
export async function pgBossStartDelay(url: string, plan: DelayPlan, pollingIntervalSeconds: number): Promise<DelayResult> {
  const boss = await startBoss(url);
  const delaysMs: number[] = [];
  try {
    const load = load1();
    await boss.work(queue, { batchSize: 100, pollingIntervalSeconds }, async (batch) => {
      const now = Date.now();
      for (const job of batch) delaysMs.push(now - (job.data as { dueAt: number }).dueAt);
    });
    await sleep(settleTime(plan));
    const base = Date.now();
    await boss.insert(delayOffsets(plan).map((offset) => ({ name: queue, data: { dueAt: base + offset }, startAfter: new Date(base + offset) })));
    await waitForCount(() => delaysMs.length, plan.jobs, plan.lastMs + 2 * pollingIntervalSeconds * 1000 + 5000);
    return {
      peer: "pg-boss",
      settings: `work(batchSize 100), pollingIntervalSeconds ${pollingIntervalSeconds}${pollingIntervalSeconds === 2 ? " (default)" : " (its minimum)"}`,
      delaysMs,
      missing: plan.jobs - delaysMs.length,
      load1: load,
    };
  } finally {
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

/**
 * The "now" scenario (lib/scenario.ts NowPlan). pg-boss 10 does not LISTEN; its fastest start is
 * a work() loop at its minimum polling interval (0.5 s) woken by notifyWorker(id) after the
 * commit, which works only when the code that sends the job runs in the worker's process (as
 * here). `notify: false` measures the plain poll. Each job is sent in a transaction of its own
 * with send()'s `db` option (its API for sending inside the caller's transaction).
 */
export async function pgBossNowDelay(url: string, plan: NowPlan, notify: boolean): Promise<DelayResult> {
  const boss = await startBoss(url);
  const log = new StartLog();
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const db = { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
    const load = load1();
    const workerId = await boss.work(queue, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (batch) => {
      for (const job of batch) log.record((job.data as { i: number }).i);
    });
    await sleep(settleTime(plan));
    const result = await runNowLoop(plan, nowGaps(plan), log, async (i) => {
      await client.query("BEGIN");
      await boss.send(queue, { i }, { db });
      const beforeCommit = performance.now();
      await client.query("COMMIT");
      if (notify) boss.notifyWorker(workerId);
      return beforeCommit;
    });
    return {
      peer: "pg-boss",
      settings: notify
        ? "work(batchSize 1, pollingIntervalSeconds 0.5 = its minimum) + notifyWorker(id) after the commit (same process only); send({ db }) in the transaction"
        : "work(batchSize 1, pollingIntervalSeconds 0.5 = its minimum), no notifyWorker; send({ db }) in the transaction",
      ...result,
      load1: load,
    };
  } finally {
    await client.end().catch(() => {});
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
