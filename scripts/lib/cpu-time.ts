// CPU-seconds per npm test step (docs/decisions/0045): the run is CPU-bound on two cores, so its
// summary says what each step cost in CPU, not only how long it took while others shared the
// cores. Node cannot read the rusage of a child's whole process tree (it reaps children itself and
// keeps only the exit code), so each command runs under a bash that waits for it and then prints
// `times`: the user and system CPU of the command and of every descendant that was waited for,
// which is every process of a test run that ended normally (vitest's workers, the embedded
// PostgreSQL and its backends, PgBouncer, `next start`, the browsers). Not counted: a server the
// run did not start (the machine's PostgreSQL when DATABASE_URL points at it), and a descendant
// that outlived its parent (reparented to init, never waited for by the tree).
import { cpus } from "node:os";

/**
 * The command line that runs `command args` and then writes bash's `times` to `cpuFile`, keeping
 * the command's exit status (128 + n when a signal ended it).
 */
export function withCpuTimes(command: string, args: string[], cpuFile: string): { command: string; args: string[] } {
  // `times` prints two lines: bash's own user and system time, then its waited-for children's.
  const script = 'out=$1; shift; "$@"; status=$?; times > "$out"; exit $status';
  return { command: "bash", args: ["-c", script, "cpu-times", cpuFile, command, ...args] };
}

/** One `times` field, `1m2.345s` (bash writes the locale's decimal mark), in seconds. */
function fieldSeconds(field: string): number | undefined {
  const match = /^(\d+)m(\d+)(?:[.,](\d+))?s$/.exec(field);
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(`${match[2]}.${match[3] ?? "0"}`);
}

/** The children's user + system seconds from bash's `times` output, or undefined if it is not that. */
export function parseBashTimes(text: string): number | undefined {
  const lines = text.trim().split("\n");
  if (lines.length !== 2) return undefined;
  const fields = lines[1]!.trim().split(/\s+/);
  if (fields.length !== 2) return undefined;
  const [user, system] = fields.map(fieldSeconds);
  return user === undefined || system === undefined ? undefined : user + system;
}

/**
 * A summary row's CPU column: `1,234 CPU-s`; `≥ 1,234 CPU-s` when some command of the step was not
 * measured (killed before bash could print `times`); `? CPU-s` when none was.
 */
export function formatCpu(seconds: number | undefined, complete = true): string {
  if (seconds === undefined) return "? CPU-s";
  const shown = seconds < 100 ? seconds.toFixed(1) : String(Math.round(seconds)).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${complete ? "" : "≥ "}${shown} CPU-s`;
}

/** The machine's busy CPU time so far, in seconds, over all cores (everything running on it, not only this run). */
export function machineBusySeconds(): number {
  return cpus().reduce((sum, cpu) => sum + cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq, 0) / 1000;
}
