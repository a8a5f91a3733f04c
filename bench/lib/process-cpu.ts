// CPU time per process over a timed section: where a job's CPU goes, not only how long it took.
// Wall time on this shared 2-core machine moves with colleagues' load; CPU time per job moves far
// less (a loaded machine still stretches it somewhat: caches and the other hyperthread), so it is
// what an A/B on a busy machine can compare.
//
// - the bench process (the ticks): process.cpuUsage(), every thread of it (V8's GC helpers and
//   libuv's pool included);
// - the PostgreSQL server, when it runs on this machine: its postmaster's whole tree from /proc
//   (backends, WAL writer, checkpointer, autovacuum, and exited children's reaped time), and
//   apart from it the client backends of the bench's database (matched by their title,
//   "postgres: <user> <database> …", alive at the end of the section; one that exited before
//   is only in the tree's figure);
// - any other process by pid (the webhook receiver).
// /proc counts in clock ticks (USER_HZ, 100 on Linux): 10 ms granularity per process, so a
// section should take seconds.
import { readdir, readFile } from "node:fs/promises";
import { cpuSecondsOf } from "./machine.ts";

const clockTickMs = 10;

interface ProcStat {
  ppid: number;
  /** utime + stime, in ms. */
  ownMs: number;
}

async function procStat(pid: number): Promise<ProcStat | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  if (!stat) return undefined;
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
  const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
  return { ppid: rest[1]!, ownMs: (rest[11]! + rest[12]!) * clockTickMs };
}

/** User + system CPU ms of one process (not its children); NaN when it is not on this machine. */
export async function processCpuMs(pid: number | undefined): Promise<number> {
  if (!pid) return Number.NaN;
  return (await procStat(pid))?.ownMs ?? Number.NaN;
}

/** CPU ms so far of each live client backend of `database` under `postmasterPid`, by pid. */
async function backendCpuMs(postmasterPid: number, database: string): Promise<Map<number, number>> {
  const pids = (await readdir("/proc").catch(() => [] as string[])).filter((name) => /^\d+$/.test(name)).map(Number);
  const found = new Map<number, number>();
  await Promise.all(
    pids.map(async (pid) => {
      const stat = await procStat(pid);
      if (stat?.ppid !== postmasterPid) return;
      const title = (await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")).replace(/\0/g, " ");
      if (title.split(" ")[2] === database) found.set(pid, stat.ownMs);
    }),
  );
  return found;
}

export interface ProcessCpu {
  /** The bench process, which runs the ticks. */
  benchMs: number;
  /** The whole PostgreSQL server (NaN when not on this machine). */
  serverMs: number;
  /** The bench database's client backends alive at the end (NaN when not on this machine). */
  backendsMs: number;
  /** The other process measured (the receiver), NaN if none. */
  otherMs: number;
}

export interface ProcessCpuMeter {
  stop(): Promise<ProcessCpu>;
}

/** Starts measuring; `database` names the client backends counted apart from the server's tree. */
export async function startProcessCpuMeter(postmasterPid: number | undefined, database: string, otherPid?: number): Promise<ProcessCpuMeter> {
  const bench = process.cpuUsage();
  const server = (await cpuSecondsOf(postmasterPid)) * 1000;
  const backends = postmasterPid ? await backendCpuMs(postmasterPid, database) : new Map<number, number>();
  const other = await processCpuMs(otherPid);
  return {
    async stop() {
      const { user, system } = process.cpuUsage(bench);
      let backendsMs = Number.NaN;
      if (postmasterPid) {
        backendsMs = 0;
        // A backend started during the section counts from zero: all its time is the section's.
        for (const [pid, ms] of await backendCpuMs(postmasterPid, database)) backendsMs += ms - (backends.get(pid) ?? 0);
      }
      return {
        benchMs: (user + system) / 1000,
        serverMs: (await cpuSecondsOf(postmasterPid)) * 1000 - server,
        backendsMs,
        otherMs: (await processCpuMs(otherPid)) - other,
      };
    },
  };
}
