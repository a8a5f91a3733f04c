// The entry of a command-line script: runs it, and turns the failures a person can fix (no
// database chosen, a bad setting, a database that does not answer, one not migrated yet) into
// one line naming the fix, with a non-zero exit, instead of a stack trace. Anything else is a
// bug and keeps its stack.
import { isConnectionLoss, sqlState } from "../../lib/db/connection-errors.ts";
import { SettingsError } from "../../lib/settings.ts";
import { ScriptSetupError } from "./script-database.ts";

interface Failure {
  message: string;
  exitCode: number;
}

/** The error's own last line: Prisma puts the cause after the call it was in. */
function lastLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const last = text.trim().split("\n").filter((line) => line.trim() !== "").at(-1)?.trim() ?? text;
  return last.replace(/\.$/, ""); // the sentence around it ends it
}

/** The codes that say what went wrong: Prisma's (P1001), the driver's (ECONNREFUSED), PostgreSQL's (3D000). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    codes.push(sqlState(current));
    const meta = (current as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; kind?: unknown } } } }).meta;
    const cause = meta?.driverAdapterError?.cause;
    if (typeof cause?.originalCode === "string") codes.push(cause.originalCode);
    if (typeof cause?.kind === "string") codes.push(cause.kind);
    current = (current as { cause?: unknown }).cause;
  }
  return codes.filter((code) => code !== "");
}

/** A failure a person can act on, said in one line; null for anything else. */
export function describeScriptFailure(error: unknown): Failure | null {
  if (error instanceof ScriptSetupError || error instanceof SettingsError) return { message: error.message, exitCode: 2 };
  const codes = codesOf(error);
  const has = (...wanted: string[]) => wanted.some((code) => codes.includes(code));
  const reason = lastLine(error);
  if (has("P1001", "P1002", "ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "DatabaseNotReachable") || isConnectionLoss(error)) {
    return { message: `the database did not answer (${reason}). Is npm start, or the server DATABASE_URL names, running?`, exitCode: 1 };
  }
  if (has("P1000", "28P01", "28000", "AuthenticationFailed")) {
    return { message: `the database refused the sign-in (${reason}). Check the user and password in DATABASE_URL.`, exitCode: 1 };
  }
  if (has("P1003", "3D000", "DatabaseDoesNotExist")) {
    return { message: `the database does not exist (${reason}). \`npm run db:migrate\` creates and migrates it.`, exitCode: 1 };
  }
  if (has("P2021", "42P01", "TableDoesNotExist")) {
    return { message: `the database has no Duly tables yet (${reason}). Run \`npm run db:migrate\` first.`, exitCode: 1 };
  }
  return null;
}

/** Runs a script's main; a failure a person can fix ends it with one line on stderr. */
export async function runScript(name: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    const failure = describeScriptFailure(error);
    if (!failure) throw error;
    console.error(`${name}: ${failure.message}`);
    process.exitCode = failure.exitCode;
  }
}
