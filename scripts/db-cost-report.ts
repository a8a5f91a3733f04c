// Ranks integration test files by what they cost PostgreSQL, from the lines a run wrote with
// DULY_TEST_DB_COST=<file.jsonl> (tests/helpers/database-cost.ts):
//
//   DULY_TEST_DB_COST=/tmp/cost.jsonl npx vitest run --project integration <files>
//   npx tsx scripts/db-cost-report.ts /tmp/cost.jsonl [--top 25] [--by active|backend-cpu|worker-cpu]
//
// A file that made several databases is summed over them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const Line = z.object({
  file: z.string(),
  wallSeconds: z.number(),
  workerCpuSeconds: z.number(),
  backendCpuSeconds: z.number(),
  active_ms: z.number().nullable().optional(),
  xact_commit: z.number().nullable().optional(),
  xact_rollback: z.number().nullable().optional(),
  tup_returned: z.number().nullable().optional(),
  tup_fetched: z.number().nullable().optional(),
  tup_inserted: z.number().nullable().optional(),
  tup_updated: z.number().nullable().optional(),
  tup_deleted: z.number().nullable().optional(),
  blks_hit: z.number().nullable().optional(),
  blks_read: z.number().nullable().optional(),
});

interface Row {
  file: string;
  databases: number;
  wall: number;
  workerCpu: number;
  backendCpu: number;
  activeMs: number;
  xacts: number;
  read: number;
  written: number;
  blocks: number;
}

const args = process.argv.slice(2);
const input = args.find((arg) => !arg.startsWith("--") && !/^\d+$/.test(arg) && !["active", "backend-cpu", "worker-cpu"].includes(arg));
if (!input) {
  console.error("usage: tsx scripts/db-cost-report.ts <cost.jsonl> [--top N] [--by active|backend-cpu|worker-cpu]");
  process.exit(2);
}
const top = Number(args[args.indexOf("--top") + 1]) || 25;
const by = args.includes("--by") ? args[args.indexOf("--by") + 1] : "active";

const rows = new Map<string, Row>();
for (const text of readFileSync(input, "utf8").split("\n")) {
  if (!text.trim()) continue;
  const line = Line.parse(JSON.parse(text));
  const file = path.relative(process.cwd(), line.file);
  const row = rows.get(file) ?? { file, databases: 0, wall: 0, workerCpu: 0, backendCpu: 0, activeMs: 0, xacts: 0, read: 0, written: 0, blocks: 0 };
  row.databases++;
  row.wall += line.wallSeconds;
  row.workerCpu += line.workerCpuSeconds;
  row.backendCpu += line.backendCpuSeconds;
  row.activeMs += line.active_ms ?? 0;
  row.xacts += (line.xact_commit ?? 0) + (line.xact_rollback ?? 0);
  row.read += (line.tup_returned ?? 0) + (line.tup_fetched ?? 0);
  row.written += (line.tup_inserted ?? 0) + (line.tup_updated ?? 0) + (line.tup_deleted ?? 0);
  row.blocks += (line.blks_hit ?? 0) + (line.blks_read ?? 0);
  rows.set(file, row);
}

const key = (row: Row) => (by === "backend-cpu" ? row.backendCpu : by === "worker-cpu" ? row.workerCpu : row.activeMs / 1000);
const all = [...rows.values()].sort((a, b) => key(b) - key(a));
const total = (pick: (row: Row) => number) => all.reduce((sum, row) => sum + pick(row), 0);
const totals = { active: total((row) => row.activeMs) / 1000, backend: total((row) => row.backendCpu), worker: total((row) => row.workerCpu) };

const k = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : String(Math.round(n)));
console.log(`| # | file | PG active s | share | backend CPU s | worker CPU s | wall s | xacts | tuples read | tuples written | blocks |`);
console.log(`|---|---|---|---|---|---|---|---|---|---|---|`);
let cumulative = 0;
all.slice(0, top).forEach((row, index) => {
  cumulative += key(row);
  console.log(
    `| ${index + 1} | ${row.file.replace(/^tests\/integration\//, "")} | ${(row.activeMs / 1000).toFixed(1)} | ${((100 * row.activeMs) / 1000 / totals.active).toFixed(1)}% | ` +
      `${row.backendCpu.toFixed(1)} | ${row.workerCpu.toFixed(1)} | ${row.wall.toFixed(0)} | ${k(row.xacts)} | ${k(row.read)} | ${k(row.written)} | ${k(row.blocks)} |`,
  );
});
const sortTotal = by === "backend-cpu" ? totals.backend : by === "worker-cpu" ? totals.worker : totals.active;
console.log(
  `\n${all.length} files; totals: PG active ${totals.active.toFixed(0)} s, backend CPU ${totals.backend.toFixed(0)} s, ` +
    `worker CPU ${totals.worker.toFixed(0)} s; the top ${Math.min(top, all.length)} by ${by}: ${((100 * cumulative) / sortTotal).toFixed(0)}%`,
);
