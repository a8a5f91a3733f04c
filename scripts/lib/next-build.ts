// Whether the production build in .next is older than the sources, and running `next build`.
//
// The check compares modification times: the newest file under the folders Next compiles (plus
// the config files that change a build) against .next/BUILD_ID, which `next build` writes last.
// It walks a few hundred files (tens of milliseconds), far cheaper than a build (~20-60 s), and
// errs towards rebuilding: a `git checkout` touches files and triggers one, which is correct.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/** What `next build` reads. lib/db/generated counts: a regenerated client needs a new build. */
const sourceDirs = ["app", "components", "lib", "jobs", "public"];
const sourceFiles = ["next.config.js", "proxy.ts", "package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json", "postcss.config.mjs"];

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, await newestMtime(full));
    else if (entry.isFile()) newest = Math.max(newest, (await stat(full)).mtimeMs);
  }
  return newest;
}

export type BuildState = { stale: false } | { stale: true; reason: string };

export async function buildState(root: string): Promise<BuildState> {
  const buildIdFile = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildIdFile)) return { stale: true, reason: "no production build yet" };
  const builtAt = (await stat(buildIdFile)).mtimeMs;
  let newest = 0;
  for (const dir of sourceDirs) newest = Math.max(newest, await newestMtime(path.join(root, dir)));
  for (const file of sourceFiles) {
    const mtime = await stat(path.join(root, file)).then((s) => s.mtimeMs, () => 0);
    newest = Math.max(newest, mtime);
  }
  return newest > builtAt ? { stale: true, reason: "sources changed since the last build" } : { stale: false };
}

export function nextBin(root: string): string {
  return createRequire(path.join(root, "package.json")).resolve("next/dist/bin/next");
}

/** `next build` refused to start because another build holds .next/lock (a shared work tree). */
export class BuildLockedError extends Error {}

/** Runs `next build`, echoing its output; rejects when it fails. */
export function runNextBuild(root: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin(root), "build"], { cwd: root, stdio: ["ignore", "pipe", "pipe"], env });
    let locked = false;
    const echo = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
      if (chunk.includes("already running")) locked = true;
      target.write(chunk);
    };
    child.stdout.on("data", echo(process.stdout));
    child.stderr.on("data", echo(process.stderr));
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else if (locked) reject(new BuildLockedError("another next build is running in this directory"));
      else reject(new Error(`next build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/**
 * Builds when the build is stale (or `force`). When another `next build` holds the lock, waits
 * for it and looks again: its build is usually the one we wanted.
 */
export async function buildIfStale(root: string, { env, log, force = false, waitForLockMs = 300_000 }: { env: NodeJS.ProcessEnv; log: (line: string) => void; force?: boolean; waitForLockMs?: number }): Promise<"built" | "up to date"> {
  const deadline = Date.now() + waitForLockMs;
  for (;;) {
    const state: BuildState = force ? { stale: true, reason: "a fresh build was asked for" } : await buildState(root);
    if (!state.stale) return "up to date";
    log(`next build (${state.reason}) ...`);
    try {
      await runNextBuild(root, env);
      return "built";
    } catch (error) {
      if (!(error instanceof BuildLockedError) || Date.now() > deadline) throw error;
      log("another next build is running in this directory; waiting for it");
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
  }
}
