// Opt-in measurement of what a test file costs the database server (DULY_TEST_DB_COST=<file.jsonl>):
// when a test database is dropped (tests/helpers/database.ts), one JSON line with the file that
// made it and what PostgreSQL counted for that database: active_time (ms spent executing
// statements, lock waits included), transactions, tuples and buffer reads; the test worker's own
// CPU over the file; and, where the server's backends are this machine's processes, the CPU those
// backends used, sampled from /proc (a backend that lived under one sampling interval is missed).
// Unset, none of this runs. scripts/db-cost-report.ts ranks the lines.
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { expect } from "vitest";
import { withClient } from "../setup/global-database.ts";

const outputFile = process.env.DULY_TEST_DB_COST;

export interface CostProbe {
  /** Called just before DROP DATABASE, with nobody else connected: reads and appends the line. */
  record(adminUrl: string): Promise<void>;
}

/** What /proc/<pid>/stat says a process used, in seconds (utime + stime). */
function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) in parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/** Backends of `database` on this machine: their process title names the database. */
function backendPids(database: string): number[] {
  const pids: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return pids;
  }
  const needle = ` ${database} `;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.startsWith("postgres: ") && cmdline.includes(needle)) pids.push(Number(entry));
    } catch {
      // Exited meanwhile.
    }
  }
  return pids;
}

/** Starts measuring a database just created for the current test file; undefined when not asked to. */
export function startCostProbe(database: string): CostProbe | undefined {
  if (!outputFile) return undefined;
  const file = expect.getState().testPath ?? "unknown";
  const startedAt = performance.now();
  const cpuAtStart = process.cpuUsage();
  // Last CPU seen per backend: sampled, since a backend's CPU is readable only while it lives.
  const backendCpu = new Map<number, number>();
  const sample = () => {
    for (const pid of backendPids(database)) {
      const seconds = processCpuSeconds(pid);
      if (seconds !== undefined) backendCpu.set(pid, seconds);
    }
  };
  const sampler = setInterval(sample, 200);
  sampler.unref();
  return {
    async record(adminUrl) {
      sample();
      clearInterval(sampler);
      const cpu = process.cpuUsage(cpuAtStart);
      const stats = await withClient(adminUrl, async (client) => {
        // Backends write their counters when they exit: end whoever is still connected (DROP ...
        // WITH (FORCE) would anyway) and wait until they are gone before reading.
        await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [database]);
        for (let attempt = 0; attempt < 50; attempt++) {
          const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [database]);
          if (rows[0]!.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query("SELECT pg_stat_clear_snapshot()");
        const { rows } = await client.query(
          `SELECT xact_commit::int, xact_rollback::int, active_time::float AS active_ms, session_time::float AS session_ms,
                  sessions::int, blks_hit::bigint::float AS blks_hit, blks_read::bigint::float AS blks_read,
                  tup_returned::bigint::float AS tup_returned, tup_fetched::bigint::float AS tup_fetched,
                  tup_inserted::bigint::float AS tup_inserted, tup_updated::bigint::float AS tup_updated,
                  tup_deleted::bigint::float AS tup_deleted, temp_bytes::bigint::float AS temp_bytes
             FROM pg_stat_database WHERE datname = $1`,
          [database],
        );
        return rows[0] ?? null;
      });
      let backendCpuSeconds = 0;
      for (const seconds of backendCpu.values()) backendCpuSeconds += seconds;
      const line = {
        file,
        database,
        wallSeconds: (performance.now() - startedAt) / 1000,
        workerCpuSeconds: (cpu.user + cpu.system) / 1e6,
        backends: backendCpu.size,
        backendCpuSeconds,
        pooled: process.env.DULY_TEST_PGBOUNCER === "1",
        ...stats,
      };
      appendFileSync(outputFile, `${JSON.stringify(line)}\n`);
    },
  };
}
