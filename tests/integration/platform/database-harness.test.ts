// The harness itself: each file gets a migrated database of its own, isolated from the others.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "node:net";
import pg from "pg";
import { createTestDatabase, testDatabaseServer, type TestDatabase } from "../../helpers/database.ts";
import { emptyTables } from "../../helpers/empty-tables.ts";

/** The TCP port the server sees this session come from, and our own end of the socket. */
async function clientPorts(url: string): Promise<{ seenByServer: number; local: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ port: number }>("SELECT inet_client_port() AS port");
    // pg's Client keeps its socket on `connection.stream`; the typings do not say so.
    const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    return { seenByServer: rows[0].port, local: socket.localPort! };
  } finally {
    await client.end();
  }
}

describe("test database harness", () => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([first?.drop(), second?.drop()]);
  });

  it("hands out a migrated database with the scheduler's tables", async () => {
    const tables = await first.db.$queryRaw<{ table_name: string }[]>`
      SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' ORDER BY table_name`;
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(["_prisma_migrations", "job_runs", "recurring_schedules", "scheduled_jobs"]),
    );
    const migrations = await first.db.$queryRaw<{ migration_name: string }[]>`
      SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`;
    expect(migrations.length).toBeGreaterThan(0);
  });

  it("gives each caller its own database", async () => {
    expect(first.url).not.toBe(second.url);
    await first.db.scheduledJob.create({
      data: { jobType: "harness.probe", runAt: new Date("2030-01-01T00:00:00Z"), key: "probe" },
    });
    expect(await first.db.scheduledJob.count()).toBe(1);
    expect(await second.db.scheduledJob.count()).toBe(0);
  });

  it("exposes a URL that a separate connection (a child process) can use", async () => {
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ database: string; jobs: string }>(
        "SELECT current_database() AS database, (SELECT count(*) FROM scheduled_jobs)::text AS jobs",
      );
      expect(rows[0]).toEqual({ database: first.name, jobs: "1" });
    } finally {
      await client.end();
    }
  });

  it("reaches the database through PgBouncer in the PgBouncer pass, and directly through directUrl always", async () => {
    const direct = await clientPorts(first.directUrl);
    expect(direct.seenByServer).toBe(direct.local);
    const viaUrl = await clientPorts(first.url);
    if (testDatabaseServer().pooledAdminUrl) {
      // The server's peer is PgBouncer's own server connection, not our socket.
      expect(viaUrl.seenByServer).not.toBe(viaUrl.local);
      expect(new URL(first.url).port).not.toBe(new URL(first.directUrl).port);
    } else {
      expect(first.url).toBe(first.directUrl);
      expect(viaUrl.seenByServer).toBe(viaUrl.local);
    }
  });

  it("drops the database, even with a session still open on it", async () => {
    const extra = await createTestDatabase();
    // directUrl: the test needs a server backend open on the database, which a pooler's client connection does not hold.
    const lingering = new pg.Client({ connectionString: extra.directUrl });
    lingering.on("error", () => {}); // the drop terminates this session
    await lingering.connect();
    await extra.drop();
    await extra.drop(); // idempotent
    const exists = await first.db.$queryRaw<{ count: bigint }[]>`
      SELECT count(*) FROM pg_database WHERE datname = ${extra.name}`;
    expect(Number(exists[0].count)).toBe(0);
    await lingering.end().catch(() => {});
  });
});

describe("emptyTables: what TRUNCATE ... [RESTART IDENTITY] CASCADE leaves, by DELETE", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    // A chain of references (grandchild -> child -> parent) and a table nothing references.
    await db.$executeRaw`CREATE TABLE t_parent (id serial PRIMARY KEY)`;
    await db.$executeRaw`CREATE TABLE t_child (id serial PRIMARY KEY, parent_id int NOT NULL REFERENCES t_parent (id))`;
    await db.$executeRaw`CREATE TABLE t_grandchild (id serial PRIMARY KEY, child_id int NOT NULL REFERENCES t_child (id))`;
    await db.$executeRaw`CREATE TABLE t_alone (id serial PRIMARY KEY)`;
  });
  afterAll(() => database?.drop());

  async function fill(): Promise<void> {
    const { db } = database;
    await db.$executeRaw`INSERT INTO t_parent DEFAULT VALUES`;
    await db.$executeRaw`INSERT INTO t_child (parent_id) SELECT max(id) FROM t_parent`;
    await db.$executeRaw`INSERT INTO t_grandchild (child_id) SELECT max(id) FROM t_child`;
    await db.$executeRaw`INSERT INTO t_alone DEFAULT VALUES`;
  }
  const counts = () =>
    database.db.$queryRaw<Array<Record<string, number>>>`
      SELECT (SELECT count(*) FROM t_parent)::int AS parent, (SELECT count(*) FROM t_child)::int AS child,
             (SELECT count(*) FROM t_grandchild)::int AS grandchild, (SELECT count(*) FROM t_alone)::int AS alone`.then((rows) => rows[0]);
  const nextParentId = async () =>
    (await database.db.$queryRaw<Array<{ id: number }>>`INSERT INTO t_parent DEFAULT VALUES RETURNING id`)[0]!.id;

  it("empties the named tables and, transitively, every table referencing them; leaves the others", async () => {
    await fill();
    await fill();
    await emptyTables(database.db, ["t_parent"]);
    expect(await counts()).toEqual({ parent: 0, child: 0, grandchild: 0, alone: 2 });
  });

  it("restarts the sequences of every table it empties only with restartIdentity, as RESTART IDENTITY", async () => {
    await fill();
    await emptyTables(database.db, ["t_parent"]);
    expect(await nextParentId()).toBeGreaterThan(1);
    await fill();
    await emptyTables(database.db, ["t_parent", "t_alone"], { restartIdentity: true });
    expect(await counts()).toEqual({ parent: 0, child: 0, grandchild: 0, alone: 0 });
    expect(await nextParentId()).toBe(1);
    const [child] = await database.db.$queryRaw<Array<{ id: number }>>`INSERT INTO t_child (parent_id) VALUES (1) RETURNING id`;
    expect(child!.id).toBe(1);
  });

  it("refuses a name that is no table, as TRUNCATE does", async () => {
    await expect(emptyTables(database.db, ["t_parent", "no_such_table"])).rejects.toThrow(/no such table/);
  });
});
