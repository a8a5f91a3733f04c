// Long-running children (next start, postgres) that cannot outlive this process: each runs under
// a small watchdog (leash.mjs) that stops it when this process exits, however it exits, SIGKILL
// included. The watchdog leads a process group of its own, so a Ctrl-C in the terminal reaches
// only this process, which then stops its children in the order it chooses.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const leashScript = fileURLToPath(new URL("./leash.mjs", import.meta.url));

export interface LeashedChildOptions {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Where the child's stdout and stderr go: this process's, or an open file descriptor. */
  output: "inherit" | number;
  /** Run the child as this user (postgres refuses to run as root). */
  uid?: number;
  gid?: number;
  /** The signal that stops the child cleanly: SIGINT is PostgreSQL's fast shutdown, SIGTERM Next's. */
  stopSignal: NodeJS.Signals;
  /** After this long the watchdog SIGKILLs the child's whole process group. */
  killAfterMs: number;
}

export interface LeashedChild {
  /** The child's pid (not the watchdog's), once it has started. */
  readonly pid: Promise<number>;
  /** Whether the child has exited. */
  readonly hasExited: boolean;
  /** How it ended: "exit code 1" or "SIGKILL"; undefined while it runs. */
  readonly exitDescription: string | undefined;
  /** Resolves when the child (and its watchdog) have exited. */
  exited(): Promise<void>;
  /** Stops the child with its stop signal (SIGKILL after `killAfterMs`); resolves once it has exited. */
  stop(): Promise<void>;
}

const childPidMessage = z.object({ childPid: z.number().int().positive() });

export function spawnLeashed(options: LeashedChildOptions): LeashedChild {
  const spec = {
    command: options.command,
    args: options.args,
    cwd: options.cwd,
    uid: options.uid,
    gid: options.gid,
    stopSignal: options.stopSignal,
    killAfterMs: options.killAfterMs,
  };
  const leash: ChildProcess = spawn(process.execPath, [leashScript, JSON.stringify(spec)], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", options.output, options.output, "ipc"],
    detached: true,
  });

  const hasExited = () => leash.exitCode !== null || leash.signalCode !== null;
  const exit = new Promise<void>((resolve) => {
    leash.once("exit", () => resolve());
    // Node itself could not be started (it does not emit "exit" then): nothing is running.
    leash.once("error", (error) => {
      console.error(`could not start the watchdog for ${options.command}: ${error.message}`);
      resolve();
    });
  });
  const pid = new Promise<number>((resolve, reject) => {
    leash.on("message", (message) => {
      const parsed = childPidMessage.safeParse(message);
      if (parsed.success) resolve(parsed.data.childPid);
    });
    void exit.then(() => reject(new Error(`${options.command} exited before it started`)));
  });
  // A caller that never asks for the pid must not see an unhandled rejection.
  pid.catch(() => undefined);

  let stopping: Promise<void> | undefined;
  return {
    pid,
    get hasExited() {
      return hasExited();
    },
    get exitDescription() {
      if (!hasExited()) return undefined;
      return leash.signalCode ?? `exit code ${leash.exitCode}`;
    },
    exited: () => exit,
    stop() {
      stopping ??= (async () => {
        if (hasExited()) return;
        // Closing the channel is the stop request, exactly as this process dying would be.
        if (leash.connected) leash.disconnect();
        // Should the watchdog itself be stuck, this process still has the last word.
        const backstop = setTimeout(() => signalGroup(leash, "SIGKILL"), options.killAfterMs + 5_000);
        await exit;
        clearTimeout(backstop);
      })();
      return stopping;
    },
  };
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}
