// The schema parser behind the drift test: it maps what it knows the way Prisma does, and
// refuses, naming the line, what it does not know (so the drift test cannot pass by ignoring it).
import { describe, expect, it } from "vitest";
import { expectedDatabase } from "../../helpers/expected-database.ts";
import { parsePrismaSchema, PrismaSchemaParseError } from "../../helpers/prisma-schema.ts";

const schema = /* prisma */ `
// comment
generator client {
  provider = "prisma-client"
}

/// doc comment
enum Colour {
  red // trailing comment
  green_blue
  @@map("colour")
}

model Parent {
  id        BigInt   @id @default(autoincrement())
  name      String   @unique
  note      String?  @default("it's // not a comment")
  colour    Colour   @default(red)
  count     Int      @default(0) @map("item_count")
  active    Boolean  @default(true)
  data      Json     @default("{}")
  seenAt    DateTime @default(now()) @map("seen_at") @db.Timestamptz(3)
  plainAt   DateTime
  children  Child[]

  @@index([colour, seenAt])
  @@map("parents")
}

model Child {
  id       Int     @id @default(autoincrement())
  parentId BigInt? @map("parent_id")
  parent   Parent? @relation(fields: [parentId], references: [id])
  position Int

  @@unique([parentId, position])
}
`;

describe("parsePrismaSchema + expectedDatabase", () => {
  const expected = expectedDatabase(parsePrismaSchema(schema));

  it("maps models, fields and enums as Prisma does for PostgreSQL", () => {
    expect(expected.enums).toEqual([{ name: "colour", values: ["red", "green_blue"] }]);
    expect(expected.tables.map((table) => table.name)).toEqual(["parents", "Child"]);
    expect(expected.tables[0].columns).toEqual([
      { name: "id", type: "bigint", nullable: false, default: "nextval('parents_id_seq'::regclass)" },
      { name: "name", type: "text", nullable: false, default: null },
      { name: "note", type: "text", nullable: true, default: "'it''s // not a comment'::text" },
      { name: "colour", type: "colour", nullable: false, default: "'red'::colour" },
      { name: "item_count", type: "integer", nullable: false, default: "0" },
      { name: "active", type: "boolean", nullable: false, default: "true" },
      { name: "data", type: "jsonb", nullable: false, default: "'{}'::jsonb" },
      { name: "seen_at", type: "timestamp(3) with time zone", nullable: false, default: "CURRENT_TIMESTAMP" },
      { name: "plainAt", type: "timestamp(3) without time zone", nullable: false, default: null },
    ]);
    expect(expected.sequences).toEqual([
      { name: "parents_id_seq", table: "parents", column: "id" },
      { name: "Child_id_seq", table: "Child", column: "id" },
    ]);
  });

  it("reads a scalar list as a nullable array column, as Prisma creates it", () => {
    const lists = expectedDatabase(parsePrismaSchema("model M {\n  id Int @id\n  ids BigInt[] @map(\"job_ids\")\n}"));
    expect(lists.tables[0]!.columns).toContainEqual({ name: "job_ids", type: "bigint[]", nullable: true, default: null });
  });

  it("reads a composite primary key (@@id) as Prisma does", () => {
    const composite = expectedDatabase(parsePrismaSchema('model Pair {\n  left  String @map("left_id")\n  right BigInt\n  @@id([left, right])\n  @@map("pairs")\n}'));
    expect(composite.indexes).toEqual([{ name: "pairs_pkey", table: "pairs", columns: ["left_id", "right"], unique: true, primary: true }]);
    expect(() => expectedDatabase(parsePrismaSchema("model M {\n  a Int @id\n  b Int\n  @@id([a, b])\n}"))).toThrow(/@@id and an @id field/);
  });

  it("names indexes, uniques, primary keys and foreign keys as Prisma does", () => {
    expect(expected.indexes).toEqual([
      { name: "parents_name_key", table: "parents", columns: ["name"], unique: true, primary: false },
      { name: "parents_colour_seen_at_idx", table: "parents", columns: ["colour", "seen_at"], unique: false, primary: false },
      { name: "parents_pkey", table: "parents", columns: ["id"], unique: true, primary: true },
      { name: "Child_parent_id_position_key", table: "Child", columns: ["parent_id", "position"], unique: true, primary: false },
      { name: "Child_pkey", table: "Child", columns: ["id"], unique: true, primary: true },
    ]);
    // An optional relation without onDelete: Prisma's default is SET NULL; onUpdate CASCADE.
    expect(expected.foreignKeys).toEqual([
      {
        name: "Child_parent_id_fkey",
        table: "Child",
        columns: ["parent_id"],
        referencedTable: "parents",
        referencedColumns: ["id"],
        onDelete: "n",
        onUpdate: "c",
      },
    ]);
  });

  it.each([
    ["an unknown field attribute", "model M {\n  id Int @id\n  at DateTime @updatedAt\n}", /line 3: unsupported attribute @updatedAt/],
    ["an unknown block attribute", "model M {\n  id Int @id\n  @@fulltext([id])\n}", /line 3: unsupported attribute @@fulltext/],
    ["an unknown block", "view V {\n  id Int\n}", /line 1: expected a model, enum, generator or datasource block/],
    ["an unknown type", "model M {\n  id Int @id\n  price Decimal\n}", /line 3: unsupported type Decimal/],
    ["an unknown native type", "model M {\n  id Int @id\n  name String @db.VarChar(20)\n}", /line 3: unsupported native type @db.VarChar/],
    ["a scalar list with a default", "model M {\n  id Int @id\n  tags String[] @default([])\n}", /line 3: unsupported scalar list String\[\]/],
    ["a list of Json", "model M {\n  id Int @id\n  docs Json[]\n}", /line 3: unsupported scalar list Json\[\]/],
    ["an unknown @@index argument", "model M {\n  id Int @id\n  @@index([id], type: Hash)\n}", /line 3: unsupported argument type/],
    ["dbgenerated() other than CURRENT_TIMESTAMP on a timestamp", 'model M {\n  id Int @id @default(dbgenerated("1"))\n}', /line 2: unsupported @default/],
    ["a model without @id", "model M {\n  name String\n}", /line 1: model M has no @id/],
    ["an unterminated block", "model M {\n  id Int @id\n", /unterminated block/],
  ])("refuses %s, naming the line", (_what, source, message) => {
    expect(() => expectedDatabase(parsePrismaSchema(source))).toThrow(PrismaSchemaParseError);
    expect(() => expectedDatabase(parsePrismaSchema(source))).toThrow(message);
  });
});
