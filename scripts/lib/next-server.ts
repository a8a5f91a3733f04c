// `next start` as a child process in its own process group, so the parent decides when it
// stops (after the ticker, before the database) and can take down anything it spawned.
import { spawn, type ChildProcess } from "node:child_process";
import { nextBin } from "./next-build.ts";

export interface NextServer {
  url: string;
  stop(): Promise<void>;
}

export interface NextServerOptions {
  root: string;
  port: number;
  env: NodeJS.ProcessEnv;
  /** How long to wait for the first HTTP answer. */
  readyTimeoutMs?: number;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

export async function startNextServer({ root, port, env, readyTimeoutMs = 60_000 }: NextServerOptions): Promise<NextServer> {
  const child = spawn(process.execPath, [nextBin(root), "start", "-p", String(port)], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const killOnExit = () => signalGroup(child, "SIGKILL");
  process.on("exit", killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        signalGroup(child, "SIGTERM");
        const timer = setTimeout(() => signalGroup(child, "SIGKILL"), 10_000);
        await exited(child);
        clearTimeout(timer);
      }
      process.off("exit", killOnExit);
    })();
    return stopping;
  };

  const url = `http://localhost:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`next start exited during start-up (${child.signalCode ?? `exit code ${child.exitCode}`}); is port ${port} free?`);
    }
    try {
      await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2000) });
      return { url, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`next start did not answer on ${url} within ${readyTimeoutMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}
