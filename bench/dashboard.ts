// npm run bench:dashboard — the dashboard's queries on 1,000,000 scheduled jobs (issue 8): next
// week's first jobs page, a filtered page, a deep keyset page, the overview's per-day counts and
// figures, and a bulk preview over 10,000 jobs. Each is timed (median and p95 of --repeat runs,
// after one warm-up) and its plan's top node and indexes printed (EXPLAIN ANALYZE). Never part
// of the tests.
//
// Server: DATABASE_URL's (a database duly_bench_dashboard is created beside it, and dropped at
// the end unless --keep), else a throwaway embedded PostgreSQL. Options: --jobs N (1000000),
// --repeat N (7), --keep.
// Not measured here (see bench/RESULTS.md): the whole overview page served by Next, and the
// same queries while a tick drains a backlog.
import { parseArgs } from "node:util";
import { createDb, Prisma } from "../lib/db/client.ts";
import { migrate } from "../lib/db/migrate.ts";
import { countJobs, listJobs, type JobListQuery } from "../lib/operations/job-list.ts";
import { dueByDay, overviewFigures } from "../lib/operations/overview.ts";
import { previewBulk } from "../lib/operations/bulk.ts";
import { dropDatabase, freshDatabase, startServer } from "./lib/server.ts";
import { fmt, median, p95 } from "./lib/stats.ts";

const { values: args } = parseArgs({
  options: { jobs: { type: "string", default: "1000000" }, repeat: { type: "string", default: "7" }, keep: { type: "boolean", default: false } },
});
const jobCount = Number(args.jobs);
const repeat = Number(args.repeat);
const log = (line: string) => console.log(`[bench:dashboard] ${line}`);
const dayMs = 86_400_000;

async function main(): Promise<void> {
  const server = await startServer(log);
  const name = "duly_bench_dashboard";
  const url = await freshDatabase(server, name);
  const db = createDb(url, { poolSize: 4 });
  try {
    await migrate(url);
    const now = new Date();
    const started = performance.now();
    // A year of work around now: 70 % pending (most of it in the future), the rest finished;
    // eight job types; a booking per ten jobs; every job keyed.
    await db.$executeRaw`
      INSERT INTO scheduled_jobs (job_type, key, run_at, status, attempts, payload, subject_type, subject_id, finished_at)
      SELECT 'type.' || (g % 8),
             'bench:' || g,
             ${now}::timestamptz + ((g::bigint * 7919) % 525600 - 131400) * interval '1 minute',
             (CASE WHEN g % 10 < 7 THEN 'pending' WHEN g % 10 < 9 THEN 'succeeded' WHEN g % 100 = 99 THEN 'dead' ELSE 'cancelled' END)::job_status,
             CASE WHEN g % 10 < 7 THEN 0 ELSE 1 END,
             '{}'::jsonb, 'booking', (g / 10)::text,
             CASE WHEN g % 10 < 7 THEN NULL ELSE ${now}::timestamptz - (g % 1440) * interval '1 minute' END
      FROM generate_series(1, ${jobCount}) g`;
    await db.$executeRaw`ANALYZE scheduled_jobs`;
    log(`${jobCount.toLocaleString("en")} jobs inserted and analyzed in ${Math.round(performance.now() - started)} ms`);

    const weekFilter: JobListQuery = { status: "pending", from: now, to: new Date(now.getTime() + 7 * dayMs), direction: "asc", pageSize: 50 };
    const firstPage = await listJobs(db, weekFilter);
    const deep = await (async () => {
      let page = firstPage;
      for (let i = 0; i < 20 && page.next; i++) page = await listJobs(db, { ...weekFilter, after: page.next });
      return page.next!;
    })();
    const cases: Array<{ name: string; run: () => Promise<unknown>; explain?: Prisma.Sql }> = [
      { name: "next week, first page (50)", run: () => listJobs(db, weekFilter) },
      { name: "next week, page 21 (keyset)", run: () => listJobs(db, { ...weekFilter, after: deep }) },
      { name: "next week, count (capped at 10,000)", run: () => countJobs(db, weekFilter) },
      { name: "filtered page: type.3, pending, next 30 days", run: () => listJobs(db, { ...weekFilter, jobType: "type.3", to: new Date(now.getTime() + 30 * dayMs) }) },
      { name: "filtered page: one booking", run: () => listJobs(db, { subject: { type: "booking", id: "4242" }, direction: "asc", pageSize: 50 }) },
      { name: "filtered page: key prefix", run: () => listJobs(db, { keyPrefix: "bench:4242", direction: "asc", pageSize: 50 }) },
      { name: "all jobs, newest run time first", run: () => listJobs(db, { direction: "desc", pageSize: 50 }) },
      { name: "overview: due per day, next 7 days", run: () => dueByDay(db, { from: now, to: new Date(now.getTime() + 7 * dayMs), zone: "Europe/Berlin" }) },
      { name: "overview: due now, lag, failures, dead", run: () => overviewFigures(db, now) },
      {
        name: "bulk preview: shift 10,000 jobs (+1 d)",
        run: () => previewBulk(db, { kind: "filter", filter: { jobType: "type.5", status: "pending", from: now, to: new Date(now.getTime() + 84 * dayMs) } }, { kind: "shift", offsetMs: dayMs }),
      },
    ];
    const bulkCount = await countJobs(db, { jobType: "type.5", status: "pending", from: now, to: new Date(now.getTime() + 84 * dayMs) }, 100_000);
    log(`bulk preview covers ${bulkCount.count.toLocaleString("en")} jobs`);

    const rows: string[] = ["| query | median ms | p95 ms |", "| --- | ---: | ---: |"];
    for (const c of cases) {
      await c.run(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < repeat; i++) {
        const t = performance.now();
        await c.run();
        times.push(performance.now() - t);
      }
      rows.push(`| ${c.name} | ${fmt(median(times))} | ${fmt(p95(times))} |`);
      log(`${c.name}: median ${fmt(median(times))} ms, p95 ${fmt(p95(times))} ms`);
    }
    // The plans of the hot ones, as the database ran them.
    const plans: Array<[string, Prisma.Sql]> = [
      ["next week, first page", Prisma.sql`SELECT id FROM scheduled_jobs WHERE status = 'pending' AND run_at >= ${now} AND run_at < ${new Date(now.getTime() + 7 * dayMs)} ORDER BY run_at, id LIMIT 51`],
      ["type filter", Prisma.sql`SELECT id FROM scheduled_jobs WHERE job_type = 'type.3' AND status = 'pending' AND run_at >= ${now} ORDER BY run_at, id LIMIT 51`],
      ["all, newest first", Prisma.sql`SELECT id FROM scheduled_jobs ORDER BY run_at DESC, id DESC LIMIT 51`],
      ["key prefix", Prisma.sql`SELECT id FROM scheduled_jobs WHERE key LIKE 'bench:4242%' ORDER BY run_at, id LIMIT 51`],
    ];
    for (const [label, sql] of plans) {
      const plan = await db.$queryRaw<Array<{ "QUERY PLAN": string }>>`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${sql}`;
      const lines = plan.map((p) => p["QUERY PLAN"]).filter((l) => /Index|Seq Scan|Sort|Bitmap/.test(l)).map((l) => l.trim());
      log(`plan, ${label}: ${lines.slice(0, 3).join(" | ")}`);
      rows.push(`| plan: ${label} | ${lines.slice(0, 2).join("; ").replace(/\|/g, "/")} | |`);
    }
    console.log(`\n${rows.join("\n")}\n`);
  } finally {
    await db.$disconnect();
    if (!args.keep) await dropDatabase(server, name);
    await server.stop();
  }
}

await main();
