// Hostile: issue 5 item 7 with eight processes instead of two. Eight staying ticks in processes
// of their own (pool 4, concurrency 4: the defaults), started 400 ms apart, real time, 240 jobs
// of 300 ms with a 1.5 s lease and one attempt. Required by the issue: 0 lease_lost and no
// extra attempt for healthy handlers under overlapping ticks. Observed on this 2-core machine:
// 96-149 of 240 jobs dead with "the worker stopped before finishing", their handler never run
// (lease_lost), and handlers starting with as little as -9 s of lease left by PostgreSQL's clock
// (the ticks' clocks run behind: late-first-housekeeping-keeps-whole-lease.test.ts). The machine was loaded (load
// average 13-16 on 2 cores, other engineers included): event-loop stalls of seconds are the
// condition. Two processes: 0 lease_lost; four: 47.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";
import { createEffectTables } from "../../fixtures/test-jobs.ts";
import { hostileSlowJob } from "../../fixtures/hostile-jobs.ts";
import { scheduleMany } from "../../../lib/scheduler/index.ts";

const database = useTestDatabase();
const processes = Number(process.env.HOSTILE_PROCESSES ?? 8);
const script = fileURLToPath(new URL("../../fixtures/hostile-stay-process.ts", import.meta.url));

function stayProcess(url: string, startAt: number, budgetMs: number): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", script, url, String(startAt), String(budgetMs)], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  child.stdout!.resume();
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr }))); // close: stderr read to its end
}

beforeEach(async () => {
  const { db } = database;
  await createEffectTables(db);
  await emptyTables(db, ["scheduled_jobs", "job_runs", "test_executions"]);
});

describe("eight overlapping staying processes, short leases, real time", () => {
  it("run 240 healthy jobs once each: none dead, no lease lost, one attempt each", async () => {
    const { db, url } = database;
    const [{ now }] = await db.$queryRaw<Array<{ now: Date }>>`SELECT clock_timestamp() AS now`;
    await db.$transaction((tx) => scheduleMany(tx, hostileSlowJob, Array.from({ length: 240 }, (_, i) => ({ runAt: new Date(now.getTime() - 1000 + i), payload: {} }))));
    const base = Date.now() + Number(process.env.HOSTILE_HEAD_START_MS ?? 8_000); // every process has loaded by then
    const exits = await Promise.all(Array.from({ length: processes }, (_, i) => stayProcess(url, base + i * 400, 6_000)));
    expect(exits.map((e) => e.code), exits.map((e) => e.stderr).join("\n")).toEqual(Array(processes).fill(0));

    const runs = await db.$queryRaw<Array<{ outcome: string; n: bigint }>>`
      SELECT outcome::text AS outcome, count(*) AS n FROM job_runs GROUP BY 1 ORDER BY 1`;
    // Dead without having run: recovered as "the worker stopped" while its tick was alive and
    // the handler never started. (A handler that started and was slowed past its lease by the
    // load, LeaseTimeoutError, did run: its attempt was spent by overrunning, as designed.)
    const [never] = await db.$queryRaw<Array<{ n: bigint }>>`
      SELECT count(*) AS n FROM scheduled_jobs j
      WHERE status = 'dead' AND NOT EXISTS (SELECT 1 FROM test_executions e WHERE e.job_id = j.id)
        AND NOT EXISTS (SELECT 1 FROM job_runs r WHERE r.job_id = j.id AND r.error LIKE 'LeaseTimeoutError:%')`;
    const [lease] = await db.$queryRaw<Array<{ min: number; negative: bigint }>>`
      SELECT min(pid) AS min, count(*) FILTER (WHERE pid < 0) AS negative FROM test_executions`;
    console.log(JSON.stringify({ runs: runs.map((r) => `${r.outcome}:${r.n}`), deadNeverRan: Number(never!.n), leaseAtStart: { min: lease!.min, negative: Number(lease!.negative) } }));
    // A handler the load slowed past its lease may fail ('dead' runs); no job may be taken from a
    // live tick before its handler started (lease_lost) nor end dead without having run.
    if (process.env.HOSTILE_DEBUG) {
      const detail = await db.$queryRaw<Array<Record<string, unknown>>>`
        SELECT j.id, j.status::text, j.attempts, j.locked_by, j.last_error, r.tick_id, r.started_at, r.finished_at, r.outcome::text, r.error
        FROM scheduled_jobs j JOIN job_runs r ON r.job_id = j.id WHERE j.status = 'dead' ORDER BY j.id LIMIT 5`;
      console.log(JSON.stringify(detail, (_, v) => (typeof v === "bigint" ? Number(v) : v), 1));
    }
    const leaseLost = Number(runs.find((r) => r.outcome === "lease_lost")?.n ?? 0n);
    expect({ leaseLost, deadNeverRan: Number(never!.n) }).toEqual({ leaseLost: 0, deadNeverRan: 0 });
  }, 90_000);
});
