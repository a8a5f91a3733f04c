// npm run bench:lifecycle — 10,000 bookings driven through their whole lifecycle by ticks at
// chosen instants, with the marketplace's real handlers doing real writes, beside a no-op drain
// of the same run (the same number of demo.ping jobs due at the same instants, ticked at the
// same instants). Never part of the tests. Results: bench/results/lifecycle-<time>.{json,md};
// bench/RESULTS.md ("Marketplace lifecycle") quotes a run and says where the time goes.
//
// The population is loaded in bulk, as the use cases would have left it at t0 (so setup is not
// timed): 80 % paid (charge recorded, close-event job due at the event), 10 % requested (accept
// deadline due at t0 + 23 h), 10 % accepted (payment deadline due at t0 + 11.5 h). Events fall
// on 30 instants over the next 90 days, so each tick at a chosen instant runs one job type:
// the deadlines, then per event instant e: closes at e, completions at e + 3 h, payouts
// (alone in their transactions: they move money) at e + 51 h.
//
// Options: --bookings N (10000), --quick (1000), --concurrency N (lanes per tick, 4),
// --webhooks (a platform endpoint subscribed to every event, on a loopback receiver in a child
// process answering 204: each change's delivery is then a job of the same ticks; jobs/s counts
// the marketplace's jobs only), --profile (the real run's statements, rows and commits per
// marketplace job, from pg_stat_statements and the table statistics; embedded server only; the
// extension's bookkeeping costs a little, so a profiled run's rate is not quoted), --cpu-prof (a V8 CPU
// profile of this process, which runs the ticks, over the marketplace drive: written beside the
// results as .cpuprofile, its self time by area and function added to the .md; sampling costs a
// little, so a profiled run's rate and CPU are not quoted), --out PATH. Uses DATABASE_URL's
// server when set, else a throwaway embedded PostgreSQL.
//
// Every run reports CPU ms per marketplace job of each process over the timed drive
// (bench/lib/process-cpu.ts): this process (the ticks), the PostgreSQL server (its whole tree,
// and the bench database's backends apart) and, with --webhooks, the receiver, also per POST.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { createDb, type Db } from "../lib/db/client.ts";
import { migrate } from "../lib/db/migrate.ts";
import { createCatalogue, scheduleMany, tick, type Catalogue, type JobDefinition } from "../lib/scheduler/index.ts";
import { acceptDeadline, closeEventJob, paymentDeadline, type JobDeclaration } from "../lib/marketplace/index.ts";
import { marketplaceJobs } from "../jobs/marketplace/index.ts";
import { demoPing, deliverWebhookJob } from "../jobs/index.ts";
import { createEndpoint } from "../lib/webhooks/endpoints.ts";
import { setWebhookOptions } from "../lib/webhooks/options.ts";
import { startCpuProfile, writeCpuProfile, type Profile } from "./lib/cpu-profile.ts";
import { machineInfo, startCpuMeter } from "./lib/machine.ts";
import { startProcessCpuMeter, type ProcessCpu } from "./lib/process-cpu.ts";
import { checkpoint, freshDatabase, serverSettings, startServer, walPosition, withClient } from "./lib/server.ts";
import { fmt, perSecond } from "./lib/stats.ts";
import { repoDir } from "./lib/deps.ts";

const log = (line: string) => console.log(`[lifecycle] ${line}`);
const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    bookings: { type: "string" },
    concurrency: { type: "string", default: "4" },
    out: { type: "string" },
    webhooks: { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    "cpu-prof": { type: "boolean", default: false },
  },
});
const bookings = Number(args.bookings ?? (args.quick ? 1000 : 10_000));
const concurrency = Number(args.concurrency);
const hour = 3_600_000;
const day = 24 * hour;
const t0 = new Date("2027-01-04T09:00:00Z");
const eventInstants = Array.from({ length: 30 }, (_, i) => new Date(t0.getTime() + (3 + i * 3) * day + 10 * hour)); // 19:00 UTC every 3 days

interface Population {
  paid: number[];
  requested: number[];
  accepted: number[];
  eventOf: Map<number, Date>;
}

/** Chefs, customers and bookings as the use cases would have left them at t0; returns the ids. */
async function loadPopulation(db: Db): Promise<Population> {
  // A chef per booking: 30 event instants for 10,000 bookings, and a chef holds one event at a
  // time (bookings_chef_time_excl, decision 0023).
  await db.$executeRaw`INSERT INTO chefs (name, email, created_at) SELECT 'Chef ' || g, 'chef' || g || '@bench.test', ${t0} FROM generate_series(1, ${bookings}::int) g`;
  await db.$executeRaw`INSERT INTO customers (name, email, created_at) SELECT 'Customer ' || g, 'c' || g || '@bench.test', ${t0} FROM generate_series(1, 100) g`;
  const instants = eventInstants.map((d) => d.toISOString());
  await db.$executeRaw`
    INSERT INTO bookings (customer_id, chef_id, status, event_at, time_zone, place, price_minor, currency,
                          requested_at, accept_by, accepted_at, pay_by, paid_at, updated_at)
    SELECT 1 + g % 100, g,
           (CASE g % 10 WHEN 0 THEN 'requested' WHEN 1 THEN 'accepted' ELSE 'paid' END)::booking_status,
           (${instants}::text[])[1 + (g / 10) % 30]::timestamptz, 'Europe/Paris', 'Bench ' || g, 10000 + g % 500 * 100, 'EUR',
           ${new Date(t0.getTime() - hour)}, ${new Date(t0.getTime() + 23 * hour)},
           CASE WHEN g % 10 <> 0 THEN ${new Date(t0.getTime() - hour / 2)}::timestamptz END,
           CASE WHEN g % 10 <> 0 THEN ${new Date(t0.getTime() + 11.5 * hour)}::timestamptz END,
           CASE WHEN g % 10 > 1 THEN ${t0}::timestamptz END, ${t0}
    FROM generate_series(1, ${bookings}::int) g`;
  await db.$executeRaw`
    INSERT INTO ledger_entries (booking_id, kind, amount_minor, currency, idempotency_key, actor, created_at)
    SELECT id, 'charge', price_minor, currency, 'charge:booking:' || id, 'customer:' || customer_id, ${t0} FROM bookings WHERE status = 'paid'`;
  const rows = await db.booking.findMany({ select: { id: true, status: true, eventAt: true } });
  return {
    paid: rows.filter((r) => r.status === "paid").map((r) => r.id),
    requested: rows.filter((r) => r.status === "requested").map((r) => r.id),
    accepted: rows.filter((r) => r.status === "accepted").map((r) => r.id),
    eventOf: new Map(rows.map((r) => [r.id, r.eventAt])),
  };
}

/** The population's pending deadlines, through the engine's scheduleMany with the declared keys and subjects. */
async function scheduleDeadlines(db: Db, catalogue: Catalogue, population: Population): Promise<void> {
  const batch = async (declaration: JobDeclaration, ids: number[], runAt: (id: number) => Date) => {
    const definition = catalogue.get(declaration.name) as JobDefinition;
    for (let i = 0; i < ids.length; i += 5000) {
      const inputs = ids.slice(i, i + 5000).map((bookingId) => ({
        runAt: runAt(bookingId), payload: { bookingId }, key: declaration.key({ bookingId }), subject: declaration.subject({ bookingId }),
      }));
      await db.$transaction((tx) => scheduleMany(tx, definition, inputs), { timeout: 120_000 });
    }
  };
  await batch(acceptDeadline, population.requested, () => new Date(t0.getTime() + 23 * hour));
  await batch(paymentDeadline, population.accepted, () => new Date(t0.getTime() + 11.5 * hour));
  await batch(closeEventJob, population.paid, (id) => population.eventOf.get(id)!);
}

/** Every instant a job falls due in the lifecycle, in order: where the ticks are chosen. */
function tickInstants(): Date[] {
  const times = new Set<number>([t0.getTime() + 11.5 * hour, t0.getTime() + 23 * hour]);
  for (const e of eventInstants) for (const offset of [0, 3 * hour, 51 * hour]) times.add(e.getTime() + offset);
  return [...times].sort((a, b) => a - b).map((t) => new Date(t));
}

const deliveryType = deliverWebhookJob.name;

/** A receiver in a process of its own (so its work is not the bench's): answers 204 to every POST. */
async function startReceiverProcess(): Promise<{ url: string; child: ChildProcess }> {
  const source = `const http = require("node:http");
    const server = http.createServer((req, res) => { req.resume(); req.on("end", () => res.writeHead(204).end()); });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once("exit", (code) => reject(new Error(`receiver exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/hook`, child };
}

/** Where a run's database work goes: the statements, rows and commits of the drive, per marketplace job. */
async function resetProfile(url: string): Promise<void> {
  await withClient(url, async (client) => {
    await client.query("SELECT pg_stat_statements_reset()");
    await client.query("SELECT pg_stat_reset()");
  });
}

async function readProfile(url: string, jobs: number): Promise<string> {
  // Other backends flush their table statistics when idle (at most a second later).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return withClient(url, async (client) => {
    const per = (n: number) => (n / jobs).toFixed(2);
    const statements = await client.query<{ calls: string; rows: string; ms: number; query: string }>(
      `SELECT calls::text, rows::text, total_exec_time AS ms, regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY pg_stat_statements.calls DESC LIMIT 40`);
    const tables = await client.query<{ relname: string; ins: string; upd: string; hot: string; del: string }>(
      `SELECT relname, n_tup_ins::text AS ins, n_tup_upd::text AS upd, n_tup_hot_upd::text AS hot, n_tup_del::text AS del
       FROM pg_stat_user_tables WHERE n_tup_ins + n_tup_upd + n_tup_del > 0 ORDER BY n_tup_ins + n_tup_upd + n_tup_del DESC`);
    const [db] = (await client.query<{ commits: string; rollbacks: string }>(
      "SELECT xact_commit::text AS commits, xact_rollback::text AS rollbacks FROM pg_stat_database WHERE datname = current_database()")).rows;
    const calls = statements.rows.reduce((n, r) => n + Number(r.calls), 0);
    return [
      `Profile of the real run, per marketplace job (${jobs} jobs): ${per(calls)} statements (top 40 kinds), ${per(Number(db!.commits))} commits, ${per(Number(db!.rollbacks))} rollbacks.`,
      "",
      "| statement | calls/job | rows/call | ms total |",
      "| --- | ---: | ---: | ---: |",
      ...statements.rows.map((r) => `| ${r.query.slice(0, 160).replace(/\|/g, "\\|")} | ${per(Number(r.calls))} | ${(Number(r.rows) / Math.max(1, Number(r.calls))).toFixed(1)} | ${r.ms.toFixed(0)} |`),
      "",
      "| table | inserts/job | updates/job (HOT) | deletes/job |",
      "| --- | ---: | ---: | ---: |",
      ...tables.rows.map((r) => `| ${r.relname} | ${per(Number(r.ins))} | ${per(Number(r.upd))} (${per(Number(r.hot))}) | ${per(Number(r.del))} |`),
      "",
    ].join("\n");
  });
}

interface TickRecord {
  at: string;
  ms: number;
  succeeded: number;
  failed: number;
  jobTypes: Record<string, number>;
}

interface DriveResult {
  label: string;
  /** Jobs that succeeded, webhook deliveries left out. */
  jobs: number;
  /** webhooks.deliver jobs run (--webhooks): one per delivery before decision 0044, pumps and retries after. */
  deliveries: number;
  ticks: number;
  ticksThatRan: number;
  totalMs: number;
  walBytes: number;
  othersBusy: number;
  /** CPU ms of each process over the drive. */
  cpu: ProcessCpu;
  perTick: TickRecord[];
}

/** What a drive measures besides time: the server's and the receiver's processes, and (--cpu-prof) a profile. */
interface DriveMeters {
  postmasterPid: number | undefined;
  receiverPid?: number;
  profile?: boolean;
  cpuProfile?: boolean;
}

async function drive(label: string, db: Db, url: string, catalogue: Catalogue, meters: DriveMeters): Promise<DriveResult & { cpuProfile?: Profile }> {
  const { postmasterPid, receiverPid, profile = false } = meters;
  await withClient(url, async (client) => {
    for (const table of ["scheduled_jobs", "job_runs", "bookings", "ledger_entries"]) await client.query(`VACUUM ANALYZE ${table}`);
  });
  await checkpoint(url);
  if (profile) await resetProfile(url);
  const walBefore = await walPosition(url);
  const meter = await startCpuMeter(postmasterPid);
  const processes = await startProcessCpuMeter(postmasterPid, new URL(url).pathname.slice(1), receiverPid);
  const profiler = meters.cpuProfile ? await startCpuProfile() : undefined;
  const perTick: TickRecord[] = [];
  for (const now of tickInstants()) {
    const started = performance.now();
    const summary = await tick({ db, catalogue, now, budgetMs: 600_000, mode: "drain", concurrency });
    const ms = performance.now() - started;
    if (summary.errors.length > 0) throw new Error(`${label}: tick at ${now.toISOString()}: ${summary.errors.join("; ")}`);
    perTick.push({ at: now.toISOString(), ms, succeeded: summary.succeeded, failed: summary.failed, jobTypes: summary.jobTypes });
  }
  const cpuProfile = await profiler?.stop();
  const cpu = await processes.stop();
  const walBytes = (await walPosition(url)) - walBefore;
  const othersBusy = await meter.stop();
  const deliveries = perTick.reduce((n, t) => n + (t.jobTypes[deliveryType] ?? 0), 0);
  const jobs = perTick.reduce((n, t) => n + t.succeeded, 0) - deliveries;
  const failed = perTick.reduce((n, t) => n + t.failed, 0);
  if (failed > 0) throw new Error(`${label}: ${failed} attempts failed`);
  return {
    label, jobs, deliveries, ticks: perTick.length, ticksThatRan: perTick.filter((t) => t.succeeded > 0).length,
    totalMs: perTick.reduce((n, t) => n + t.ms, 0), walBytes, othersBusy, cpu, perTick, cpuProfile,
  };
}

/** Per job type: ticks that ran only that type, their jobs and time. */
function byType(result: DriveResult) {
  const types = new Map<string, { jobs: number; ms: number; ticks: number }>();
  for (const t of result.perTick) {
    const names = Object.keys(t.jobTypes);
    if (names.length !== 1) continue;
    const entry = types.get(names[0]!) ?? { jobs: 0, ms: 0, ticks: 0 };
    entry.jobs += t.succeeded;
    entry.ms += t.ms;
    entry.ticks += 1;
    types.set(names[0]!, entry);
  }
  return [...types.entries()].map(([type, v]) => ({ type, ...v, jobsPerSecond: perSecond(v.jobs, v.ms) }));
}

async function checkOutcome(db: Db, population: Population): Promise<string> {
  const statuses = await db.booking.groupBy({ by: ["status"], _count: true });
  const counts = Object.fromEntries(statuses.map((s) => [s.status, s._count]));
  const expected = { paid_out: population.paid.length, expired: population.requested.length, cancelled: population.accepted.length };
  if (JSON.stringify(counts, Object.keys(expected).sort()) !== JSON.stringify(expected, Object.keys(expected).sort())) {
    throw new Error(`lifecycle incomplete: ${JSON.stringify(counts)}, expected ${JSON.stringify(expected)}`);
  }
  const [money] = await db.$queryRaw<Array<{ unbalanced: number }>>`
    SELECT count(*)::int AS unbalanced FROM (
      SELECT booking_id, sum(CASE kind WHEN 'charge' THEN amount_minor ELSE -amount_minor END) AS held
      FROM ledger_entries GROUP BY booking_id) b WHERE held <> 0`;
  if (money!.unbalanced !== 0) throw new Error(`${money!.unbalanced} bookings still hold money`);
  return JSON.stringify(counts);
}

/** Every event delivered (and after how many attempts), or throws. */
async function deliveryOutcome(db: Db): Promise<string> {
  const rows = await db.$queryRaw<Array<{ status: string; attempts: number; n: number }>>`
    SELECT status::text AS status, attempts, count(*)::int AS n FROM webhook_deliveries GROUP BY 1, 2 ORDER BY 1, 2`;
  const [events] = await db.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM events`;
  const summary = rows.map((r) => `${r.n} ${r.status} after ${r.attempts} attempt(s)`).join(", ");
  const delivered = rows.filter((r) => r.status === "delivered").reduce((n, r) => n + r.n, 0);
  if (delivered !== rows.reduce((n, r) => n + r.n, 0) || delivered !== events!.n) throw new Error(`deliveries: ${summary} for ${events!.n} events`);
  return summary;
}

/** Each delivery attempt is one POST to the receiver. */
async function postsSent(db: Db): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM webhook_attempts`;
  return row!.n;
}

/** CPU ms per marketplace job of each process over the drive (and the receiver's per POST). */
function cpuTable(runs: DriveResult[], posts: number): string[] {
  const perJob = (ms: number, jobs: number) => (Number.isFinite(ms) ? (ms / jobs).toFixed(3) : "n/a");
  return [
    "CPU per marketplace job over the timed drive, ms (bench/lib/process-cpu.ts; /proc counts in 10 ms ticks):",
    "",
    "| run | ticks (this process) | server, all | of which the database's backends | receiver | together | receiver per POST |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...runs.map(({ label, jobs, cpu }) => {
      const receiver = Number.isFinite(cpu.otherMs) ? cpu.otherMs : 0;
      const together = cpu.benchMs + cpu.serverMs + receiver;
      const perPost = Number.isFinite(cpu.otherMs) && posts > 0 ? `${(cpu.otherMs / posts).toFixed(3)} (${posts} POSTs)` : "–";
      return `| ${label} | ${perJob(cpu.benchMs, jobs)} | ${perJob(cpu.serverMs, jobs)} | ${perJob(cpu.backendsMs, jobs)} | ${Number.isFinite(cpu.otherMs) ? perJob(cpu.otherMs, jobs) : "–"} | ${perJob(together, jobs)} | ${perPost} |`;
    }),
    "",
  ];
}

const outPath = args.out ?? path.join(repoDir, "bench", "results", `lifecycle-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);

async function main(): Promise<void> {
  const startedAt = new Date();
  await mkdir(path.dirname(outPath), { recursive: true });
  if (args.profile && process.env.DATABASE_URL) throw new Error("--profile needs the embedded server (it loads pg_stat_statements)");
  const server = await startServer(log, args.profile ? ["shared_preload_libraries=pg_stat_statements", "pg_stat_statements.track=all"] : []);
  try {
    const settings = await serverSettings(server);
    log(`${settings.version.split(",")[0]}; ${bookings} bookings; ${concurrency} lanes; ${tickInstants().length} tick instants; webhooks ${args.webhooks ? "on" : "off"}`);

    // 1. Real handlers.
    const realUrl = await freshDatabase(server, "duly_bench_lifecycle");
    await migrate(realUrl);
    const realDb = createDb(realUrl, { poolSize: concurrency + 2, preparedStatements: true });
    const marketCatalogue = createCatalogue(args.webhooks ? [...marketplaceJobs, deliverWebhookJob] : marketplaceJobs);
    const receiver = args.webhooks ? await startReceiverProcess() : undefined;
    let real: DriveResult;
    let outcome: string;
    let profile = "";
    let cpuProfileSummary = "";
    let posts = 0;
    try {
      const population = await loadPopulation(realDb);
      await scheduleDeadlines(realDb, marketCatalogue, population);
      if (receiver) {
        setWebhookOptions({ allowPrivate: true, timeoutMs: 10_000 });
        await createEndpoint(realDb, "platform", { url: receiver.url, eventTypes: ["*"] }, t0);
        log(`webhooks on: one platform endpoint for every event at ${receiver.url}`);
      }
      log(`loaded: ${population.paid.length} paid, ${population.requested.length} requested, ${population.accepted.length} accepted`);
      if (args.profile) {
        await withClient(realUrl, (client) => client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements"));
      }
      const { cpuProfile, ...measured } = await drive("marketplace", realDb, realUrl, marketCatalogue, {
        postmasterPid: server.postmasterPid, receiverPid: receiver?.child.pid, profile: args.profile, cpuProfile: args["cpu-prof"],
      });
      real = measured;
      if (args.profile) profile = await readProfile(realUrl, real.jobs);
      if (cpuProfile) cpuProfileSummary = await writeCpuProfile(outPath.replace(/\.json$/, ".cpuprofile"), cpuProfile, real.jobs);
      if (receiver) posts = await postsSent(realDb);
      outcome = await checkOutcome(realDb, population);
      if (receiver) outcome += `; deliveries ${await deliveryOutcome(realDb)}`;
      log(`marketplace: ${real.jobs} jobs in ${fmt(real.totalMs / 1000)} s over ${real.ticks} ticks; outcome ${outcome}`);
    } finally {
      receiver?.child.kill();
      await realDb.$disconnect();
    }

    // 2. The no-op drain of the same run: as many demo.ping jobs, due at the same instants.
    const noopUrl = await freshDatabase(server, "duly_bench_lifecycle_noop");
    await migrate(noopUrl);
    const noopDb = createDb(noopUrl, { poolSize: concurrency + 2, preparedStatements: true });
    let noop: DriveResult;
    try {
      const dueAt = real.perTick.flatMap((t) => Array.from({ length: t.succeeded - (t.jobTypes[deliveryType] ?? 0) }, () => new Date(t.at)));
      for (let i = 0; i < dueAt.length; i += 5000) {
        const inputs = dueAt.slice(i, i + 5000).map((runAt) => ({ runAt, payload: {} }));
        await noopDb.$transaction((tx) => scheduleMany(tx, demoPing, inputs), { timeout: 120_000 });
      }
      noop = await drive("no-op", noopDb, noopUrl, createCatalogue([demoPing]), { postmasterPid: server.postmasterPid });
      log(`no-op: ${noop.jobs} jobs in ${fmt(noop.totalMs / 1000)} s`);
    } finally {
      await noopDb.$disconnect();
    }

    const rows = [real, noop].map((r) => ({
      run: r.deliveries > 0 ? `${r.label} (+ ${r.deliveries} webhook jobs)` : r.label, jobs: r.jobs, ticks: `${r.ticksThatRan} of ${r.ticks}`, seconds: fmt(r.totalMs / 1000),
      jobsPerSecond: fmt(perSecond(r.jobs, r.totalMs)), walBytesPerJob: fmt(r.walBytes / r.jobs, 0), othersBusy: `${Math.round(r.othersBusy * 100)}%`,
    }));
    const types = byType(real);
    const md = [
      `# Marketplace lifecycle bench ${startedAt.toISOString()}`,
      "",
      `${bookings} bookings (80 % paid, 10 % requested, 10 % accepted at t0), ${concurrency} lanes per tick, ticks in drain mode at each instant a job falls due. ` +
        `Server: ${server.label}, ${settings.version.split(",")[0]}. Machine: ${machineInfo().cpus} CPUs. Outcome: ${outcome}.`,
      "",
      "| run | jobs | ticks that ran / ticks | seconds in ticks | jobs/s | WAL bytes/job | others' CPU during |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...rows.map((r) => `| ${r.run} | ${r.jobs} | ${r.ticks} | ${r.seconds} | ${r.jobsPerSecond} | ${r.walBytesPerJob} | ${r.othersBusy} |`),
      "",
      "Per job type (ticks that ran only that type):",
      "",
      "| job type | jobs | ticks | seconds | jobs/s |",
      "| --- | ---: | ---: | ---: | ---: |",
      ...types.map((t) => `| ${t.type} | ${t.jobs} | ${t.ticks} | ${fmt(t.ms / 1000)} | ${fmt(t.jobsPerSecond)} |`),
      "",
      ...cpuTable([real, noop], posts),
      ...(profile ? [profile] : []),
      ...(cpuProfileSummary ? [cpuProfileSummary] : []),
    ].join("\n");
    console.log(md);
    const out = outPath;
    await writeFile(out, JSON.stringify({ startedAt, bookings, concurrency, webhooks: args.webhooks, posts, server: { label: server.label, ...settings }, machine: machineInfo(), real, noop, types }, null, 2));
    await writeFile(out.replace(/\.json$/, ".md"), md);
    log(`wrote ${path.relative(repoDir, out)} and .md`);
  } finally {
    await server.stop();
  }
}

await main();
