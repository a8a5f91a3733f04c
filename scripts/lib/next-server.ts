// `next start` as a leashed child (leashed-child.ts): in a process group of its own, so the
// parent decides when it stops (after the ticker, before the database), and stopped by its
// watchdog if the parent dies without doing so.
import { spawnLeashed } from "./leashed-child.ts";
import { nextBin } from "./next-build.ts";

export interface NextServer {
  url: string;
  /** The pid of the `next start` process. */
  pid: number;
  stop(): Promise<void>;
  /** Resolves, with how it ended, when the server exits (asked to or not). */
  exited(): Promise<string>;
}

export interface NextServerOptions {
  root: string;
  port: number;
  env: NodeJS.ProcessEnv;
  /** How long to wait for the first HTTP answer. */
  readyTimeoutMs?: number;
  /** `next start --keepAliveTimeout`: how long an idle keep-alive connection stays open (Node's default is 5 s). */
  keepAliveTimeoutMs?: number;
}

export async function startNextServer({ root, port, env, readyTimeoutMs = 60_000, keepAliveTimeoutMs }: NextServerOptions): Promise<NextServer> {
  const keepAlive = keepAliveTimeoutMs === undefined ? [] : ["--keepAliveTimeout", String(keepAliveTimeoutMs)];
  const child = spawnLeashed({
    command: process.execPath,
    args: [nextBin(root), "start", "-p", String(port), ...keepAlive],
    cwd: root,
    env,
    output: "inherit",
    // Next answers SIGTERM by closing its server and exiting at once.
    stopSignal: "SIGTERM",
    killAfterMs: 10_000,
  });
  const stop = () => child.stop();

  const url = `http://localhost:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.hasExited) {
      throw new Error(`next start exited during start-up (${child.exitDescription}); is port ${port} free?`);
    }
    try {
      await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2000) });
      return { url, pid: await child.pid, stop, exited: () => child.exited().then(() => child.exitDescription ?? "exited") };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`next start did not answer on ${url} within ${readyTimeoutMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}
