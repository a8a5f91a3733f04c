// The hand-written migrations and prisma/schema.prisma describe the same database, in both
// directions: every model, column, type, nullability, default, index, unique and foreign key the
// schema declares exists as declared, and the database holds nothing the schema does not
// declare, except what is named below (Prisma cannot express it). Expectations are derived
// from schema.prisma by tests/helpers/expected-database.ts, never copied by hand.
//
// Also: how lib/db/migrate.ts applies and records migrations (as `prisma migrate deploy` does).
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MIGRATIONS_DIR, migrate, MigrationError } from "../../../lib/db/migrate.ts";
import { createUnmigratedDatabase, type BareDatabase } from "../../helpers/database.ts";
import { expectedDatabase } from "../../helpers/expected-database.ts";
import { parsePrismaSchema } from "../../helpers/prisma-schema.ts";

const SCHEMA_PATH = path.resolve(DEFAULT_MIGRATIONS_DIR, "../schema.prisma");
const expected = expectedDatabase(parsePrismaSchema(await readFile(SCHEMA_PATH, "utf8")));

/** In the database but not expressible in schema.prisma: each is named and its definition pinned. */
const PARTIAL_INDEXES: Record<string, string> = {
  scheduled_jobs_pending_by_type_idx:
    "CREATE INDEX scheduled_jobs_pending_by_type_idx ON public.scheduled_jobs USING btree (job_type, run_at) WHERE (status = 'pending'::job_status)",
  scheduled_jobs_lease_idx:
    "CREATE INDEX scheduled_jobs_lease_idx ON public.scheduled_jobs USING btree (lease_expires_at) WHERE (status = 'running'::job_status)",
  scheduled_jobs_key_pattern_idx:
    "CREATE INDEX scheduled_jobs_key_pattern_idx ON public.scheduled_jobs USING btree (key text_pattern_ops)",
  scheduled_jobs_payload_idx:
    "CREATE INDEX scheduled_jobs_payload_idx ON public.scheduled_jobs USING gin (payload jsonb_path_ops)",
  scheduled_jobs_dead_finished_at_idx:
    "CREATE INDEX scheduled_jobs_dead_finished_at_idx ON public.scheduled_jobs USING btree (finished_at) WHERE (status = 'dead'::job_status)",
  job_run_tallies_loose_idx:
    "CREATE INDEX job_run_tallies_loose_idx ON public.job_run_tallies USING btree (minute) WHERE (NOT compacted)",
  booking_move_requests_one_pending_idx:
    "CREATE UNIQUE INDEX booking_move_requests_one_pending_idx ON public.booking_move_requests USING btree (booking_id) WHERE (status = 'pending'::move_request_status)",
  webhook_deliveries_pending_idx:
    "CREATE INDEX webhook_deliveries_pending_idx ON public.webhook_deliveries USING btree (endpoint_id, id) WHERE (status = 'pending'::webhook_delivery_status)",
  // The index behind the exclusion constraint of the same name (EXCLUSION_CONSTRAINTS).
  bookings_chef_time_excl:
    "CREATE INDEX bookings_chef_time_excl ON public.bookings USING gist (chef_id, tstzrange(event_at, timezone('UTC'::text, (timezone('UTC'::text, event_at) + make_interval(mins => duration_minutes))), '[)'::text)) WHERE (status = ANY (ARRAY['accepted'::booking_status, 'paid'::booking_status, 'closed'::booking_status, 'completed'::booking_status, 'disputed'::booking_status, 'paid_out'::booking_status, 'refunded'::booking_status, 'settled'::booking_status]))",
};

/** CHECK constraints (schema.prisma cannot express them): each is named and its definition pinned. */
const CHECK_CONSTRAINTS: Record<string, string> = {
  bookings_price_minor_check: "CHECK ((price_minor > 0))",
  bids_price_minor_check: "CHECK ((price_minor > 0))",
  ledger_entries_amount_minor_check: "CHECK ((amount_minor > 0))",
  quota_accounts_allowances_not_negative:
    "CHECK (((pages >= 0) AND (questions >= 0) AND (questions_gpt4 >= 0) AND (documents >= 0)))",
  bookings_duration_minutes_check: "CHECK (((duration_minutes >= 30) AND (duration_minutes <= 1440)))",
};

/** Exclusion constraints (schema.prisma cannot express them): each is named and its definition pinned. */
const EXCLUSION_CONSTRAINTS: Record<string, string> = {
  // One event at a time per chef (docs/decisions/0023).
  bookings_chef_time_excl:
    "EXCLUDE USING gist (chef_id WITH =, tstzrange(event_at, timezone('UTC'::text, (timezone('UTC'::text, event_at) + make_interval(mins => duration_minutes))), '[)'::text) WITH &&) WHERE ((status = ANY (ARRAY['accepted'::booking_status, 'paid'::booking_status, 'closed'::booking_status, 'completed'::booking_status, 'disputed'::booking_status, 'paid_out'::booking_status, 'refunded'::booking_status, 'settled'::booking_status])))",
};

/** Functions (schema.prisma cannot express them): each is named and its signature pinned. */
const FUNCTIONS: Record<string, string> = {
  // When a local date starts (migration 20261214000000_quota_local_day_start).
  // A limited job type's room, under its advisory lock (migration 20261224000000_fair_claims).
  duly_job_type_room: "duly_job_type_room(job_type text, max_running integer) RETURNS integer",
  // Counts ended attempts per minute (migration 20261225000000_run_tallies, decision 0033).
  duly_tally_runs: "duly_tally_runs() RETURNS trigger",
  quota_local_day_start: "quota_local_day_start(day date, zone text) RETURNS timestamp with time zone",
};

/** Triggers (schema.prisma cannot express them): each is named with its table and function. */
const TRIGGERS: Array<{ name: string; table: string; definition: string }> = [
  {
    name: "job_runs_tally_inserted",
    table: "job_runs",
    definition: "CREATE TRIGGER job_runs_tally_inserted AFTER INSERT ON public.job_runs REFERENCING NEW TABLE AS new_runs FOR EACH STATEMENT EXECUTE FUNCTION duly_tally_runs()",
  },
  {
    name: "job_runs_tally_updated",
    table: "job_runs",
    definition: "CREATE TRIGGER job_runs_tally_updated AFTER UPDATE ON public.job_runs REFERENCING OLD TABLE AS earlier_runs NEW TABLE AS new_runs FOR EACH STATEMENT EXECUTE FUNCTION duly_tally_runs()",
  },
];

/** Prisma's bookkeeping table, as its schema engine creates it. */
const PRISMA_MIGRATIONS_TABLE = "_prisma_migrations";
const PRISMA_MIGRATIONS_COLUMNS = [
  { name: "id", type: "character varying(36)", nullable: false, default: null },
  { name: "checksum", type: "character varying(64)", nullable: false, default: null },
  { name: "finished_at", type: "timestamp with time zone", nullable: true, default: null },
  { name: "migration_name", type: "character varying(255)", nullable: false, default: null },
  { name: "logs", type: "text", nullable: true, default: null },
  { name: "rolled_back_at", type: "timestamp with time zone", nullable: true, default: null },
  { name: "started_at", type: "timestamp with time zone", nullable: false, default: "now()" },
  { name: "applied_steps_count", type: "integer", nullable: false, default: "0" },
];

const byName = <T extends { name: string }>(items: T[]): T[] =>
  [...items].sort((a, b) => a.name.localeCompare(b.name));

async function migrationFolders(dir = DEFAULT_MIGRATIONS_DIR): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

async function query<Row extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

interface MigrationRow {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

const migrationRows = (url: string) =>
  query<MigrationRow>(url, `SELECT * FROM "_prisma_migrations" ORDER BY migration_name`);

describe("migrations match prisma/schema.prisma", () => {
  let database: BareDatabase;
  let applied: string[];
  let client: pg.Client;

  beforeAll(async () => {
    database = await createUnmigratedDatabase();
    // directUrl: migrate() holds a session advisory lock across statements, which a transaction pooler cannot keep.
    applied = await migrate(database.directUrl);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it("applies every migration folder, in name order", async () => {
    expect(applied).toEqual(await migrationFolders());
  });

  it("creates exactly the schema's tables (and Prisma's _prisma_migrations), nothing else", async () => {
    const { rows } = await client.query<{ name: string; kind: string }>(
      `SELECT relname::text AS name, relkind::text AS kind FROM pg_class
        WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p', 'v', 'm', 'f')
        ORDER BY relname`,
    );
    expect(rows).toEqual(
      [...expected.tables.map((table) => table.name), PRISMA_MIGRATIONS_TABLE]
        .sort()
        .map((name) => ({ name, kind: "r" })),
    );
  });

  const columnsOf = async (table: string) => {
    const { rows } = await client.query<{ name: string; type: string; nullable: boolean; default: string | null }>(
      `SELECT a.attname::text AS name, format_type(a.atttypid, a.atttypmod) AS type,
              NOT a.attnotnull AS nullable, pg_get_expr(d.adbin, d.adrelid) AS default
         FROM pg_attribute a
         LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE a.attrelid = format('public.%I', $1::text)::regclass AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY a.attname`,
      [table],
    );
    return rows;
  };

  describe.each(expected.tables.map((table) => [table.name, table] as const))("table %s", (_name, table) => {
    it(`has exactly model ${table.model}'s columns, with their types, nullability and defaults`, async () => {
      expect(await columnsOf(table.name)).toEqual(byName(table.columns));
    });
  });

  it("keeps _prisma_migrations exactly as Prisma's schema engine creates it", async () => {
    expect(await columnsOf(PRISMA_MIGRATIONS_TABLE)).toEqual(byName(PRISMA_MIGRATIONS_COLUMNS));
  });

  it("creates each enum with its values in order, and no other type", async () => {
    const { rows: enums } = await client.query<{ name: string; values: string[] }>(
      `SELECT t.typname::text AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS values
         FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
        WHERE t.typnamespace = 'public'::regnamespace
        GROUP BY t.typname ORDER BY t.typname`,
    );
    expect(enums).toEqual(byName(expected.enums));
    const { rows: otherTypes } = await client.query(
      `SELECT typname FROM pg_type
        WHERE typnamespace = 'public'::regnamespace
          AND (typtype IN ('d', 'r', 'm') OR (typtype = 'b' AND typcategory <> 'A'))`, // not the implicit arrays
    );
    expect(otherTypes).toEqual([]);
  });

  it("creates every declared index, unique and primary key, and no other index but the named partial ones", async () => {
    const { rows } = await client.query<{
      name: string;
      table: string;
      columns: string[];
      unique: boolean;
      primary: boolean;
      plain: boolean;
      definition: string;
    }>(
      `SELECT i.relname::text AS name, t.relname::text AS table,
              ARRAY(SELECT a.attname::text
                      FROM unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, position)
                      JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum
                     ORDER BY k.position) AS columns,
              ix.indisunique AS unique, ix.indisprimary AS primary,
              -- A "plain" index: btree, ascending, no predicate, no expression, no INCLUDE.
              (am.amname = 'btree' AND ix.indpred IS NULL AND ix.indexprs IS NULL
                AND ix.indnatts = ix.indnkeyatts AND 0 = ALL (ix.indoption::int2[])) AS plain,
              pg_get_indexdef(ix.indexrelid) AS definition
         FROM pg_index ix
         JOIN pg_class i ON i.oid = ix.indexrelid
         JOIN pg_class t ON t.oid = ix.indrelid
         JOIN pg_am am ON am.oid = i.relam
        WHERE t.relnamespace = 'public'::regnamespace
        ORDER BY i.relname`,
    );
    const actual = new Map(rows.map((row) => [row.name, row]));

    const declared = rows
      .filter((row) => !(row.name in PARTIAL_INDEXES) && row.table !== PRISMA_MIGRATIONS_TABLE)
      .map(({ name, table, columns, unique, primary, plain }) => ({ name, table, columns, unique, primary, plain }));
    expect(declared).toEqual(byName(expected.indexes.map((index) => ({ ...index, plain: true }))));

    for (const [name, definition] of Object.entries(PARTIAL_INDEXES)) {
      expect(actual.get(name)?.definition, name).toBe(definition);
    }
    expect(
      rows.filter((row) => row.table === PRISMA_MIGRATIONS_TABLE).map(({ name, columns, primary }) => ({ name, columns, primary })),
    ).toEqual([{ name: "_prisma_migrations_pkey", columns: ["id"], primary: true }]);
  });

  it("creates each relation's foreign key with its onDelete/onUpdate, and no constraint the schema does not declare", async () => {
    const { rows } = await client.query<{
      name: string;
      type: string;
      table: string;
      columns: string[];
      referencedTable: string | null;
      referencedColumns: string[];
      onDelete: string;
      onUpdate: string;
      deferrable: boolean;
    }>(
      `SELECT con.conname::text AS name, con.contype::text AS type, t.relname::text AS table,
              ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, position)
                      JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
                     ORDER BY k.position) AS columns,
              ft.relname::text AS "referencedTable",
              ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, position)
                      JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum
                     ORDER BY k.position) AS "referencedColumns",
              con.confdeltype::text AS "onDelete", con.confupdtype::text AS "onUpdate",
              con.condeferrable AS deferrable
         FROM pg_constraint con
         JOIN pg_class t ON t.oid = con.conrelid
         LEFT JOIN pg_class ft ON ft.oid = con.confrelid
        WHERE t.relnamespace = 'public'::regnamespace
          AND con.contype <> 'n' -- PostgreSQL 18 lists NOT NULL as constraints; columns are checked above
        ORDER BY con.conname`,
    );

    const foreignKeys = rows
      .filter((row) => row.type === "f")
      .map(({ name, table, columns, referencedTable, referencedColumns, onDelete, onUpdate, deferrable }) => ({
        name, table, columns, referencedTable, referencedColumns, onDelete, onUpdate, deferrable,
      }));
    expect(foreignKeys).toEqual(byName(expected.foreignKeys.map((key) => ({ ...key, deferrable: false }))));

    // Primary keys are constraints; Prisma's uniques are plain unique indexes (checked above).
    const primaryKeys = rows.filter((row) => row.type === "p").map(({ name, table, columns }) => ({ name, table, columns }));
    expect(primaryKeys).toEqual(
      byName([
        ...expected.indexes.filter((index) => index.primary).map(({ name, table, columns }) => ({ name, table, columns })),
        { name: "_prisma_migrations_pkey", table: PRISMA_MIGRATIONS_TABLE, columns: ["id"] },
      ]),
    );
    const checks = rows.filter((row) => row.type === "c").map((row) => row.name);
    expect(checks).toEqual(Object.keys(CHECK_CONSTRAINTS).sort());
    for (const [name, definition] of Object.entries(CHECK_CONSTRAINTS)) {
      const { rows: found } = await client.query<{ definition: string }>(
        `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = $1`,
        [name],
      );
      expect(found).toEqual([{ definition }]);
    }
    const exclusions = rows.filter((row) => row.type === "x").map((row) => row.name);
    expect(exclusions).toEqual(Object.keys(EXCLUSION_CONSTRAINTS).sort());
    for (const [name, definition] of Object.entries(EXCLUSION_CONSTRAINTS)) {
      const { rows: found } = await client.query<{ definition: string }>(
        `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = $1`,
        [name],
      );
      expect(found).toEqual([{ definition }]);
    }
    expect(rows.filter((row) => !["f", "p", "c", "x"].includes(row.type))).toEqual([]);
  });

  it("owns one sequence per autoincrement() column, and no other sequence", async () => {
    const { rows } = await client.query<{ name: string; table: string | null; column: string | null }>(
      `SELECT s.relname::text AS name, t.relname::text AS table, a.attname::text AS column
         FROM pg_class s
         LEFT JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass
               AND d.refclassid = 'pg_class'::regclass AND d.deptype = 'a'
         LEFT JOIN pg_class t ON t.oid = d.refobjid
         LEFT JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
        WHERE s.relkind = 'S' AND s.relnamespace = 'public'::regnamespace
        ORDER BY s.relname`,
    );
    expect(rows).toEqual(byName(expected.sequences));
  });

  it("defines only the functions and triggers named here", async () => {
    const { rows: functions } = await client.query<{ name: string; signature: string }>(
      `SELECT proname AS name, proname || '(' || pg_get_function_arguments(oid) || ') RETURNS ' || pg_get_function_result(oid) AS signature
         FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY proname`,
    );
    const { rows: triggers } = await client.query(
      `SELECT tgname AS name, tgrelid::regclass::text AS table, pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE NOT tgisinternal
          AND tgrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace) ORDER BY tgname`,
    );
    expect({ functions, triggers }).toEqual({
      functions: Object.entries(FUNCTIONS).map(([name, signature]) => ({ name, signature })),
      triggers: TRIGGERS,
    });
  });
});

describe("migrate()", () => {
  const databases: BareDatabase[] = [];
  const tempDirs: string[] = [];
  // Every migrate() call here gets directUrl: the migrator holds a session advisory lock across
  // its statements (as in production, where it runs on DIRECT_URL), which a transaction pooler
  // cannot keep. The assertions' own queries go through `url`.
  const freshDatabase = async () => {
    const database = await createUnmigratedDatabase();
    databases.push(database);
    return database;
  };
  /** A copy of prisma/migrations plus extra migrations, for tests that need more of them. */
  const migrationsWith = async (extra: Record<string, string>) => {
    const dir = await mkdtemp(path.join(tmpdir(), "duly-migrations-"));
    tempDirs.push(dir);
    await cp(DEFAULT_MIGRATIONS_DIR, dir, { recursive: true });
    for (const [name, sql] of Object.entries(extra)) {
      await mkdir(path.join(dir, name));
      await writeFile(path.join(dir, name, "migration.sql"), sql);
    }
    return dir;
  };
  const tableExists = async (url: string, table: string) =>
    (await query<{ exists: boolean }>(url, "SELECT to_regclass($1) IS NOT NULL AS exists", [`public.${table}`]))[0].exists;

  afterAll(async () => {
    await Promise.all(databases.map((database) => database.drop()));
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("records each migration as prisma migrate deploy does, with the sha256 of the file as checksum", async () => {
    const { url, directUrl } = await freshDatabase();
    await migrate(directUrl);
    const rows = await migrationRows(url);
    const folders = await migrationFolders();
    expect(rows.map((row) => row.migration_name)).toEqual(folders);
    for (const row of rows) {
      const bytes = await readFile(path.join(DEFAULT_MIGRATIONS_DIR, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(bytes).digest("hex"));
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(row).toMatchObject({ logs: null, rolled_back_at: null, applied_steps_count: 1 });
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
    }
  });

  it("does nothing the second time", async () => {
    const { url, directUrl } = await freshDatabase();
    expect(await migrate(directUrl)).toEqual(await migrationFolders());
    const before = await migrationRows(url);
    expect(await migrate(directUrl)).toEqual([]);
    expect(await migrationRows(url)).toEqual(before);
  });

  it("applies only the new migration when one is added", async () => {
    const { url, directUrl } = await freshDatabase();
    await migrate(directUrl);
    const dir = await migrationsWith({ "99990101000000_probe": 'CREATE TABLE "migration_probe" ("id" INTEGER);\n' });
    expect(await migrate(directUrl, { migrationsDir: dir })).toEqual(["99990101000000_probe"]);
    expect(await tableExists(url, "migration_probe")).toBe(true);
  });

  it("refuses, applying nothing, when an applied migration's checksum differs from its file", async () => {
    const { url, directUrl } = await freshDatabase();
    await migrate(directUrl);
    const [first] = await migrationFolders();
    await query(url, `UPDATE "_prisma_migrations" SET checksum = repeat('0', 64) WHERE migration_name = $1`, [first]);
    const dir = await migrationsWith({ "99990101000000_probe": 'CREATE TABLE "migration_probe" ("id" INTEGER);\n' });

    const refusal = await migrate(directUrl, { migrationsDir: dir }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MigrationError);
    expect(refusal).toMatchObject({ code: "checksum_mismatch" });
    expect((refusal as Error).message).toContain(first);
    expect(await tableExists(url, "migration_probe")).toBe(false);
  });

  it("refuses when the database records a failed migration", async () => {
    const { url, directUrl } = await freshDatabase();
    await migrate(directUrl);
    await query(
      url,
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs) VALUES ($1, repeat('a', 64), $2, 'boom')`,
      ["00000000-0000-4000-8000-000000000000", "99990101000000_half_done"],
    );
    await expect(migrate(directUrl)).rejects.toMatchObject({ code: "failed_migration" });
  });

  it("rolls a failing migration back completely and records nothing, so a fixed file applies later", async () => {
    const { url, directUrl } = await freshDatabase();
    await migrate(directUrl);
    const name = "99990101000000_broken";
    const dir = await migrationsWith({ [name]: 'CREATE TABLE "migration_probe" ("id" INTEGER);\nSELECT 1 / 0;\n' });

    await expect(migrate(directUrl, { migrationsDir: dir })).rejects.toMatchObject({ code: "migration_failed" });
    expect(await tableExists(url, "migration_probe")).toBe(false);
    expect((await migrationRows(url)).map((row) => row.migration_name)).not.toContain(name);

    await writeFile(path.join(dir, name, "migration.sql"), 'CREATE TABLE "migration_probe" ("id" INTEGER);\n');
    expect(await migrate(directUrl, { migrationsDir: dir })).toEqual([name]);
    expect(await tableExists(url, "migration_probe")).toBe(true);
  });

  it("lets two concurrent calls on an empty database both succeed, applying each migration once", async () => {
    const { url, directUrl } = await freshDatabase();
    const folders = await migrationFolders();
    const results = await Promise.all([migrate(directUrl), migrate(directUrl)]);
    // The advisory lock serialises them: one applies everything, the other finds nothing to do.
    expect(results.map((result) => result.length).sort()).toEqual([0, folders.length]);
    expect(results.flat()).toEqual(folders);
    expect((await migrationRows(url)).map((row) => row.migration_name)).toEqual(folders);
  });
});
