// The floor under any claim-then-complete queue on this server: Debian's pgbench, one client,
// each transaction of the script claims 100 due rows of Duly's own table with SKIP LOCKED and
// then marks them done: two commits per 100 jobs and nothing else (no run records, no
// handler, no savepoints). Skipped, with the reason, when pgbench is not installed.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { migrate } from "../../lib/db/migrate.ts";
import { load1 } from "../lib/machine.ts";
import { checkpoint, withClient } from "../lib/server.ts";

const execFileAsync = promisify(execFile);

const script = `
WITH due AS (
  SELECT id FROM scheduled_jobs WHERE status = 'pending' AND run_at <= now()
  ORDER BY run_at, id LIMIT 100 FOR UPDATE SKIP LOCKED
)
UPDATE scheduled_jobs j SET status = 'running', attempts = j.attempts + 1, locked_by = 'c' || :client_id,
  lease_expires_at = now() + interval '30 seconds', updated_at = now()
FROM due WHERE j.id = due.id;
UPDATE scheduled_jobs SET status = 'succeeded', finished_at = now(), lease_expires_at = NULL, updated_at = now()
WHERE status = 'running' AND locked_by = 'c' || :client_id;
`;

export interface PgbenchResult {
  version: string;
  rowsPerSec: number;
  jobs: number;
  load1: number;
  otherCpuBusy?: number;
  otherCpuDuring?: number;
}

export async function pgbenchAvailable(): Promise<string | null> {
  try {
    const { stdout } = await execFileAsync("pgbench", ["--version"]);
    return stdout.trim();
  } catch {
    return null;
  }
}

export async function pgbenchCeiling(url: string, jobs: number): Promise<PgbenchResult> {
  const version = await pgbenchAvailable();
  if (!version) throw new Error("pgbench is not installed");
  await migrate(url);
  await withClient(url, async (client) => {
    await client.query(
      `INSERT INTO scheduled_jobs (job_type, run_at, payload) SELECT 'demo.ping', now() - interval '1 second', '{}' FROM generate_series(1, $1::int)`,
      [jobs],
    );
    await client.query("VACUUM ANALYZE scheduled_jobs");
  });
  await checkpoint(url);
  const dir = await mkdtemp(path.join(tmpdir(), "duly-pgbench-"));
  try {
    const file = path.join(dir, "claim-complete.sql");
    await writeFile(file, script);
    const load = load1();
    const transactions = Math.ceil(jobs / 100);
    const { stdout } = await execFileAsync("pgbench", ["-n", "-M", "prepared", "-c", "1", "-j", "1", "-t", String(transactions), "-f", file, url]);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    if (!tps) throw new Error(`could not read pgbench's tps:\n${stdout}`);
    const done = await withClient(url, async (client) => Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM scheduled_jobs WHERE status = 'succeeded'")).rows[0]!.n));
    if (done !== jobs) throw new Error(`pgbench completed ${done} of ${jobs} rows`);
    return { version, rowsPerSec: Number(tps[1]) * 100, jobs, load1: load };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
