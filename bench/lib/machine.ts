// What the machine was doing while we measured. Colleagues' test runs share these 2 cores, so
// every timed run records the 1-minute load average, and a run can wait for a quiet moment.
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

/**
 * Waits (at most `maxWaitMs`) until the 1-minute load average is below `threshold`. Returns the
 * load it saw last; the caller records it next to the measurement either way.
 */
export async function waitForQuiet(threshold: number, maxWaitMs: number, log: (line: string) => void): Promise<number> {
  const deadline = Date.now() + maxWaitMs;
  let warned = false;
  while (load1() >= threshold && Date.now() < deadline) {
    if (!warned) log(`  load ${load1().toFixed(2)} >= ${threshold}: waiting up to ${Math.round(maxWaitMs / 1000)} s for a quieter machine`);
    warned = true;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return load1();
}
