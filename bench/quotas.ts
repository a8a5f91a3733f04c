// npm run bench:quotas — the monthly reset sweep over 1,000,000 due accounts: Duly's set-based
// sweep (lib/quotas/reset-due-accounts.ts) against the seed's row-by-row loop (read each
// account, compare dates, save it; here in TypeScript through Prisma, doing the same work:
// allowances, dates, a reset record), on the same table in the same run; and what a sweep costs
// when nothing is due. Never part of the tests. bench/RESULTS.md ("Quota resets") explains it.
//
// The loop over 1M rows would take the better part of an hour, so it runs on a sample (the
// first --sample accounts, 20,000 by default) and its per-row cost is extrapolated to 1M; the
// report says so. The sample is then put back as it was and the set-based sweep resets all 1M.
//
// Options: --accounts N (1000000), --sample N (20000), --batch N (10000: accounts per
// statement), --noop-runs N (200), --out PATH, --pg name=value (repeatable: a setting of the
// embedded server, e.g. --pg shared_buffers=1GB; reported with the results). Server:
// DATABASE_URL's (a database duly_quotas_bench is created and dropped there), else a throwaway
// embedded PostgreSQL.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { createDb, type Db } from "../lib/db/client.ts";
import { migrate } from "../lib/db/migrate.ts";
import { cycleOnOrBefore, localDateOf, nextCycleAfter, plans, resetDueAccounts } from "../lib/quotas/index.ts";
import { resetBatchStatement } from "../lib/quotas/reset-due-accounts.ts";
import { localMidnight } from "../tests/helpers/quota-calendar.ts";
import { benchDir } from "./lib/deps.ts";
import { cpuBusy, cpuSecondsOf, load1, machineInfo, startCpuMeter } from "./lib/machine.ts";
import { checkpoint, dropDatabase, freshDatabase, serverSettings, startServer, withClient } from "./lib/server.ts";
import { fmt, median, p95 } from "./lib/stats.ts";

const log = (line: string) => console.log(`[bench:quotas] ${line}`);
const { values: args } = parseArgs({
  options: {
    accounts: { type: "string", default: "1000000" },
    sample: { type: "string", default: "20000" },
    batch: { type: "string", default: "10000" },
    "noop-runs": { type: "string", default: "200" },
    out: { type: "string" },
    pg: { type: "string", multiple: true },
  },
});
const accounts = Number(args.accounts);
const sample = Math.min(Number(args.sample), accounts);
const batchSize = Number(args.batch);
const noopRuns = Number(args["noop-runs"]);

// The sweep's instant: noon UTC on Dec 1, when every account below is due in its own zone.
const now = new Date("2026-12-01T12:00:00Z");
const zones = ["UTC", "America/New_York", "America/Los_Angeles", "Europe/Berlin", "Asia/Kolkata", "Asia/Tokyo", "Pacific/Auckland", "Pacific/Kiritimati"];

/**
 * `count` accounts, all due at `now`: anchors on Oct 1-30 2026, so their reset of Nov 1-30 is
 * still pending (as after a month without sweeps); plans and zones spread evenly; allowances used up.
 */
async function fill(db: Db, count: number): Promise<void> {
  await db.$executeRaw`
    INSERT INTO quota_accounts (name, plan, pages, questions, questions_gpt4, documents, anchor_on, time_zone, next_reset_on, next_reset_at)
    SELECT 'account ' || g, (ARRAY['free', 'pro', 'business']::quota_plan[])[1 + g % 3], 0, 0, 0, 0,
           anchor, zone, (anchor + interval '1 month')::date, quota_local_day_start((anchor + interval '1 month')::date, zone)
      FROM generate_series(1, ${count}::int) g
      CROSS JOIN LATERAL (SELECT date '2026-10-01' + (g % 30) AS anchor, (${zones}::text[])[1 + g % ${zones.length}::int] AS zone) x`;
  await withClient(urlOf(db), (client) => client.query("VACUUM ANALYZE quota_accounts"));
}

let databaseUrl = "";
const urlOf = (_db: Db) => databaseUrl;

async function countDue(db: Db): Promise<number> {
  const [{ due }] = await db.$queryRaw<Array<{ due: number }>>`
    SELECT count(*)::int AS due FROM quota_accounts WHERE next_reset_on <= (${now}::timestamptz AT TIME ZONE time_zone)::date`;
  return due;
}

/**
 * The seed's loop, in TypeScript: read every account (here: the sample, in pages as a queryset
 * iterates), decide in code whether it is due in its zone, and save each due one with its reset
 * record: two statements per account, as Django's save() and a create() would send.
 */
async function rowByRowLoop(db: Db, lastId: number): Promise<{ read: number; reset: number }> {
  let read = 0;
  let reset = 0;
  for (let from = 0; from < lastId; from += 2_000) {
    const page = await db.quotaAccount.findMany({ where: { id: { gt: from, lte: Math.min(from + 2_000, lastId) } }, orderBy: { id: "asc" } });
    for (const account of page) {
      read++;
      const anchor = account.anchorOn.toISOString().slice(0, 10);
      const today = localDateOf(now, account.timeZone);
      if (account.nextResetOn.toISOString().slice(0, 10) > today) continue;
      const plan = plans[account.nextPlan ?? account.plan];
      const next = nextCycleAfter(anchor, today).date;
      await db.quotaAccount.update({
        where: { id: account.id },
        data: {
          plan: account.nextPlan ?? account.plan, nextPlan: null,
          pages: plan.pages, questions: plan.questions, questionsGpt4: plan.questionsGpt4, documents: plan.documents,
          restoredOn: new Date(`${today}T00:00:00Z`), nextResetOn: new Date(`${next}T00:00:00Z`),
          nextResetAt: localMidnight(next, account.timeZone), updatedAt: now,
        },
      });
      await db.quotaReset.create({
        data: {
          accountId: account.id, cycleOn: new Date(`${cycleOnOrBefore(anchor, today)!.date}T00:00:00Z`), dueOn: account.nextResetOn,
          restoredOn: new Date(`${today}T00:00:00Z`), resetAt: now, plan: account.nextPlan ?? account.plan, sweptBy: "row-by-row loop",
        },
      });
      reset++;
    }
  }
  return { read, reset };
}

async function machineNow(what: string) {
  const busy = await cpuBusy(1000);
  const state = { load1: load1(), othersBusy: busy };
  log(`  machine before ${what}: load ${fmt(state.load1, 2)}, CPUs ${fmt(busy * 100, 0)}% busy with other work`);
  return state;
}

const server = await startServer(log, args.pg ?? []);
const dbName = "duly_quotas_bench";
try {
  databaseUrl = await freshDatabase(server, dbName);
  await migrate(databaseUrl);
  const db = createDb(databaseUrl, { poolSize: 4, preparedStatements: true });
  try {
    log(`filling ${accounts.toLocaleString("en")} due accounts`);
    let started = performance.now();
    await fill(db, accounts);
    log(`  filled in ${fmt((performance.now() - started) / 1000)} s; due at ${now.toISOString()}: ${(await countDue(db)).toLocaleString("en")}`);

    // 1. The seed's row-by-row loop on the sample.
    await withClient(databaseUrl, (c) => c.query(`CREATE TABLE bench_sample AS SELECT id, next_reset_on, next_reset_at FROM quota_accounts WHERE id <= ${sample}`));
    await checkpoint(databaseUrl);
    const loopMachine = await machineNow("the loop");
    started = performance.now();
    const loop = await rowByRowLoop(db, sample);
    const loopMs = performance.now() - started;
    if (loop.reset !== sample) throw new Error(`the loop reset ${loop.reset} of ${sample} sampled accounts`);
    const loopPerRowMs = loopMs / sample;
    log(`  row-by-row loop: ${sample.toLocaleString("en")} accounts in ${fmt(loopMs / 1000, 2)} s = ${fmt(loopPerRowMs * 1000, 0)} µs per account; extrapolated to ${accounts.toLocaleString("en")}: ${fmt((loopPerRowMs * accounts) / 1000, 0)} s`);

    // Put the sample back as it was: due again, no reset records.
    await withClient(databaseUrl, async (c) => {
      await c.query(`UPDATE quota_accounts a SET next_reset_on = s.next_reset_on, next_reset_at = s.next_reset_at, restored_on = NULL,
                            pages = 0, questions = 0, questions_gpt4 = 0, documents = 0 FROM bench_sample s WHERE a.id = s.id`);
      await c.query("TRUNCATE quota_resets");
      await c.query("DROP TABLE bench_sample");
      await c.query("VACUUM ANALYZE quota_accounts");
    });
    const due = await countDue(db);
    if (due !== accounts) throw new Error(`expected all ${accounts} accounts due again, found ${due}`);

    // Where a batch's time goes: EXPLAIN (ANALYZE, BUFFERS, WAL) of one batch through the index
    // and one batch of the walk, on the full table, each rolled back (nothing is reset).
    const batchPlans: Record<string, string[]> = {};
    for (const kind of ["index", "walk"] as const) {
      const sql = resetBatchStatement(kind, { now, sweptBy: "explain", batchSize });
      batchPlans[kind] = await withClient(databaseUrl, async (c) => {
        await c.query("BEGIN");
        try {
          return (await c.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS, WAL, COSTS OFF) ${sql.text}`, sql.values)).rows.map((r) => r["QUERY PLAN"]);
        } finally {
          await c.query("ROLLBACK");
        }
      });
      log(`  one ${kind} batch of ${batchSize.toLocaleString("en")} (EXPLAIN ANALYZE, rolled back):`);
      for (const line of batchPlans[kind]!) log(`    ${line}`);
    }
    await withClient(databaseUrl, (c) => c.query("VACUUM ANALYZE quota_accounts"));

    // 2. Duly's set-based sweep over all of them.
    await checkpoint(databaseUrl);
    const sweepMachine = await machineNow("the sweep");
    // What the server itself spent (all its processes: the backend, WAL writer, checkpointer):
    // unlike the wall time, this hardly depends on how busy others keep the CPUs.
    const serverCpuBefore = await cpuSecondsOf(server.postmasterPid);
    const othersMeter = await startCpuMeter(server.postmasterPid);
    started = performance.now();
    const sweep = await resetDueAccounts(db, { now, sweptBy: "bench", batchSize });
    const sweepMs = performance.now() - started;
    const serverCpuS = (await cpuSecondsOf(server.postmasterPid)) - serverCpuBefore;
    const othersDuringSweep = await othersMeter.stop();
    log(`  during the sweep: PostgreSQL used ${fmt(serverCpuS, 1)} s of CPU; other processes kept the CPUs ${fmt(othersDuringSweep * 100, 0)}% busy`);
    if (sweep.reset !== accounts) throw new Error(`the sweep reset ${sweep.reset} of ${accounts}`);
    const [{ records, distinct }] = await db.$queryRaw<Array<{ records: number; distinct: number }>>`
      SELECT count(*)::int AS records, count(DISTINCT account_id)::int AS distinct FROM quota_resets`;
    if (records !== accounts || distinct !== accounts) throw new Error(`reset records: ${records} for ${distinct} accounts`);
    log(`  set-based sweep: ${accounts.toLocaleString("en")} accounts in ${sweep.batches} batches of ${batchSize.toLocaleString("en")}: ${fmt(sweepMs / 1000, 2)} s (${fmt((sweepMs * 1000) / accounts, 1)} µs per account)`);
    const ratio = (loopPerRowMs * accounts) / sweepMs;
    log(`  ratio: the loop (extrapolated) takes ${fmt(ratio, 0)}x as long`);

    // The same no-op straight after the catch-up, before any VACUUM of ours: the old versions'
    // index entries are still there (autovacuum may have removed some), and each sweep steps over them.
    const beforeVacuumMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await resetDueAccounts(db, { now, sweptBy: "no-op" });
      beforeVacuumMs.push(performance.now() - t);
    }
    log(`  no-op sweep right after the catch-up, before VACUUM: median ${fmt(median(beforeVacuumMs), 2)} ms, max ${fmt(Math.max(...beforeVacuumMs), 2)} ms (20 runs)`);

    // 3. The sweep when nothing is due: 1M accounts, every reset in the future, once vacuum has
    // removed the old versions' index entries (INDEX_CLEANUP ON: a VACUUM that finds dead items
    // on under 2% of the pages, as after an autovacuum during the sweep, otherwise leaves their
    // index entries, and a sweep then reads them; bench/RESULTS.md).
    await withClient(databaseUrl, (c) => c.query("VACUUM (ANALYZE, INDEX_CLEANUP ON) quota_accounts"));
    if ((await countDue(db)) !== 0) throw new Error("accounts still due after the sweep");
    const noopMachine = await machineNow("the no-op sweeps");
    for (let i = 0; i < 5; i++) await resetDueAccounts(db, { now, sweptBy: "warm-up" }); // the named statement's plan
    const noopMs: number[] = [];
    for (let i = 0; i < noopRuns; i++) {
      const t = performance.now();
      const result = await resetDueAccounts(db, { now, sweptBy: "no-op" });
      noopMs.push(performance.now() - t);
      if (result.reset !== 0) throw new Error("a no-op sweep reset something");
    }
    const plan = await withClient(databaseUrl, async (c) =>
      (await c.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT id FROM quota_accounts
          WHERE next_reset_at <= $1::timestamptz AND next_reset_on <= ($1::timestamptz AT TIME ZONE time_zone)::date
          ORDER BY next_reset_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`, [now.toISOString()],
      )).rows.map((r) => r["QUERY PLAN"]));
    log(`  no-op sweep over ${accounts.toLocaleString("en")} accounts, none due: median ${fmt(median(noopMs), 2)} ms, p95 ${fmt(p95(noopMs), 2)} ms (${noopRuns} runs, round trip included)`);
    for (const line of plan) log(`    ${line}`);

    const run = {
      at: new Date().toISOString(),
      machine: machineInfo(),
      server: { label: server.label, ...(await serverSettings(server)) },
      accounts, sample, batchSize, now: now.toISOString(),
      loop: { sampled: sample, ms: loopMs, perAccountMs: loopPerRowMs, extrapolatedMs: loopPerRowMs * accounts, machine: loopMachine },
      sweep: { ms: sweepMs, batches: sweep.batches, perAccountUs: (sweepMs * 1000) / accounts, machine: sweepMachine, serverCpuS, othersBusyDuring: othersDuringSweep, batchPlans },
      ratio,
      noopBeforeVacuum: { runs: beforeVacuumMs.length, medianMs: median(beforeVacuumMs), maxMs: Math.max(...beforeVacuumMs) },
      noop: { runs: noopRuns, medianMs: median(noopMs), p95Ms: p95(noopMs), maxMs: Math.max(...noopMs), plan, machine: noopMachine },
      goals: { sweepUnder30s: sweepMs < 30_000, atLeast50x: ratio >= 50, noopUnder5ms: median(noopMs) < 5 },
    };
    const out = args.out ?? path.join(benchDir, "results", `quotas-${run.at.replace(/[:.]/g, "-")}.json`);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(run, null, 2)}\n`);
    log(`goals: 1M in < 30 s: ${run.goals.sweepUnder30s ? "yes" : "NO"}; >= 50x the loop: ${run.goals.atLeast50x ? "yes" : "NO"}; no-op < 5 ms: ${run.goals.noopUnder5ms ? "yes" : "NO"}`);
    log(`raw results: ${path.relative(process.cwd(), out)}`);
  } finally {
    await db.$disconnect();
  }
} finally {
  await dropDatabase(server, dbName).catch(() => undefined);
  await server.stop();
}
