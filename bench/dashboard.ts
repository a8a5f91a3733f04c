// npm run bench:dashboard — the dashboard on 1,000,000 scheduled jobs and the demo marketplace
// (issue 8): next week's first jobs page, a filtered page, a deep keyset page, the overview's
// per-day counts and figures, a bulk preview over 10,000 jobs (each a query, timed in this
// process), and the whole overview and jobs pages served over HTTP by `next start` of the
// production build, signed in (the full request: session check, every query, render, body).
//
// Each is measured twice: idle, then while a tick drains a backlog (bench/lib/tick-loop.ts, a
// process of its own ticking back to back in drain mode on a backlog of due demo.ping jobs it
// keeps topped up). Median and p95 of --repeat runs after one warm-up, runs of the cases
// interleaved (round-robin) so a burst of load elsewhere on the machine hits all of them; the
// plans of the hot queries as EXPLAIN ANALYZE ran them, idle and busy (with costs: a plan whose
// cost crosses jit_above_cost shows its JIT compile time, which once cost the per-day counts 1 s).
//
// Server: DATABASE_URL's (a database duly_bench_dashboard is created beside it, and dropped at
// the end unless --keep; --db-name names it otherwise, for a server others share), else a
// throwaway embedded PostgreSQL. Builds with `next build` when the build is stale. Options:
// --jobs N (1000000), --repeat N (20), --keep, --no-http, --backlog N (100000 due jobs at the
// start of the busy phase), --only TEXT (only the cases whose name contains one of TEXT's
// comma-separated parts, for iterating on a few). Results: bench/results/
// dashboard-<time>.{md,json}. Never part of the tests.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createDb, Prisma, type Db } from "../lib/db/client.ts";
import { migrate } from "../lib/db/migrate.ts";
import { countJobs, jobListSql, listJobs, type JobListQuery } from "../lib/scheduler/admin/index.ts";
import { dueByDay, failedAttempts24h, overviewFigures, runHistory, runningJobs, tickHistory } from "../lib/scheduler/admin/index.ts";
import { previewBulk } from "../lib/operations/bulk.ts";
import { findAnything } from "../lib/operations/find-anything.ts";
import { seedDemoData } from "../prisma/seed.ts";
import { seedQuotaDemo } from "../scripts/lib/demo/quotas.ts";
import { buildIfStale } from "../scripts/lib/next-build.ts";
import { startNextServer, type NextServer } from "../scripts/lib/next-server.ts";
import { freePort } from "../scripts/lib/ports.ts";
import { createSignedInOperator, sessionCookieName } from "../tests/helpers/operators.ts";
import { dropDatabase, freshDatabase, startServer } from "./lib/server.ts";
import { fmt, median, p95 } from "./lib/stats.ts";
import { cpuBusy } from "./lib/machine.ts";

const { values: args } = parseArgs({
  options: {
    jobs: { type: "string", default: "1000000" },
    repeat: { type: "string", default: "20" },
    backlog: { type: "string", default: "100000" },
    keep: { type: "boolean", default: false },
    "no-http": { type: "boolean", default: false },
    "db-name": { type: "string", default: "duly_bench_dashboard" },
    only: { type: "string" },
  },
});
const jobCount = Number(args.jobs);
const repeat = Number(args.repeat);
const log = (line: string) => console.log(`[bench:dashboard] ${line}`);
const dayMs = 86_400_000;
/** Who previews in the bench (a preview records the jobs it counted, as that operator's). */
const benchOperator = { id: "bench", email: "bench@duly.bench" };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface Case {
  name: string;
  goalMs: number;
  run: () => Promise<unknown>;
}
type Timings = Record<string, number[]>;

/** Runs every case `repeat` times, round-robin, after one warm-up each. */
async function measure(cases: Case[]): Promise<Timings> {
  const times: Timings = Object.fromEntries(cases.map((c) => [c.name, []]));
  for (const c of cases) await c.run();
  for (let i = 0; i < repeat; i++) {
    for (const c of cases) {
      const t = performance.now();
      await c.run();
      times[c.name]!.push(performance.now() - t);
    }
  }
  return times;
}

async function plansOf(db: Db, plans: Array<[string, Prisma.Sql]>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [label, sql] of plans) {
    const plan = await db.$queryRaw<Array<{ "QUERY PLAN": string }>>`EXPLAIN (ANALYZE, BUFFERS) ${sql}`;
    out[label] = plan.map((p) => p["QUERY PLAN"]);
  }
  return out;
}

/** The backlog drain in its own process; resolves once its backlog is inserted. */
function startTicker(url: string): Promise<{ stop: () => Promise<Record<string, number>>; ticks: Array<Record<string, unknown>> }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "bench/lib/tick-loop.ts"), "--url", url, "--initial", args.backlog!], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ticks: Array<Record<string, unknown>> = [];
  let buffer = "";
  let done: ((totals: Record<string, number>) => void) | undefined;
  const finished = new Promise<Record<string, number>>((resolve) => (done = resolve));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the ticker exited early (${code})`)));
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
        const line = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
        buffer = buffer.slice(nl + 1);
        if (line.ready) resolve({ stop: async () => (child.kill("SIGTERM"), finished), ticks });
        else if (line.done) done!(line as Record<string, number>);
        else ticks.push(line);
      }
    });
  });
}

async function main(): Promise<void> {
  const server = await startServer(log);
  const name = args["db-name"]!;
  const url = await freshDatabase(server, name);
  const db = createDb(url, { poolSize: 4 });
  let next: NextServer | undefined;
  let ticker: Awaited<ReturnType<typeof startTicker>> | undefined;
  try {
    await migrate(url);
    const now = new Date();
    let started = performance.now();
    const { marketplace } = await seedDemoData(db, now);
    await seedQuotaDemo(db, now);
    log(`demo marketplace seeded in ${Math.round(performance.now() - started)} ms: ${JSON.stringify(marketplace)}`);
    started = performance.now();
    // A year of work around now: 70 % pending (most of it in the future), the rest finished;
    // eight job types; a booking per ten jobs; every job keyed. 1 % dead, all in the last 24 h.
    await db.$executeRaw`
      INSERT INTO scheduled_jobs (job_type, key, run_at, status, attempts, payload, subject_type, subject_id, finished_at)
      SELECT 'type.' || (g % 8),
             'bench:' || g,
             ${now}::timestamptz + ((g::bigint * 7919) % 525600 - 131400) * interval '1 minute',
             (CASE WHEN g % 10 < 7 THEN 'pending' WHEN g % 10 < 9 THEN 'succeeded' WHEN g % 100 = 99 THEN 'dead' ELSE 'cancelled' END)::job_status,
             CASE WHEN g % 10 < 7 THEN 0 ELSE 1 END,
             jsonb_build_object('bookingId', g / 10), 'booking', (g / 10)::text,
             CASE WHEN g % 10 < 7 THEN NULL ELSE ${now}::timestamptz - (g % 1440) * interval '1 minute' END
      FROM generate_series(1, ${jobCount}) g`;
    // Every finished job ran once, in the last 24 h (its finished_at): 210,000 attempts for the
    // overview's failures count to look through, 10,000 of them dead.
    await db.$executeRaw`
      INSERT INTO job_runs (job_id, attempt, tick_id, started_at, finished_at, outcome, error)
      SELECT id, 1, 'bench', finished_at - interval '1 second', finished_at,
             (CASE status WHEN 'dead' THEN 'dead' ELSE 'succeeded' END)::run_outcome,
             CASE status WHEN 'dead' THEN 'bench: gave up' END
      FROM scheduled_jobs WHERE status IN ('succeeded', 'dead') AND key LIKE 'bench:%'`;
    // What autovacuum does to a table this size soon after such a load: statistics and the
    // visibility map (index-only scans need it).
    await db.$executeRaw`VACUUM (ANALYZE) scheduled_jobs`;
    await db.$executeRaw`VACUUM (ANALYZE) job_runs`;
    log(`${jobCount.toLocaleString("en")} jobs inserted, vacuumed and analyzed in ${Math.round(performance.now() - started)} ms`);

    const weekFilter: JobListQuery = { status: "pending", from: now, to: new Date(now.getTime() + 7 * dayMs), direction: "asc", pageSize: 50 };
    const firstPage = await listJobs(db, weekFilter);
    let deepPage = firstPage;
    for (let i = 0; i < 20 && deepPage.next; i++) deepPage = await listJobs(db, { ...weekFilter, after: deepPage.next });
    const deep = deepPage.next!;
    const typePending30: JobListQuery = { ...weekFilter, jobType: "type.3", to: new Date(now.getTime() + 30 * dayMs) };
    let typePage = await listJobs(db, typePending30);
    for (let i = 0; i < 20 && typePage.next; i++) typePage = await listJobs(db, { ...typePending30, after: typePage.next });
    const typeDeep = typePage.next!;
    // The demo marketplace's job type with the fewest pending jobs (at least one).
    const [{ rareType }] = await db.$queryRaw<Array<{ rareType: string }>>`
      SELECT job_type AS "rareType" FROM scheduled_jobs WHERE status = 'pending' AND job_type LIKE 'marketplace.%'
      GROUP BY job_type ORDER BY count(*), job_type LIMIT 1`;
    const bulkFilter = { jobType: "type.5", status: "pending" as const, from: now, to: new Date(now.getTime() + 84 * dayMs) };
    const bulkCount = await countJobs(db, bulkFilter, 100_000);
    log(`bulk preview covers ${bulkCount.count.toLocaleString("en")} jobs`);

    const cases: Case[] = [
      { name: "next week, first page (50)", goalMs: 50, run: () => listJobs(db, weekFilter) },
      { name: "next week, page 21 (keyset)", goalMs: 50, run: () => listJobs(db, { ...weekFilter, after: deep }) },
      { name: "next week, count (capped at 10,000)", goalMs: 50, run: () => countJobs(db, weekFilter) },
      { name: "filtered page: type.3, pending, next 30 days", goalMs: 50, run: () => listJobs(db, typePending30) },
      { name: "filtered page: type.3, pending, next 30 days, page 21 (keyset)", goalMs: 50, run: () => listJobs(db, { ...typePending30, after: typeDeep }) },
      // The skews a type-and-status page must survive (decision 0043), with no time window: a rare
      // status within a big type (4 % of type.3 is dead), a rare status within the type the busy
      // phase's backlog fills (demo.ping: 100,000 and more, 3 dead), a rare type within the
      // biggest status (a marketplace type with a few of the 700,000 pending jobs).
      { name: "filtered page: type.3, dead (rare status, big type)", goalMs: 50, run: () => listJobs(db, { jobType: "type.3", status: "dead", direction: "asc", pageSize: 50 }) },
      { name: "filtered page: demo.ping, dead (rare status, the backlog's type)", goalMs: 50, run: () => listJobs(db, { jobType: "demo.ping", status: "dead", direction: "asc", pageSize: 50 }) },
      { name: `filtered page: ${rareType}, pending (rare type, biggest status)`, goalMs: 50, run: () => listJobs(db, { jobType: rareType, status: "pending", direction: "asc", pageSize: 50 }) },
      { name: "filtered page: one booking", goalMs: 50, run: () => listJobs(db, { subject: { type: "booking", id: "4242" }, direction: "asc", pageSize: 50 }) },
      { name: "filtered page: key prefix", goalMs: 50, run: () => listJobs(db, { keyPrefix: "bench:4242", direction: "asc", pageSize: 50 }) },
      { name: "all jobs, newest run time first", goalMs: 50, run: () => listJobs(db, { direction: "desc", pageSize: 50 }) },
      { name: "overview: due per day, next 7 days", goalMs: 50, run: () => dueByDay(db, { from: new Date(), to: new Date(Date.now() + 7 * dayMs), zone: "Europe/Berlin" }) },
      { name: "overview: due now, lag, running, dead", goalMs: 50, run: () => overviewFigures(db, new Date()) },
      { name: "overview: failed attempts, last 24 h", goalMs: 50, run: () => failedAttempts24h(db, new Date()) },
      { name: "history: 24 h per minute, every type", goalMs: 50, run: () => runHistory(db, { from: new Date(Date.now() - dayMs), to: new Date(), step: "minute", zone: "Europe/Berlin" }) },
      { name: "history: 7 days per hour, every type", goalMs: 50, run: () => runHistory(db, { from: new Date(Date.now() - 7 * dayMs), to: new Date(), step: "hour", zone: "Europe/Berlin" }) },
      { name: "history: ticks, 7 days per hour", goalMs: 50, run: () => tickHistory(db, { from: new Date(Date.now() - 7 * dayMs), to: new Date(), step: "hour", zone: "Europe/Berlin" }) },
      { name: "running now (up to 501 jobs)", goalMs: 50, run: () => runningJobs(db, 501) },
      { name: "search: a job id", goalMs: 50, run: () => findAnything(db, { jobId: 424_242n, recordId: 424_242 }) },
      { name: "search: booking:4242 (its jobs)", goalMs: 50, run: () => findAnything(db, { subject: { type: "booking", id: "4242" } }) },
      { name: "search: key prefix bench:4242", goalMs: 50, run: () => findAnything(db, { keyPrefix: "bench:4242" }) },
      { name: "search: payload bookingId=4242", goalMs: 50, run: () => findAnything(db, { payload: { bookingId: 4242 } }) },
      { name: "search: an email", goalMs: 50, run: () => findAnything(db, { email: "nobody@duly.test" }) },
      { name: `bulk preview: shift ${bulkCount.count.toLocaleString("en")} jobs (+1 d)`, goalMs: 50, run: () => previewBulk(db, benchOperator, { target: { kind: "filter", filter: bulkFilter }, change: { kind: "shift", offsetMs: dayMs }, reason: "bench" }, now) },
    ];

    /** The size of each page's last answer (HTML with its inlined RSC payload), for the report. */
    const pageBytes = new Map<string, number>();
    if (!args["no-http"]) {
      const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
      log(`next build: ${await buildIfStale(root, { env, log })}`);
      const port = await freePort();
      const secret = randomBytes(32).toString("hex");
      next = await startNextServer({
        root,
        port,
        env: {
          ...env, NODE_ENV: "production", DATABASE_URL: url, DIRECT_URL: url, CRON_SECRET: randomBytes(16).toString("hex"),
          BETTER_AUTH_SECRET: secret, BETTER_AUTH_URL: `http://localhost:${port}`, DULY_TICKER: "0",
        },
      });
      const operator = await createSignedInOperator(db, { role: "operator", secret, label: "bench", withPassword: false });
      const cookie = `${sessionCookieName}=${operator.cookieValue}; duly_tz=Europe%2FBerlin`;
      const page = (pathname: string, mustShow: string) => async () => {
        const response = await fetch(`${next!.url}${pathname}`, { headers: { cookie }, redirect: "manual" });
        const body = await response.text();
        if (response.status !== 200 || !body.includes(mustShow)) throw new Error(`${pathname}: HTTP ${response.status}, ${body.length} bytes, without "${mustShow}"`);
        pageBytes.set(pathname, Buffer.byteLength(body));
      };
      const week = `from=${encodeURIComponent(now.toISOString())}&to=${encodeURIComponent(new Date(now.getTime() + 7 * dayMs).toISOString())}`;
      cases.push(
        { name: "HTTP: GET /overview (signed in, whole page)", goalMs: 300, run: page("/overview", "Due in the next 7 days") },
        { name: "HTTP: GET /jobs next week (signed in, whole page)", goalMs: 300, run: page(`/jobs?status=pending&${week}&dir=asc`, "bench:") },
        { name: "HTTP: GET /search?q=bookingId=4242 (whole page)", goalMs: 300, run: page(`/search?q=${encodeURIComponent("bookingId=4242")}`, "bench:4242") },
        { name: "HTTP: GET /running (whole page)", goalMs: 300, run: page("/running", "Running") },
        { name: "HTTP: GET /history (whole page)", goalMs: 300, run: page("/history", "History") },
      );
    }

    if (args.only) {
      const parts = args.only.split(",").map((part) => part.trim().toLowerCase());
      const kept = cases.filter((c) => parts.some((part) => c.name.toLowerCase().includes(part)));
      cases.splice(0, cases.length, ...kept);
    }

    const planSql: Array<[string, Prisma.Sql]> = [
      // The jobs list's own statements (jobListSql), as listJobs sends them.
      ["filtered page: type.3, pending, next 30 days", jobListSql(typePending30)],
      ["filtered page: type.3, pending, page 21", jobListSql({ ...typePending30, after: typeDeep })],
      ["filtered page: type.3, dead", jobListSql({ jobType: "type.3", status: "dead", direction: "asc", pageSize: 50 })],
      ["filtered page: demo.ping, dead", jobListSql({ jobType: "demo.ping", status: "dead", direction: "asc", pageSize: 50 })],
      [`filtered page: ${rareType}, pending`, jobListSql({ jobType: rareType, status: "pending", direction: "asc", pageSize: 50 })],
      ["overview: due per day", Prisma.sql`SELECT to_char(days.local_day, 'YYYY-MM-DD'), due.job_type, due.n FROM (SELECT date_trunc('day', now() AT TIME ZONE 'Europe/Berlin') + n * interval '1 day' AS local_day FROM generate_series(0, 8) n) days CROSS JOIN LATERAL (SELECT job_type, count(*) AS n FROM scheduled_jobs WHERE status = 'pending' AND run_at >= greatest(days.local_day AT TIME ZONE 'Europe/Berlin', now()) AND run_at < least((days.local_day + interval '1 day') AT TIME ZONE 'Europe/Berlin', now() + interval '7 days') GROUP BY job_type) due`],
      ["overview: failures 24 h", Prisma.sql`SELECT coalesce(sum(n), 0) FROM job_run_tallies WHERE minute >= date_trunc('minute', now() - interval '24 hours') AND outcome IN ('failed', 'dead', 'lost', 'lease_lost')`],
      ["overview: dead 24 h", Prisma.sql`SELECT count(*) FROM scheduled_jobs WHERE status = 'dead' AND finished_at >= now() - interval '24 hours'`],
      ["overview: due now (capped)", Prisma.sql`SELECT count(*) FROM (SELECT 1 FROM scheduled_jobs WHERE status = 'pending' AND run_at <= now() LIMIT 10001) capped`],
      ["next week, first page", Prisma.sql`SELECT id FROM scheduled_jobs WHERE status = 'pending' AND run_at >= ${now} AND run_at < ${new Date(now.getTime() + 7 * dayMs)} ORDER BY run_at, id LIMIT 51`],
      ["bulk preview scan", Prisma.sql`SELECT status, date_bin('1 hour', run_at + interval '1 day', timestamptz '2000-01-01 00:00+00'), count(*) FROM scheduled_jobs WHERE job_type = 'type.5' AND status = 'pending' AND run_at >= ${now} AND run_at < ${new Date(now.getTime() + 84 * dayMs)} GROUP BY 1, 2`],
    ];

    // Other processes' load (this machine is shared): sampled while this bench does nothing.
    const othersIdle = await cpuBusy(2000);
    log(`idle: ${cases.length} cases x ${repeat} runs; other processes kept the CPUs ${Math.round(othersIdle * 100)} % busy just before`);
    const idle = await measure(cases);
    const idlePlans = await plansOf(db, planSql);

    const othersBusy = await cpuBusy(2000);
    const writeStats = () => db.$queryRaw<Array<{ relname: string; ins: number; upd: number; hot: number }>>`
      SELECT relname::text, n_tup_ins::int AS ins, n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables WHERE relname IN ('scheduled_jobs', 'job_runs') ORDER BY 1`;
    const statsBefore = await writeStats();
    ticker = await startTicker(url);
    log(`busy: the ticker inserted its backlog; waiting for its first tick`);
    while (ticker.ticks.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    const busyStart = ticker.ticks.length;
    const busyStarted = performance.now();
    const busy = await measure(cases);
    const busyMs = performance.now() - busyStarted;
    const busyPlans = await plansOf(db, planSql);
    const duringBusy = ticker.ticks.slice(busyStart);
    const drained = duringBusy.reduce((sum, t) => sum + Number(t.claimed), 0);
    const idleTicks = duringBusy.filter((t) => Number(t.claimed) === 0).length;
    const totals = await ticker.stop();
    ticker = undefined;
    log(`busy: ${drained.toLocaleString("en")} jobs drained during the ${Math.round(busyMs)} ms measured (${Math.round((drained / busyMs) * 1000)} jobs/s), ${duringBusy.length} ticks, ${idleTicks} found nothing; ticker totals ${JSON.stringify(totals)}`);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // statistics are flushed about once a second
    const hotUpdates = (await writeStats()).map((after) => {
      const before = statsBefore.find((b) => b.relname === after.relname)!;
      return `${after.relname}: ${after.upd - before.upd} updates, ${after.hot - before.hot} HOT`;
    }).join("; ");
    log(`busy writes: ${hotUpdates}`);
    const [{ runs }] = await db.$queryRaw<Array<{ runs: number }>>`SELECT count(*)::int AS runs FROM job_runs WHERE started_at >= now() - interval '24 hours'`;

    const rows = ["| query | goal ms | idle median | idle p95 | busy median | busy p95 | met (busy p95) |", "| --- | ---: | ---: | ---: | ---: | ---: | :---: |"];
    for (const c of cases) {
      const i = idle[c.name]!;
      const b = busy[c.name]!;
      rows.push(`| ${c.name} | ${c.goalMs} | ${fmt(median(i))} | ${fmt(p95(i))} | ${fmt(median(b))} | ${fmt(p95(b))} | ${p95(b) < c.goalMs ? "yes" : median(b) < c.goalMs ? "median only" : "no"} |`);
    }
    const summary = [
      `${jobCount.toLocaleString("en")} jobs, ${repeat} runs per case (round-robin, after a warm-up).`,
      `busy: ${drained.toLocaleString("en")} jobs drained in the ${(busyMs / 1000).toFixed(1)} s measured (${Math.round((drained / busyMs) * 1000)} jobs/s), ${duringBusy.length} ticks (${idleTicks} found nothing due); job_runs in the last 24 h at the end: ${runs.toLocaleString("en")}.`,
      `writes while busy (the engine's cost of the indexes): ${hotUpdates}.`,
      `other processes kept the CPUs ${Math.round(othersIdle * 100)} % busy before the idle phase and ${Math.round(othersBusy * 100)} % before the busy one (2 s samples while this bench did nothing).`,
      ...(pageBytes.size > 0 ? [`page sizes (HTML, bytes): ${[...pageBytes].map(([p, n]) => `${p.split("?")[0]} ${n.toLocaleString("en")}`).join(", ")}.`] : []),
      `load average at the end: ${(await import("node:os")).loadavg().map((l) => l.toFixed(2)).join(" ")}`,
    ];
    const table = rows.join("\n");
    console.log(`\n${summary.join("\n")}\n\n${table}\n`);
    for (const [label, plan] of Object.entries(busyPlans)) log(`plan (busy), ${label}:\n    ${plan.join("\n    ")}`);

    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const dir = path.join(root, "bench/results");
    await mkdir(dir, { recursive: true });
    const planText = (plans: Record<string, string[]>) => Object.entries(plans).map(([label, plan]) => `${label}:\n\n    ${plan.join("\n    ")}\n`).join("\n");
    await writeFile(path.join(dir, `dashboard-${stamp}.md`), `# bench:dashboard ${stamp}\n\nServer: ${server.label}\n\n${summary.join("\n\n")}\n\n${table}\n\n## Plans, idle\n\n${planText(idlePlans)}\n## Plans, while the tick drains\n\n${planText(busyPlans)}`);
    await writeFile(path.join(dir, `dashboard-${stamp}.json`), JSON.stringify({ jobCount, repeat, othersIdle, othersBusy, idle, busy, drained, busyMs, ticks: duringBusy.length, idleTicks, runs24h: runs, totals }, null, 1));
    log(`written: bench/results/dashboard-${stamp}.{md,json}`);
  } finally {
    if (ticker) await ticker.stop().catch(() => undefined);
    if (next) await next.stop();
    await db.$disconnect();
    if (!args.keep) await dropDatabase(server, name);
    await server.stop();
  }
}

await main();
