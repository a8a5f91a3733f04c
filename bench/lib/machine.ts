// What the machine was doing while we measured. Colleagues' test runs share these 2 cores, so
// before each timed run the bench looks at how busy the CPUs are while it is itself idle, waits
// (a bounded time) for a quiet moment, and records what it saw next to the measurement.
import { readdir, readFile } from "node:fs/promises";
import os from "node:os";

export function load1(): number {
  return os.loadavg()[0]!;
}

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

async function cpuTimes(): Promise<{ busy: number; total: number } | undefined> {
  const stat = await readFile("/proc/stat", "utf8").catch(() => undefined);
  const fields = stat?.split("\n")[0]?.trim().split(/\s+/).slice(1).map(Number);
  if (!fields || fields.length < 8) return undefined;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields as [number, number, number, number, number, number, number, number];
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/**
 * The fraction (0..1) of all CPUs busy over the next `ms` (Linux /proc/stat; NaN elsewhere).
 * Sampled while the bench itself does nothing, so it is other processes' load.
 */
export async function cpuBusy(ms = 1000): Promise<number> {
  const before = await cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = await cpuTimes();
  if (!before || !after || after.total === before.total) return Number.NaN;
  return (after.busy - before.busy) / (after.total - before.total);
}

/**
 * Waits (at most `maxWaitMs`) until other processes keep the CPUs less than `threshold` busy.
 * Returns the last busy fraction seen; the caller records it either way.
 */
export async function waitForQuiet(threshold: number, maxWaitMs: number, log: (line: string) => void): Promise<number> {
  const deadline = Date.now() + maxWaitMs;
  let busy = await cpuBusy();
  if (busy >= threshold) log(`  CPUs ${(busy * 100).toFixed(0)}% busy with other work: waiting up to ${Math.round(maxWaitMs / 1000)} s for a quieter moment`);
  while (busy >= threshold && Date.now() < deadline) busy = await cpuBusy(2000);
  return busy;
}

/** utime+stime (+ reaped children's, cutime+cstime) of one process, in clock ticks; and its parent. */
async function processTicks(pid: number): Promise<{ ppid: number; own: number; reaped: number } | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  if (!stat) return undefined;
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
  const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
  return { ppid: rest[1]!, own: rest[11]! + rest[12]!, reaped: rest[13]! + rest[14]! };
}

/**
 * CPU ticks used so far by `roots` (the bench's own process, the PostgreSQL postmaster) and
 * their children: a root counts its own time and that of its exited children; a live child
 * counts its own. A backend that exits between two readings moves from "live child" to its
 * postmaster's reaped time, so differences stay right.
 */
async function treeTicks(roots: number[]): Promise<number> {
  const rootSet = new Set(roots);
  let ticks = 0;
  const pids = (await readdir("/proc").catch(() => [] as string[])).filter((name) => /^\d+$/.test(name)).map(Number);
  await Promise.all(
    pids.map(async (pid) => {
      const times = await processTicks(pid);
      if (!times) return;
      if (rootSet.has(pid)) ticks += times.own + times.reaped;
      else if (rootSet.has(times.ppid)) ticks += times.own + times.reaped;
    }),
  );
  return ticks;
}

/** CPU seconds used so far by a process and its children (a postmaster: the whole server); NaN when it is not on this machine. */
export async function cpuSecondsOf(pid: number | undefined): Promise<number> {
  if (!pid) return Number.NaN;
  return (await treeTicks([pid])) / 100; // clock ticks (USER_HZ, 100 on Linux)
}

/** The parent of a process (a backend's parent is its postmaster), if it is on this machine. */
export async function parentPid(pid: number): Promise<number | undefined> {
  return (await processTicks(pid))?.ppid;
}

export interface CpuMeter {
  /** The fraction (0..1) of all CPUs that processes other than ours kept busy since the start; NaN if unknown. */
  stop(): Promise<number>;
}

/**
 * Starts measuring how busy *other* processes keep the CPUs while a timed run goes on: the
 * machine's busy time (/proc/stat) minus that of the bench process, the PostgreSQL server
 * (`serverPid`, its postmaster, when it runs on this machine) and their children. The quiet
 * check before a run cannot see colleagues' work that starts during it; this can.
 */
export async function startCpuMeter(serverPid: number | undefined): Promise<CpuMeter> {
  const roots = [process.pid, ...(serverPid ? [serverPid] : [])];
  const before = await cpuTimes();
  const oursBefore = await treeTicks(roots);
  return {
    async stop() {
      const after = await cpuTimes();
      const oursAfter = await treeTicks(roots);
      if (!before || !after || after.total === before.total || !serverPid) return Number.NaN;
      const others = after.busy - before.busy - (oursAfter - oursBefore);
      return Math.max(0, others / (after.total - before.total));
    },
  };
}
