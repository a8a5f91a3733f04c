// Applies prisma/migrations/<name>/migration.sql in name order and records each one in
// `_prisma_migrations` exactly as `prisma migrate deploy` does, so the Prisma CLI (where its
// native schema engine is available) sees the same history and agrees with us.
//
// Why not `prisma migrate deploy`: its schema engine is a native binary that cannot be
// downloaded on the machines Duly is built on. Why `pg` and not the Prisma client: the
// migrator must run before the client is generated and must hold one session for the lock.
//
// Choices, and where they differ from Prisma:
// - One session holds `pg_advisory_lock(72707369)`, Prisma's own key, so this migrator, the
//   Prisma CLI and other copies of this migrator (two deploys, parallel tests) serialise. The
//   lock is per database, so migrating different databases never waits.
// - Each migration runs in its own transaction together with its `_prisma_migrations` row.
//   Prisma runs the script outside a transaction and leaves a "failed" row behind; Postgres has
//   transactional DDL, so here a failing migration rolls back completely and leaves no row: fix
//   the file and run again. (The price: a migration cannot use statements that refuse to run in
//   a transaction, such as CREATE INDEX CONCURRENTLY. None does.)
// - Like Prisma, we refuse to continue when the database holds a failed migration (finished
//   and rolled back both null: written by the Prisma CLI or a crashed process) or when an
//   applied migration's file no longer matches its recorded checksum.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** Prisma's advisory lock key for migrations (schema-engine `ADVISORY_LOCK_TIMEOUT` lock id). */
export const MIGRATION_LOCK_KEY = 72707369;

/** The default migrations folder: `<repo>/prisma/migrations`. */
export const DEFAULT_MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../prisma/migrations",
);

export interface MigrateOptions {
  /** Called with one line per event (lock taken, migration applied, ...). Silent by default. */
  log?: (message: string) => void;
  /** Folder holding `<name>/migration.sql`. Defaults to prisma/migrations. */
  migrationsDir?: string;
}

/** A migration file on disk. */
export interface MigrationFile {
  name: string;
  /** sha256 hex of the file's bytes: what Prisma stores in `_prisma_migrations.checksum`. */
  checksum: string;
  bytes: Buffer;
}

/** Thrown when migrating is refused or fails; `code` says why. */
export class MigrationError extends Error {
  constructor(
    /**
     * - `checksum_mismatch`: an applied migration's file was edited after it was applied.
     * - `failed_migration`: the database records a migration that started and never finished.
     * - `migration_failed`: a migration's SQL failed; it was rolled back and not recorded.
     */
    readonly code: "checksum_mismatch" | "failed_migration" | "migration_failed",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "MigrationError";
  }
}

// The table exactly as Prisma's schema engine creates it for PostgreSQL.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export function sha256Hex(content: string | Buffer): string {
  return createHash("sha256").update(content).digest("hex");
}

/**
 * True when `checksum` was computed from `bytes`, allowing for a checkout that converted line
 * endings (Prisma accepts both the LF and the CRLF form of a script for the same reason).
 */
function matchesChecksum(bytes: Buffer, checksum: string): boolean {
  if (sha256Hex(bytes) === checksum) return true;
  const text = bytes.toString("utf8");
  const lf = text.replace(/\r\n/g, "\n");
  return sha256Hex(lf) === checksum || sha256Hex(lf.replace(/\n/g, "\r\n")) === checksum;
}

/** Migration folders in name order (the timestamp prefix makes name order time order). */
export async function readMigrations(migrationsDir = DEFAULT_MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const migrations: MigrationFile[] = [];
  for (const name of names) {
    const bytes = await readFile(path.join(migrationsDir, name, "migration.sql"));
    migrations.push({ name, checksum: sha256Hex(bytes), bytes });
  }
  return migrations;
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/**
 * Applies every migration not yet applied to the database at `connectionString`.
 * Returns the names of the migrations applied by this call (empty when up to date).
 */
export async function migrate(connectionString: string, options: MigrateOptions = {}): Promise<string[]> {
  const log = options.log ?? (() => {});
  const migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  const files = await readMigrations(migrationsDir);
  const fileBytes = new Map(files.map((file) => [file.name, file.bytes]));

  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    log(`Took the migration lock (${MIGRATION_LOCK_KEY}).`);
    try {
      await client.query(CREATE_MIGRATIONS_TABLE);
      const { rows } = await client.query<AppliedRow>(
        `SELECT migration_name, checksum, finished_at, rolled_back_at
           FROM "_prisma_migrations" ORDER BY started_at, migration_name`,
      );

      const failed = rows.filter((row) => row.finished_at === null && row.rolled_back_at === null);
      if (failed.length > 0) {
        throw new MigrationError(
          "failed_migration",
          `The database records failed migration(s): ${failed.map((row) => row.migration_name).join(", ")}. ` +
            "Nothing was applied. Check the database by hand, then mark the row as rolled back " +
            `(UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '...') ` +
            "or as applied (`prisma migrate resolve`).",
        );
      }

      // Rows that count as applied: finished and not rolled back (a rolled-back row is retried).
      const applied = new Map<string, AppliedRow>();
      for (const row of rows) {
        if (row.finished_at !== null && row.rolled_back_at === null) applied.set(row.migration_name, row);
      }

      for (const [name, row] of applied) {
        const bytes = fileBytes.get(name);
        if (!bytes) {
          log(`Warning: migration ${name} is applied in the database but missing from ${migrationsDir}.`);
          continue;
        }
        if (!matchesChecksum(bytes, row.checksum)) {
          throw new MigrationError(
            "checksum_mismatch",
            `Migration ${name} was modified after it was applied: the database recorded checksum ` +
              `${row.checksum}, the file's is ${sha256Hex(bytes)}. Nothing was applied. ` +
              "Restore the file, and put the change in a new migration instead.",
          );
        }
      }

      const appliedNow: string[] = [];
      for (const file of files) {
        if (applied.has(file.name)) continue;
        await applyOne(client, file);
        appliedNow.push(file.name);
        log(`Applied ${file.name}.`);
      }
      if (appliedNow.length === 0) log("No pending migrations.");
      return appliedNow;
    } finally {
      // Ending the session releases the lock too; unlocking first just frees it sooner.
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end();
  }
}

/** Runs one migration and records it, in one transaction. */
async function applyOne(client: pg.Client, file: MigrationFile): Promise<void> {
  await client.query("BEGIN");
  try {
    const id = randomUUID();
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), 0)`,
      [id, file.checksum, file.name],
    );
    // A multi-statement script must go through the simple query protocol: no parameters.
    await client.query(file.bytes.toString("utf8"));
    // Prisma sets finished_at and applied_steps_count = 1 after the script succeeds.
    await client.query(
      `UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`,
      [id],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      "migration_failed",
      `Migration ${file.name} failed and was rolled back (nothing recorded): ${reason}`,
      { cause: error },
    );
  }
}

/**
 * Creates the database named in `url` if it does not exist, connecting to the server's
 * `postgres` database to do so. Returns true when it created it. Safe to race: a concurrent
 * creation of the same database counts as "already exists".
 */
export async function ensureDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ""));
  if (!name) throw new Error(`The database URL names no database: ${redactUrl(url)}`);
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";

  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount) return false;
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      return true;
    } catch (error) {
      // 42P04 duplicate_database; 23505 when two CREATE DATABASE race on pg_database's index.
      const code = (error as { code?: string }).code;
      if (code === "42P04" || code === "23505") return false;
      throw error;
    }
  } finally {
    await client.end();
  }
}

/** The URL with its password replaced by `***`, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "<unparseable database URL>";
  }
}
