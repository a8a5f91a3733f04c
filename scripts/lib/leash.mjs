// A tiny watchdog between `npm start` (or the e2e server) and one long-running child (next start,
// postgres): it runs the child and stops it when its own parent goes away, however that happens.
//
// Why: the children run in process groups of their own, so a Ctrl-C reaches only the parent,
// which stops them in order (ticker, Next, PostgreSQL). But a parent that is SIGKILLed (a
// supervisor, `timeout -s KILL npm start`, the OOM killer) runs no code at all, and its children
// used to live on, holding their ports and the database's data directory. The kernel closes a
// dead process's file descriptors whatever killed it, so the watchdog listens on one: its IPC
// channel to the parent. When the channel closes ("disconnect"), the parent is gone or has asked
// for a stop; either way the child gets its stop signal, then SIGKILL after a grace period.
//
// Plain JavaScript on purpose: it must start without a TypeScript loader (tsx would add an
// esbuild service process of its own) and be as small as possible.
//
// Usage (see leashed-child.ts): spawned detached, with an IPC channel, as
//   node leash.mjs '{"command": ..., "args": [...], "stopSignal": "SIGTERM", "killAfterMs": 10000}'
// It sends {"childPid": n} once the child runs, and exits as the child exited (same code, or
// the same signal).
import { spawn } from "node:child_process";
import { constants } from "node:os";

/** @type {{ command: string, args: string[], cwd?: string, uid?: number, gid?: number, stopSignal: NodeJS.Signals, killAfterMs: number }} */
const spec = JSON.parse(process.argv[2] ?? "null");
if (!spec || typeof spec.command !== "string" || !process.send) {
  console.error("leash: expected a JSON spec argument and an IPC channel (start it through scripts/lib/leashed-child.ts)");
  process.exit(70);
}

const child = spawn(spec.command, spec.args ?? [], {
  cwd: spec.cwd,
  uid: spec.uid,
  gid: spec.gid,
  // The parent's environment reached us unchanged; the child gets it as it is.
  stdio: ["ignore", "inherit", "inherit"],
});
const childRunning = () => child.exitCode === null && child.signalCode === null;

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  if (process.connected) process.disconnect();
  if (!childRunning()) return;
  child.kill(spec.stopSignal);
  // A child that ignores its stop signal: kill it and anything it started. We lead the process
  // group (spawned detached), so -pid reaches the child's descendants too, and ourselves last.
  setTimeout(() => {
    try {
      process.kill(-process.pid, "SIGKILL");
    } catch {
      child.kill("SIGKILL");
    }
  }, spec.killAfterMs).unref();
}

// The parent died (the kernel closed the channel) or asked us to stop (it disconnected).
process.on("disconnect", stop);
// Signals sent to us directly (or to our process group) mean the same.
const stopSignals = ["SIGINT", "SIGTERM", "SIGHUP"];
for (const signal of stopSignals) process.on(signal, stop);

child.once("spawn", () => {
  if (process.connected) process.send({ childPid: child.pid });
});
child.once("error", (error) => {
  console.error(`leash: could not start ${spec.command}: ${error.message}`);
  process.exit(70);
});
child.once("exit", (code, signal) => {
  if (process.connected) process.disconnect();
  if (signal) {
    // Die of the same signal, so the parent sees what happened to the child.
    for (const name of stopSignals) process.removeAllListeners(name);
    process.kill(process.pid, signal);
    // Reached only if that signal does not end a process by default (SIGCHLD and the like).
    process.exit(128 + (constants.signals[signal] ?? 0));
  }
  process.exit(code ?? 1);
});
