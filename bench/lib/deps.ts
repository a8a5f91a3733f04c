// The peers (graphile-worker, pg-boss) are the bench's own devDependencies in bench/package.json,
// kept out of the root install. They are installed on first use and loaded with require() from
// bench/, so the root `tsc --noEmit` never needs their types: each peer module declares the few
// signatures it calls.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const repoDir = path.resolve(benchDir, "..");

const peers = ["graphile-worker", "pg-boss"];

/** Runs `npm ci --prefix bench` when bench/node_modules lacks a peer. */
export function ensureBenchDependencies(log: (line: string) => void): void {
  const missing = peers.filter((name) => !existsSync(path.join(benchDir, "node_modules", name, "package.json")));
  if (missing.length === 0) return;
  log(`bench dependencies missing (${missing.join(", ")}): npm ci --prefix bench`);
  const result = spawnSync("npm", ["ci", "--prefix", benchDir, "--no-audit", "--no-fund"], { stdio: "inherit", cwd: repoDir });
  if (result.status !== 0) throw new Error(`npm ci --prefix bench failed (exit ${result.status ?? result.signal})`);
}

const requireFromBench = createRequire(path.join(benchDir, "package.json"));

/** Loads a peer package from bench/node_modules, typed by the caller's own interface. */
export function loadPeer<T>(name: string): T {
  return requireFromBench(name) as T;
}

/** The installed version of a bench dependency. */
export function peerVersion(name: string): string {
  return (requireFromBench(`${name}/package.json`) as { version: string }).version;
}
