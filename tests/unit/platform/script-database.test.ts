// Which database a command-line script uses, and how it fails when there is none: DATABASE_URL
// first; else the running npm start's record (.data/running.json); else one line saying how to
// get one. The failures a person can fix become one line; anything else is left to throw.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeScriptFailure } from "../../../scripts/lib/run-script.ts";
import { runningStartFile } from "../../../scripts/lib/running-start.ts";
import { scriptDatabase, ScriptSetupError } from "../../../scripts/lib/script-database.ts";
import { SettingsError } from "../../../lib/settings.ts";

let dataDir: string;
const record = { pid: 4242, appUrl: "http://localhost:3000", databaseUrl: "postgresql://postgres:postgres@127.0.0.1:54320/duly", startedAt: "2026-12-01T10:00:00.000Z" };
const alive = (pid: number) => pid === 4242;
const envWith = (extra: Record<string, string> = {}) => ({ DULY_DATA_DIR: dataDir, ...extra });

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "duly-script-db-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("scriptDatabase", () => {
  it("takes DATABASE_URL (and DIRECT_URL) when set, whatever npm start recorded", async () => {
    await writeFile(runningStartFile(dataDir), JSON.stringify(record));
    const database = scriptDatabase(envWith({ DATABASE_URL: "postgresql://u@db/x", DIRECT_URL: "postgresql://u@direct/x" }), alive);
    expect(database).toMatchObject({ url: "postgresql://u@db/x", directUrl: "postgresql://u@direct/x", source: "DATABASE_URL" });
  });

  it("uses the running npm start's embedded database, directly, when DATABASE_URL is unset", async () => {
    await writeFile(runningStartFile(dataDir), JSON.stringify(record));
    const database = scriptDatabase(envWith({ DIRECT_URL: "postgresql://u@elsewhere/x" }), alive);
    expect(database).toMatchObject({ url: record.databaseUrl, directUrl: record.databaseUrl, source: "npm start" });
    expect(database.env).toMatchObject({ DATABASE_URL: record.databaseUrl, DIRECT_URL: record.databaseUrl });
  });

  it("says in one line what to do when npm start is not running, has died, or the record is not its", async () => {
    const message = () => {
      try {
        scriptDatabase(envWith(), alive);
        return "no error";
      } catch (error) {
        expect(error).toBeInstanceOf(ScriptSetupError);
        return (error as Error).message;
      }
    };
    const none = message();
    await writeFile(runningStartFile(dataDir), JSON.stringify({ ...record, pid: 999_999 }));
    const exited = message();
    await writeFile(runningStartFile(dataDir), "{ not json");
    const unreadable = message();
    expect(none).toMatch(/^no database: DATABASE_URL is unset and npm start is not running here \(no \S+running\.json\)\. Start Duly with `npm start`/);
    expect(exited).toMatch(/npm start is not running \(\S+running\.json names pid 999999, which has exited\)/);
    expect(unreadable).toMatch(/running\.json is not what npm start writes \(delete it\)/);
    for (const text of [none, exited, unreadable]) {
      expect(text).not.toContain("\n");
      expect(text).toContain("or set DATABASE_URL=postgresql://");
    }
  });
});

describe("describeScriptFailure", () => {
  it("turns a database that does not answer into one line, from Prisma or from pg", () => {
    const prisma = Object.assign(new Error("\nInvalid `db.apiKey.findMany()` invocation in\n/x.ts:88:20\n\nCan't reach database server at 127.0.0.1:54399"), { code: "P1001" });
    const pg = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:54399"), { code: "ECONNREFUSED" });
    for (const error of [prisma, pg]) {
      const failure = describeScriptFailure(error);
      expect(failure?.exitCode).toBe(1);
      expect(failure?.message).toMatch(/^the database did not answer \((Can't reach database server at|connect ECONNREFUSED) 127\.0\.0\.1:54399\)\. Is npm start/);
      expect(failure?.message).not.toContain("\n");
    }
  });

  it("names the fix for a wrong password, a missing database and missing tables", () => {
    expect(describeScriptFailure(Object.assign(new Error("password authentication failed"), { code: "28P01" }))?.message).toContain("Check the user and password");
    expect(describeScriptFailure(Object.assign(new Error('database "x" does not exist'), { code: "3D000" }))?.message).toContain("npm run db:migrate");
    expect(describeScriptFailure(Object.assign(new Error("The table `public.api_keys` does not exist"), { code: "P2021" }))?.message).toContain("Run `npm run db:migrate` first");
  });

  it("says setup problems as they are (exit 2) and leaves anything else, a bug, to throw with its stack", () => {
    expect(describeScriptFailure(new ScriptSetupError("no database: ..."))).toEqual({ message: "no database: ...", exitCode: 2 });
    expect(describeScriptFailure(new SettingsError("bad settings: DATABASE_URL: ..."))?.exitCode).toBe(2);
    expect(describeScriptFailure(new TypeError("x is not a function"))).toBeNull();
  });
});
