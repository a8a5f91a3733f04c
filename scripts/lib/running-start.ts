// Where a running `npm start` tells the other scripts which database it serves: a small JSON file
// in its data directory (.data/running.json), written once its embedded PostgreSQL is migrated
// and removed when it stops. `npm run apikey:create` and the others read it when DATABASE_URL is
// unset (script-database.ts), so a newcomer's first commands work against the demo with no
// variable set. Only the embedded database is recorded: a DATABASE_URL given to npm start may
// carry a real password and is never written to disk.
import { readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

const runningStartSchema = z.object({
  /** The `npm start` process (node scripts/start.ts). */
  pid: z.number().int().positive(),
  /** Where the dashboard and the API answer. */
  appUrl: z.url(),
  /** Its embedded PostgreSQL's database (a local, throwaway password). */
  databaseUrl: z.string().regex(/^postgres(ql)?:\/\//),
  startedAt: z.iso.datetime(),
});

export type RunningStart = z.infer<typeof runningStartSchema>;

export function runningStartFile(dataDir: string): string {
  return path.join(dataDir, "running.json");
}

/** Records this `npm start`; returns the step that removes the record again. */
export async function recordRunningStart(dataDir: string, state: RunningStart): Promise<() => Promise<void>> {
  const file = runningStartFile(dataDir);
  await writeFile(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  return () => rm(file, { force: true });
}

export type RunningStartLookup =
  | { found: true; state: RunningStart }
  /** No record; a record npm start did not write; or one whose process has exited (npm start was killed outright). */
  | { found: false; reason: "none" | "unreadable" | "exited"; pid?: number };

/** What `dataDir` says about a running `npm start`, checked against the process table. */
export function findRunningStart(dataDir: string, isAlive: (pid: number) => boolean): RunningStartLookup {
  let text: string;
  try {
    text = readFileSync(runningStartFile(dataDir), "utf8");
  } catch {
    return { found: false, reason: "none" };
  }
  let parsed;
  try {
    parsed = runningStartSchema.safeParse(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) return { found: false, reason: "unreadable" };
  if (!isAlive(parsed.data.pid)) return { found: false, reason: "exited", pid: parsed.data.pid };
  return { found: true, state: parsed.data };
}

/** Whether a process with this pid exists (one of another user counts: EPERM). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
