// A throwaway PgBouncer in transaction mode in front of a test server, so the suites can run the
// way production reaches PostgreSQL (Neon's and Supabase's pooled URLs are transaction-mode
// poolers). Used by the vitest globalSetup (tests/setup/global-database.ts) and the e2e server
// when DULY_TEST_PGBOUNCER=1, which scripts/test.ts sets for its PgBouncer passes.
//
// Choices:
// - One wildcard database entry (`* = host= port=`): the harness creates databases per file
//   and per run, and every one of them must be reachable without rewriting the config.
// - `auth_type = trust` on 127.0.0.1 only: a test pooler on loopback needs no client secret. The
//   auth file still lists the server URL's user (PgBouncer requires it) with the URL's password,
//   which is what PgBouncer uses to log in to a server that asks for one (the embedded server
//   uses scram-sha-256; the CI server trusts local connections and asks for none).
// - Foreground child in its own process group, output to a log file: the caller decides when it
//   stops (before the database), and Ctrl-C in a terminal does not reach it first.
// - PgBouncer refuses to run as root; as root it is started with `-u postgres` (the user every
//   PostgreSQL install and the embedded starter have), and its folder is readable by that user.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { z } from "zod";
import { freePort } from "./ports.ts";

/** DULY_TEST_PGBOUNCER: "1" puts the test databases behind a PgBouncer this run starts. */
const modeSchema = z.enum(["0", "1"]).default("0");

export function pgbouncerRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  const parsed = modeSchema.safeParse(env.DULY_TEST_PGBOUNCER || undefined);
  if (!parsed.success) throw new Error(`DULY_TEST_PGBOUNCER: expected "0" or "1", got ${JSON.stringify(env.DULY_TEST_PGBOUNCER)}`);
  return parsed.data === "1";
}

/** The pgbouncer executable: on the PATH, or where Debian puts it (/usr/sbin is not on every PATH). */
export function findPgbouncer(): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin"];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, "pgbouncer");
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export interface PgBouncer {
  port: number;
  /** `url` with its host and port replaced by the pooler's (same user, password, database). */
  pooledUrl(url: string): string;
  /** Immediate shutdown (SIGTERM: open client connections are closed), then deletes its folder. */
  stop(): Promise<void>;
}

export interface PgBouncerOptions {
  /** Any URL of the server to pool (its host, port, user and password are used). */
  serverUrl: string;
  /**
   * Server connections per database (default 50). Fewer than the clients, like a provider's
   * pooler: a client waits for a connection instead of each getting a backend. Not fewer than the
   * busiest test's concurrent transactions (eight staying ticks of four lanes each, plus their
   * housekeepers): a lane whose claim committed and whose group transaction then queues for a
   * server connection behind 300 ms-per-job groups outlives a 1.5 s lease. docs/deploy.md states
   * the same rule for production.
   */
  poolSize?: number;
}

const runAsUser = "postgres";

function postgresIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    return {
      uid: Number(execFileSync("id", ["-u", runAsUser], { encoding: "utf8" }).trim()),
      gid: Number(execFileSync("id", ["-g", runAsUser], { encoding: "utf8" }).trim()),
    };
  } catch (error) {
    throw new Error(`PgBouncer refuses to run as root and there is no "${runAsUser}" user to run it as`, { cause: error });
  }
}

/** Quotes a value for pgbouncer's auth file ("..." with embedded quotes doubled). */
const authFileQuote = (value: string) => `"${value.replace(/"/g, '""')}"`;

function configFile(options: { host: string; serverPort: string; port: number; authFile: string; poolSize: number }): string {
  return [
    "[databases]",
    `* = host=${options.host} port=${options.serverPort}`,
    "",
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${options.port}`,
    // No Unix socket: its default folder may not be writable by the user PgBouncer runs as.
    "unix_socket_dir =",
    "auth_type = trust",
    `auth_file = ${options.authFile}`,
    "pool_mode = transaction",
    // Every test file's pools (and the e2e fixtures) share one pooler: clients are cheap.
    "max_client_conn = 2000",
    `default_pool_size = ${options.poolSize}`,
    // A run opens thousands of short client connections: a log line each would bury the errors.
    "log_connections = 0",
    "log_disconnections = 0",
    "",
  ].join("\n");
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function logTail(logFile: string, lines = 8): Promise<string> {
  const text = await readFile(logFile, "utf8").catch(() => "");
  return text.trim().split("\n").slice(-lines).join("\n");
}

/** Polls until a query goes through the pooler to the server, or fails fast if PgBouncer exits. */
async function waitUntilReady(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`pgbouncer exited during start-up:\n${await logTail(logFile)}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on("error", () => {}); // a failed attempt is retried below; its error is the rejection
    try {
      await client.connect();
      await client.query("SELECT 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`pgbouncer did not pass a query through within ${timeoutMs} ms:\n${await logTail(logFile)}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

function replaceHostAndPort(url: string, host: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = host;
  parsed.port = String(port);
  return parsed.toString();
}

export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncer> {
  const binary = findPgbouncer();
  if (!binary) throw new Error("pgbouncer is not installed (apt-get install -y pgbouncer)");
  const server = new URL(options.serverUrl);
  const user = decodeURIComponent(server.username) || os.userInfo().username;
  const ids = postgresIds();

  const dir = await mkdtemp(path.join(os.tmpdir(), "duly-pgbouncer-"));
  // PgBouncer (as the postgres user) reads its files after dropping root.
  await chmod(dir, 0o755);
  const authFile = path.join(dir, "userlist.txt");
  const configPath = path.join(dir, "pgbouncer.ini");
  const logFile = path.join(dir, "pgbouncer.log");
  await writeFile(authFile, `${authFileQuote(user)} ${authFileQuote(decodeURIComponent(server.password))}\n`, { mode: 0o600 });
  if (ids) await chown(authFile, ids.uid, ids.gid);

  // A free port can be taken between asking and binding: try a few.
  let lastError: unknown;
  for (let attempt = 1; attempt <= 5; attempt++) {
    const port = await freePort();
    await writeFile(
      configPath,
      configFile({ host: server.hostname, serverPort: server.port || "5432", port, authFile, poolSize: options.poolSize ?? 50 }),
      { mode: 0o644 },
    );
    const log = await open(logFile, "w"); // one attempt per log, so its tail is this attempt's
    const child = spawn(binary, [...(ids ? ["-u", runAsUser] : []), configPath], {
      detached: true,
      stdio: ["ignore", log.fd, log.fd],
    });
    await log.close();
    const killOnExit = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    };
    process.on("exit", killOnExit);

    const pooledUrl = (url: string) => replaceHostAndPort(url, "127.0.0.1", port);
    try {
      await waitUntilReady(pooledUrl(options.serverUrl), child, logFile, 15_000);
    } catch (error) {
      killOnExit();
      await exited(child);
      process.off("exit", killOnExit);
      lastError = error;
      if ((await logTail(logFile, 20)).includes("Address already in use")) continue;
      break;
    }

    let stopping: Promise<void> | undefined;
    return {
      port,
      pooledUrl,
      stop() {
        stopping ??= (async () => {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill("SIGTERM");
            const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
            await exited(child);
            clearTimeout(timer);
          }
          process.off("exit", killOnExit);
          await rm(dir, { recursive: true, force: true });
        })();
        return stopping;
      },
    };
  }
  await rm(dir, { recursive: true, force: true });
  throw new Error(`PgBouncer failed to start: ${(lastError as Error)?.message ?? lastError}`, { cause: lastError });
}
