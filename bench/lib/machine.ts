// What the machine was doing while we measured. Colleagues' test runs share these 2 cores, so
// before each timed run the bench looks at how busy the CPUs are while it is itself idle, waits
// (a bounded time) for a quiet moment, and records what it saw next to the measurement.
import { readFile } from "node:fs/promises";
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
