// The engine a scenario measures: this tree's, or another checkout's (`--baseline <dir>`: a git
// worktree of an earlier commit, with node_modules linked to this clone's and its own Prisma
// client generated), loaded side by side in one process so before and after can be run
// interleaved on one server (A, B, A, B: the machine's load hits both alike).
//
//   git worktree add /tmp/duly-base <commit> && ln -s "$PWD/node_modules" /tmp/duly-base/node_modules
//   (cd /tmp/duly-base && npm run db:generate)
//   npm run bench -- --only paused,backlog --baseline /tmp/duly-base
//
// The modules are typed as this tree's; an older engine must offer the same calls (the ones the
// scenarios use have not changed shape since the bench began).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoDir } from "./deps.ts";

type Scheduler = typeof import("../../lib/scheduler/index.ts");
type Internal = typeof import("../../lib/scheduler/internal.ts");
type DbClient = typeof import("../../lib/db/client.ts");
type Migrator = typeof import("../../lib/db/migrate.ts");

export interface EngineUnderTest {
  /** "this tree (abc1234)" or "baseline abc1234". */
  label: string;
  commit: string;
  scheduler: Scheduler;
  internal: Internal;
  createDb: DbClient["createDb"];
  pgPoolOf: DbClient["pgPoolOf"];
  /** Migrates with the engine's own migrations. */
  migrate: Migrator["migrate"];
}

function commitOf(root: string): string {
  const git = (...args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout?.trim() ?? "";
  const dirty = git("status", "--porcelain", "--", "lib", "prisma").length > 0;
  return `${git("rev-parse", "--short", "HEAD")}${dirty ? "+uncommitted" : ""}`;
}

async function load<T>(root: string, file: string): Promise<T> {
  const full = path.join(root, file);
  if (!existsSync(full)) throw new Error(`${full} does not exist: is ${root} a checkout of Duly?`);
  return (await import(pathToFileURL(full).href)) as T;
}

export async function loadEngine(root: string, role: "current" | "baseline"): Promise<EngineUnderTest> {
  const resolved = path.resolve(root);
  if (role === "baseline" && !existsSync(path.join(resolved, "lib/db/generated"))) {
    throw new Error(`${resolved} has no generated Prisma client: run npm run db:generate there first`);
  }
  const commit = commitOf(resolved);
  const client = await load<DbClient>(resolved, "lib/db/client.ts");
  return {
    label: role === "current" ? `this tree (${commit})` : `baseline ${commit}`,
    commit,
    scheduler: await load<Scheduler>(resolved, "lib/scheduler/index.ts"),
    internal: await load<Internal>(resolved, "lib/scheduler/internal.ts"),
    createDb: client.createDb,
    pgPoolOf: client.pgPoolOf,
    migrate: (await load<Migrator>(resolved, "lib/db/migrate.ts")).migrate,
  };
}

/** The baselines' engines in the order given, then this tree's (the order of each round's runs). */
export async function enginesToCompare(baselines: string[]): Promise<EngineUnderTest[]> {
  const loaded: EngineUnderTest[] = [];
  for (const baseline of baselines) loaded.push(await loadEngine(baseline, "baseline"));
  return [...loaded, await loadEngine(repoDir, "current")];
}
