// The backlog drain for bench/dashboard.ts, in a process of its own (its own CPU time, its own
// connections, as a cron-triggered tick would be): ticks in drain mode, back to back, with the
// deployed catalogue, and records each one as the cron route does (so the overview shows a live
// last tick). It keeps the backlog from running out: whenever fewer than `--low` of the due
// demo.ping jobs it inserted remain unclaimed, it inserts `--refill` more, due a minute ago.
//
// Prints one JSON line per tick ({ claimed, succeeded, durationMs, remaining, refilled }) and
// a last one ({ done: true, ... totals }) when it gets SIGTERM; it ends after the tick under way.
import { parseArgs } from "node:util";
import { createDb } from "../../lib/db/client.ts";
import { recordTick, tick } from "../../lib/scheduler/index.ts";
import { catalogue } from "../../jobs/index.ts";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    initial: { type: "string", default: "100000" },
    low: { type: "string", default: "20000" },
    refill: { type: "string", default: "50000" },
    concurrency: { type: "string", default: "4" },
    budget: { type: "string", default: "5000" },
    "max-seconds": { type: "string", default: "900" },
  },
});
if (!args.url) throw new Error("--url is required");
const db = createDb(args.url, { poolSize: Number(args.concurrency) + 2, applicationName: "duly-bench-ticker" });

let stopping = false;
process.on("SIGTERM", () => (stopping = true));
// Never outlive the bench: stop when the parent is gone (re-parented) or after --max-seconds.
const parent = process.ppid;
const endBy = Date.now() + Number(args["max-seconds"]) * 1000;
const shouldStop = () => stopping || process.ppid !== parent || Date.now() > endBy;

let batch = 0;
/** Inserts `count` due demo.ping jobs (keys backlog:<batch>:<n>, so a refill never collides). */
async function insertBacklog(count: number): Promise<void> {
  batch += 1;
  await db.$executeRaw`
    INSERT INTO scheduled_jobs (job_type, key, run_at, status, payload, subject_type, subject_id)
    SELECT 'demo.ping', 'backlog:' || ${batch}::int || ':' || g, now() - interval '1 minute', 'pending', '{"note":"backlog"}'::jsonb, 'booking', (g % 1000)::text
    FROM generate_series(1, ${count}::int) g`;
}

const totals = { ticks: 0, claimed: 0, succeeded: 0, inserted: 0, refills: 0, tickMs: 0, errors: 0 };
await insertBacklog(Number(args.initial));
totals.inserted += Number(args.initial);
console.log(JSON.stringify({ ready: true, inserted: totals.inserted }));
while (!shouldStop()) {
  const summary = await tick({ db, catalogue, budgetMs: Number(args.budget), mode: "drain", concurrency: Number(args.concurrency) });
  if (summary.status !== "unavailable") await recordTick(db, summary);
  totals.ticks += 1;
  totals.claimed += summary.claimed;
  totals.succeeded += summary.succeeded;
  totals.tickMs += summary.durationMs;
  totals.errors += summary.errors.length;
  let refilled = 0;
  if (totals.inserted - totals.claimed < Number(args.low)) {
    refilled = Number(args.refill);
    await insertBacklog(refilled);
    totals.inserted += refilled;
    totals.refills += 1;
  }
  console.log(JSON.stringify({ claimed: summary.claimed, succeeded: summary.succeeded, durationMs: summary.durationMs, status: summary.status, remaining: totals.inserted - totals.claimed, refilled, errors: summary.errors.slice(0, 2) }));
}
console.log(JSON.stringify({ done: true, ...totals }));
await db.$disconnect();
