// Which database a command-line script works on (apikey:*, operator:create, jobs:check,
// db:migrate): DATABASE_URL (and DIRECT_URL) when set, as in production; otherwise the embedded
// PostgreSQL of the `npm start` running in this checkout, found through the record it keeps in
// its data directory (running-start.ts). Neither: one line saying how to get one.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findRunningStart, processExists, runningStartFile } from "./running-start.ts";

type Environment = Record<string, string | undefined>;

/** A problem with how the script was set up (no database to use): said in one line, exit 2. */
export class ScriptSetupError extends Error {}

export interface ScriptDatabase {
  /** The app's connection (DATABASE_URL). */
  url: string;
  /** A session connection to the same database, for migrations (DIRECT_URL, else url). */
  directUrl: string;
  /** Where it came from, for the script's first line. */
  source: "DATABASE_URL" | "npm start";
  /** The environment the script's settings are parsed from, with DATABASE_URL filled in. */
  env: Environment;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The data directory npm start uses for this environment (DULY_DATA_DIR, else .data). */
export function startDataDir(env: Environment): string {
  return path.resolve(root, env.DULY_DATA_DIR || ".data");
}

export function scriptDatabase(env: Environment = process.env, isAlive: (pid: number) => boolean = processExists): ScriptDatabase {
  if (env.DATABASE_URL) {
    return { url: env.DATABASE_URL, directUrl: env.DIRECT_URL || env.DATABASE_URL, source: "DATABASE_URL", env };
  }
  const dataDir = startDataDir(env);
  const running = findRunningStart(dataDir, isAlive);
  if (!running.found) {
    const file = shownPath(runningStartFile(dataDir));
    const why = {
      none: `npm start is not running here (no ${file})`,
      exited: `npm start is not running (${file} names pid ${running.pid}, which has exited)`,
      unreadable: `${file} is not what npm start writes (delete it)`,
    }[running.reason];
    throw new ScriptSetupError(
      `no database: DATABASE_URL is unset and ${why}. Start Duly with \`npm start\` in another terminal and run this again, or set DATABASE_URL=postgresql://user:password@host:5432/duly.`,
    );
  }
  const url = running.state.databaseUrl;
  // The embedded server is reached directly: a DIRECT_URL meant for another server must not apply.
  return { url, directUrl: url, source: "npm start", env: { ...env, DATABASE_URL: url, DIRECT_URL: url } };
}

/** A path as a person in the checkout would type it: relative when inside it. */
function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative;
}
