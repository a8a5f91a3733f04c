// npm run bench:overload — deadlines while API requests exhaust the app's connection pool (issue
// 13, item 7). A `next start` of the production build takes --connections (1,200) HTTP
// connections that POST usage, each re-sent as soon as it is answered (autocannon,
// tests/helpers/http-load.ts), while the bench holds the accounts' rows locked for the load's
// --seconds, so every request the server admits keeps its pool connection: the pool is exhausted
// whatever the machine's speed, as slow statements or lock waits exhaust it in production
// (--flood: no lock, the requests are as fast as the server; then the CPU, not the pool, is what
// runs out). Meanwhile a ticker calls the cron route back to back in stay mode (as `npm start`'s
// does) and jobs fall due one every --gap ms (demo.ping, a no-op: the delay is the engine's
// alone). Measured: how late each due job started (its first run's started_at minus its run_at,
// both the database's clock), how many started while the load was on, the API's answers by
// status (500s, 503s without Retry-After, unanswered) and the tick calls' statuses.
//
// Before/after: --app DIR (repeatable) names app trees, each with its own production build
// (`next build` in it first); the rounds alternate them (A, B, A, B) against one PostgreSQL
// server, each round on a fresh database. Default: this tree only. For the RESULTS.md figures
// the "before" tree was a git worktree of the commit before the change.
//
// Options: --app DIR, --rounds N (2), --connections N (1200), --seconds N (20: load per round),
// --gap MS (250), --flood. Server: DATABASE_URL's, else a throwaway embedded PostgreSQL. Results:
// bench/results/api-overload-<time>.{md,json}. Never part of the tests.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createApiKey } from "../lib/api/keys/api-keys.ts";
import { createDb, type Db } from "../lib/db/client.ts";
import { migrate } from "../lib/db/migrate.ts";
import { createAccount } from "../lib/quotas/index.ts";
import { schedule } from "../lib/scheduler/index.ts";
import { demoPing } from "../jobs/index.ts";
import { buildState } from "../scripts/lib/next-build.ts";
import { startNextServer } from "../scripts/lib/next-server.ts";
import { freePort } from "../scripts/lib/ports.ts";
import { startLoad, type LoadTally } from "../tests/helpers/http-load.ts";
import { cpuBusy } from "./lib/machine.ts";
import { dropDatabase, freshDatabase, startServer, type BenchServer } from "./lib/server.ts";
import { fmt, median, p95, quantile } from "./lib/stats.ts";

const { values: args } = parseArgs({
  options: {
    app: { type: "string", multiple: true },
    rounds: { type: "string", default: "2" },
    connections: { type: "string", default: "1200" },
    seconds: { type: "string", default: "20" },
    gap: { type: "string", default: "250" },
    flood: { type: "boolean", default: false },
  },
});
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const apps = (args.app ?? [root]).map((dir) => path.resolve(dir));
const rounds = Number(args.rounds);
const connections = Number(args.connections);
const loadMs = Number(args.seconds) * 1000;
const gapMs = Number(args.gap);
const flood = args.flood ?? false;
const cronSecret = "bench-overload-secret-0123456789";
const log = (line: string) => console.log(`[bench:overload] ${line}`);

interface RoundResult {
  app: string;
  round: number;
  /** Start delay of each due job, ms (NaN: not started within a minute of the load's end). */
  delaysMs: number[];
  startedDuringLoad: number;
  jobs: number;
  api: LoadTally;
  ticks: Record<string, number>;
  /** How busy other processes kept the CPUs just before the round (0..1): the load saturates them itself. */
  cpuBusyBefore: number;
}

async function databaseNow(db: Db): Promise<Date> {
  return (await db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`)[0]!.now;
}

/** Calls the cron route back to back in stay mode until stopped; tallies the answers' statuses. */
function startTicker(url: string) {
  const statuses: Record<string, number> = {};
  const stop = new AbortController();
  const running = (async () => {
    while (!stop.signal.aborted) {
      const status = await fetch(`${url}/api/cron/tick?mode=stay&budgetMs=5000`, { headers: { authorization: `Bearer ${cronSecret}` }, signal: stop.signal })
        .then(async (response) => (await response.arrayBuffer(), String(response.status)))
        .catch(() => (stop.signal.aborted ? undefined : "no answer"));
      if (status) statuses[status] = (statuses[status] ?? 0) + 1;
    }
  })();
  return { statuses, stop: async () => (stop.abort(), await running) };
}

async function runRound(server: BenchServer, app: string, round: number): Promise<RoundResult> {
  const name = `duly_bench_overload_${randomBytes(3).toString("hex")}`;
  const url = await freshDatabase(server, name);
  await migrate(url);
  const db = createDb(url, { poolSize: 4 });
  const cpuBusyBefore = await cpuBusy(1000);
  const port = await freePort();
  const next = await startNextServer({
    root: app,
    port,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: url,
      CRON_SECRET: cronSecret,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      BETTER_AUTH_URL: `http://localhost:${port}`,
      DULY_TIME_TRAVEL: "0",
      DULY_TICKER: "0",
    },
  });
  try {
    const { token } = await createApiKey(db, { name: "bench", scope: "app" });
    const now = await databaseNow(db);
    const accountIds: bigint[] = [];
    for (let i = 0; i < 24; i++) accountIds.push((await createAccount(db, { name: `bench ${i}`, plan: "business", anchorOn: "2026-01-01", timeZone: "UTC" }, now)).id);
    // Every admitted request waits on these rows, holding its connection, until the load ends.
    const holder = new pg.Client({ connectionString: url, application_name: "bench-holder" });
    await holder.connect();
    if (!flood) {
      await holder.query("BEGIN");
      await holder.query("SELECT id FROM quota_accounts WHERE id = ANY($1::bigint[]) FOR UPDATE", [accountIds.map(String)]);
    }
    const ticker = startTicker(next.url);
    let sent = 0;
    const load = startLoad({
      url: next.url,
      connections,
      amount: 100_000_000,
      request: {
        method: "POST",
        path: () => `/api/v1/accounts/${accountIds[sent++ % accountIds.length]}/usage`,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: () => JSON.stringify({ allowance: "questions", amount: 1 }),
      },
    });
    await Promise.race([load.firstAnswer((status) => status >= 500), new Promise((resolve) => setTimeout(resolve, 15_000))]);
    log(`saturated after ${load.tally.answered} answers: ${JSON.stringify(load.tally.statuses)}`);
    const jobIds: bigint[] = [];
    const loadEnds = performance.now() + loadMs;
    while (performance.now() < loadEnds) {
      const runAt = new Date((await databaseNow(db)).getTime() + 200);
      jobIds.push((await db.$transaction((tx) => schedule(tx, demoPing, { runAt, payload: { note: "overload" } }))).id);
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
    const loadEndedAt = await databaseNow(db);
    await holder.end(); // rolls back: the waiting requests go on
    log(`load ends: ${jobIds.length} jobs scheduled; ${JSON.stringify(load.tally.statuses)}; ticks ${JSON.stringify(ticker.statuses)}`);
    load.stop();
    const api = await load.done;
    log("load stopped");
    // Jobs still due start once the load is gone: wait a minute at most for them.
    const giveUpAt = performance.now() + 60_000;
    const runs = async () =>
      db.$queryRaw<Array<{ delayMs: number | null; startedAt: Date | null }>>`
        SELECT EXTRACT(EPOCH FROM (r.started_at - j.run_at)) * 1000 AS "delayMs", r.started_at AS "startedAt"
          FROM scheduled_jobs j LEFT JOIN job_runs r ON r.job_id = j.id AND r.attempt = 1
         WHERE j.id = ANY(${jobIds}::bigint[])`;
    let rows = await runs();
    while (rows.some((row) => row.startedAt === null) && performance.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      rows = await runs();
    }
    await ticker.stop();
    return {
      app,
      round,
      delaysMs: rows.map((row) => (row.delayMs === null ? Number.NaN : Number(row.delayMs))),
      startedDuringLoad: rows.filter((row) => row.startedAt !== null && row.startedAt <= loadEndedAt).length,
      jobs: rows.length,
      api,
      ticks: ticker.statuses,
      cpuBusyBefore,
    };
  } finally {
    await next.stop();
    await db.$disconnect();
    await dropDatabase(server, name);
  }
}

function renderMarkdown(results: RoundResult[]): string {
  const lines = [
    `# API overload: deadlines while ${connections.toLocaleString("en-US")} connections POST usage`,
    "",
    `${rounds} round(s) per app, alternating; ${loadMs / 1000} s of load each (${flood ? "flood: no rows held" : "the accounts' rows held locked: every admitted request keeps its connection"}); a job due every ${gapMs} ms; start delay = first run's started_at - run_at.`,
    "",
    "| app | round | jobs | started during load | delay p50 ms | p95 ms | max ms | API 200 | 503 | 500 | 503 w/o Retry-After | unanswered | tick calls | others' CPU before |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |",
  ];
  for (const r of results) {
    const started = r.delaysMs.filter(Number.isFinite);
    const notStarted = r.delaysMs.length - started.length;
    const max = notStarted > 0 ? `${notStarted} not started` : fmt(quantile(started, 1));
    lines.push(
      `| ${path.basename(r.app)} | ${r.round} | ${r.jobs} | ${r.startedDuringLoad} | ${fmt(median(started))} | ${fmt(p95(started))} | ${max} | ` +
        `${r.api.statuses[200] ?? 0} | ${r.api.statuses[503] ?? 0} | ${r.api.statuses[500] ?? 0} | ${r.api.unavailableWithoutRetryAfter} | ${r.api.errors} | ` +
        `${Object.entries(r.ticks).map(([status, n]) => `${status}: ${n}`).join(", ")} | ${(r.cpuBusyBefore * 100).toFixed(0)}% |`,
    );
  }
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  for (const app of apps) {
    const state = await buildState(app);
    if (state.stale) throw new Error(`${app}: the production build is stale (${state.reason}); run \`npx next build\` there first`);
  }
  const server = await startServer(log);
  const results: RoundResult[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const app of apps) {
        log(`round ${round}: ${app}`);
        const result = await runRound(server, app, round);
        log(JSON.stringify({ ...result, delaysMs: undefined, p50: median(result.delaysMs.filter(Number.isFinite)), p95: p95(result.delaysMs.filter(Number.isFinite)) }));
        results.push(result);
      }
    }
  } finally {
    await server.stop();
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const out = path.join(root, "bench", "results", `api-overload-${stamp}`);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(`${out}.json`, JSON.stringify({ options: { apps, rounds, connections, loadMs, gapMs, flood }, results }, null, 2));
  const markdown = renderMarkdown(results);
  await writeFile(`${out}.md`, markdown);
  console.log(markdown);
}

await main();
