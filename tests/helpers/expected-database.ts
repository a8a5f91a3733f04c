// What PostgreSQL must contain for a parsed schema.prisma, following the rules Prisma's
// migration engine uses for PostgreSQL: table and column names from @@map/@map, Prisma's
// default native types, SERIAL/BIGSERIAL for autoincrement(), and its constraint names
// (`<table>_pkey`, `<table>_<cols>_key`, `<table>_<cols>_idx`, `<table>_<cols>_fkey`).
//
// Types are written as PostgreSQL's format_type() prints them and defaults as pg_get_expr()
// prints them, so the drift test compares strings the catalog produces. Anything this file
// does not know how to map throws, naming the schema line.
import {
  findAttribute,
  identifierList,
  mappedName,
  PrismaSchemaParseError,
  type PrismaAttribute,
  type PrismaField,
  type PrismaModel,
  type PrismaSchema,
} from "./prisma-schema.ts";

export interface ExpectedColumn {
  name: string;
  /** As format_type() prints it: `bigint`, `timestamp(3) with time zone`, `job_status`. */
  type: string;
  nullable: boolean;
  /** As pg_get_expr() prints the default, or null for none. */
  default: string | null;
}

export interface ExpectedIndex {
  name: string;
  table: string;
  columns: string[];
  unique: boolean;
  primary: boolean;
}

/** pg_constraint's confdeltype/confupdtype letters. */
export type ReferentialAction = "a" | "r" | "c" | "n" | "d";

export interface ExpectedForeignKey {
  name: string;
  table: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: ReferentialAction;
  onUpdate: ReferentialAction;
}

export interface ExpectedTable {
  name: string;
  model: string;
  columns: ExpectedColumn[];
}

export interface ExpectedEnum {
  name: string;
  values: string[];
}

export interface ExpectedDatabase {
  tables: ExpectedTable[];
  /** Every index, including the primary key's and the unique ones. */
  indexes: ExpectedIndex[];
  foreignKeys: ExpectedForeignKey[];
  enums: ExpectedEnum[];
  /** Sequences behind autoincrement() columns, owned by their column. */
  sequences: { name: string; table: string; column: string }[];
}

const REFERENTIAL_ACTIONS: Record<string, ReferentialAction> = {
  NoAction: "a",
  Restrict: "r",
  Cascade: "c",
  SetNull: "n",
  SetDefault: "d",
};

// Prisma's default PostgreSQL type for each scalar, as format_type() prints it.
const SCALAR_TYPES: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Boolean: "boolean",
  DateTime: "timestamp(3) without time zone",
  Json: "jsonb",
};

const POSTGRES_IDENTIFIER_MAX = 63;

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function checkName(name: string, line: number): string {
  // Prisma shortens names past 63 bytes with its own rule; no name here is that long.
  if (Buffer.byteLength(name) > POSTGRES_IDENTIFIER_MAX) {
    throw new PrismaSchemaParseError(`name ${name} is longer than 63 bytes; teach expected-database.ts Prisma's truncation`, line);
  }
  return name;
}

/** Named arguments of an attribute, refusing any not in `allowed` and positional ones past `positional`. */
function argumentsOf(attribute: PrismaAttribute, allowed: string[], positional = 0) {
  const named = new Map<string, PrismaAttribute["args"][number]["value"]>();
  const positionals: PrismaAttribute["args"][number]["value"][] = [];
  for (const arg of attribute.args) {
    if (arg.name === undefined) positionals.push(arg.value);
    else if (allowed.includes(arg.name)) named.set(arg.name, arg.value);
    else throw new PrismaSchemaParseError(`unsupported argument ${arg.name} of @${attribute.name}`, attribute.line);
  }
  if (positionals.length > positional) {
    throw new PrismaSchemaParseError(`too many arguments to @${attribute.name}`, attribute.line);
  }
  return { named, positionals };
}

function stringArgument(attribute: PrismaAttribute, value: PrismaAttribute["args"][number]["value"] | undefined) {
  if (value === undefined) return undefined;
  if (value.kind !== "string") throw new PrismaSchemaParseError(`expected a string in @${attribute.name}`, attribute.line);
  return value.value;
}

export function expectedDatabase(schema: PrismaSchema): ExpectedDatabase {
  const enumsByName = new Map(schema.enums.map((prismaEnum) => [prismaEnum.name, prismaEnum]));
  const modelsByName = new Map(schema.models.map((model) => [model.name, model]));
  const tableName = (model: PrismaModel) => checkName(mappedName(model.blockAttributes) ?? model.name, model.line);
  const columnName = (field: PrismaField) => checkName(mappedName(field.attributes) ?? field.name, field.line);
  const fieldOf = (model: PrismaModel, name: string, line: number) => {
    const field = model.fields.find((candidate) => candidate.name === name);
    if (!field) throw new PrismaSchemaParseError(`model ${model.name} has no field ${name}`, line);
    return field;
  };

  const enums: ExpectedEnum[] = schema.enums.map((prismaEnum) => {
    for (const attribute of prismaEnum.blockAttributes) {
      if (attribute.name !== "map") throw new PrismaSchemaParseError(`unsupported @@${attribute.name}`, attribute.line);
    }
    return { name: mappedName(prismaEnum.blockAttributes) ?? prismaEnum.name, values: prismaEnum.values };
  });
  const enumDbName = new Map(schema.enums.map((prismaEnum, i) => [prismaEnum.name, enums[i].name]));

  const tables: ExpectedTable[] = [];
  const indexes: ExpectedIndex[] = [];
  const foreignKeys: ExpectedForeignKey[] = [];
  const sequences: ExpectedDatabase["sequences"] = [];

  for (const model of schema.models) {
    const table = tableName(model);
    const columns: ExpectedColumn[] = [];
    let primaryKey: string[] | undefined;

    for (const field of model.fields) {
      if (modelsByName.has(field.type)) {
        const relation = findAttribute(field.attributes, "relation");
        for (const attribute of field.attributes) {
          if (attribute.name !== "relation") {
            throw new PrismaSchemaParseError(`unsupported @${attribute.name} on relation field`, attribute.line);
          }
        }
        // The side without `fields:` (e.g. `runs JobRun[]`) has no column.
        if (!relation || !relation.args.some((arg) => arg.name === "fields")) continue;
        const { named } = argumentsOf(relation, ["fields", "references", "onDelete", "onUpdate"]);
        const target = modelsByName.get(field.type)!;
        const fields = identifierList(named.get("fields")!, relation.line).map((name) => fieldOf(model, name, relation.line));
        const references = named.get("references");
        if (!references) throw new PrismaSchemaParseError(`@relation without references`, relation.line);
        const referenced = identifierList(references, relation.line).map((name) => fieldOf(target, name, relation.line));
        const action = (key: "onDelete" | "onUpdate", fallback: ReferentialAction) => {
          const value = named.get(key);
          if (value === undefined) return fallback;
          if (value.kind !== "identifier" || !(value.name in REFERENTIAL_ACTIONS)) {
            throw new PrismaSchemaParseError(`unsupported ${key}`, relation.line);
          }
          return REFERENTIAL_ACTIONS[value.name];
        };
        // Prisma's defaults: onDelete Restrict for a required relation, SetNull for an
        // optional one; onUpdate Cascade.
        const columnNames = fields.map(columnName);
        foreignKeys.push({
          name: checkName(`${table}_${columnNames.join("_")}_fkey`, relation.line),
          table,
          columns: columnNames,
          referencedTable: tableName(target),
          referencedColumns: referenced.map(columnName),
          onDelete: action("onDelete", field.optional ? "n" : "r"),
          onUpdate: action("onUpdate", "c"),
        });
        continue;
      }

      if (field.list) {
        // A scalar list (`BigInt[]`) is an array column, which Prisma leaves nullable; no default
        // or native type is supported on one here.
        const base = SCALAR_TYPES[field.type];
        if (!base || field.type === "Json" || field.attributes.some((attribute) => attribute.name === "default" || attribute.name.startsWith("db."))) {
          throw new PrismaSchemaParseError(`unsupported scalar list ${field.type}[]`, field.line);
        }
        columns.push({ name: columnName(field), type: `${base}[]`, nullable: true, default: null });
        continue;
      }
      const column = columnName(field);
      let type: string;
      const prismaEnum = enumsByName.get(field.type);
      if (prismaEnum) {
        type = enumDbName.get(prismaEnum.name)!;
      } else if (field.type in SCALAR_TYPES) {
        type = SCALAR_TYPES[field.type];
      } else {
        throw new PrismaSchemaParseError(`unsupported type ${field.type}`, field.line);
      }

      for (const attribute of field.attributes.filter((candidate) => candidate.name.startsWith("db."))) {
        type = nativeType(field, attribute);
      }

      let columnDefault: string | null = null;
      const defaultAttribute = findAttribute(field.attributes, "default");
      if (defaultAttribute) {
        const { positionals } = argumentsOf(defaultAttribute, [], 1);
        const value = positionals[0];
        if (!value) throw new PrismaSchemaParseError(`@default without a value`, defaultAttribute.line);
        if (value.kind === "call" && value.name === "autoincrement" && value.args.length === 0) {
          if (type === "integer" || type === "bigint") {
            const sequence = `${table}_${column}_seq`;
            sequences.push({ name: sequence, table, column });
            columnDefault = `nextval(${quoteLiteral(sequence)}::regclass)`;
          } else {
            throw new PrismaSchemaParseError(`autoincrement() on ${type}`, defaultAttribute.line);
          }
        } else if (value.kind === "call" && value.name === "now" && value.args.length === 0) {
          columnDefault = "CURRENT_TIMESTAMP";
        } else if (
          value.kind === "call" && value.name === "dbgenerated" && /^timestamp(\(\d\))? with time zone$/.test(type) &&
          value.args.length === 1 && value.args[0]!.value.kind === "string" && value.args[0]!.value.value === "CURRENT_TIMESTAMP"
        ) {
          // The database's clock, stamped by the database (Prisma leaves the column out of the
          // INSERT; its now() is the client's clock). The only dbgenerated() this schema uses.
          columnDefault = "CURRENT_TIMESTAMP";
        } else if (value.kind === "string" && (type === "text" || type === "jsonb")) {
          columnDefault = `${quoteLiteral(value.value)}::${type}`;
        } else if (value.kind === "identifier" && prismaEnum) {
          if (!prismaEnum.values.includes(value.name)) {
            throw new PrismaSchemaParseError(`${value.name} is not a value of ${prismaEnum.name}`, defaultAttribute.line);
          }
          columnDefault = `${quoteLiteral(value.name)}::${type}`;
        } else if (value.kind === "number" && Number.isInteger(value.value) && value.value >= 0 && (type === "integer" || type === "bigint")) {
          columnDefault = String(value.value);
        } else if (value.kind === "boolean" && type === "boolean") {
          columnDefault = String(value.value);
        } else {
          throw new PrismaSchemaParseError(`unsupported @default for a ${type} column`, defaultAttribute.line);
        }
      }

      const id = findAttribute(field.attributes, "id");
      if (id) {
        argumentsOf(id, []);
        if (primaryKey) throw new PrismaSchemaParseError(`two @id fields`, id.line);
        primaryKey = [column];
      }
      const unique = findAttribute(field.attributes, "unique");
      if (unique) {
        const { named } = argumentsOf(unique, ["map"]);
        indexes.push({
          name: stringArgument(unique, named.get("map")) ?? checkName(`${table}_${column}_key`, unique.line),
          table,
          columns: [column],
          unique: true,
          primary: false,
        });
      }

      columns.push({ name: column, type, nullable: field.optional, default: columnDefault });
    }

    for (const attribute of model.blockAttributes) {
      if (attribute.name === "map") continue;
      if (attribute.name === "id") {
        // A composite primary key: @@id([a, b]).
        const { positionals } = argumentsOf(attribute, [], 1);
        if (!positionals[0]) throw new PrismaSchemaParseError("@@id without fields", attribute.line);
        if (primaryKey) throw new PrismaSchemaParseError("@@id and an @id field", attribute.line);
        primaryKey = identifierList(positionals[0], attribute.line).map((name) => columnName(fieldOf(model, name, attribute.line)));
        continue;
      }
      if (attribute.name !== "index" && attribute.name !== "unique") {
        throw new PrismaSchemaParseError(`unsupported @@${attribute.name}`, attribute.line);
      }
      const { named, positionals } = argumentsOf(attribute, ["map"], 1);
      if (!positionals[0]) throw new PrismaSchemaParseError(`@@${attribute.name} without fields`, attribute.line);
      const columnNames = identifierList(positionals[0], attribute.line).map((name) =>
        columnName(fieldOf(model, name, attribute.line)),
      );
      const suffix = attribute.name === "unique" ? "key" : "idx";
      indexes.push({
        name: stringArgument(attribute, named.get("map")) ?? checkName(`${table}_${columnNames.join("_")}_${suffix}`, attribute.line),
        table,
        columns: columnNames,
        unique: attribute.name === "unique",
        primary: false,
      });
    }

    if (!primaryKey) throw new PrismaSchemaParseError(`model ${model.name} has no @id`, model.line);
    indexes.push({ name: checkName(`${table}_pkey`, model.line), table, columns: primaryKey, unique: true, primary: true });
    tables.push({ name: table, model: model.name, columns });
  }

  return { tables, indexes, foreignKeys, enums, sequences };
}

function nativeType(field: PrismaField, attribute: PrismaAttribute): string {
  const { positionals } = argumentsOf(attribute, [], 1);
  const precision = positionals[0];
  if (precision !== undefined && (precision.kind !== "number" || !Number.isInteger(precision.value))) {
    throw new PrismaSchemaParseError(`@${attribute.name} takes an integer`, attribute.line);
  }
  if (field.type === "DateTime" && attribute.name === "db.Timestamptz") {
    // Without a precision Prisma's rendering has varied between versions: require one.
    if (precision?.kind !== "number") throw new PrismaSchemaParseError(`write @db.Timestamptz(p) with a precision`, attribute.line);
    return `timestamp(${precision.value}) with time zone`;
  }
  if (field.type === "DateTime" && attribute.name === "db.Date") {
    if (precision !== undefined) throw new PrismaSchemaParseError(`@db.Date takes no precision`, attribute.line);
    return "date";
  }
  throw new PrismaSchemaParseError(`unsupported native type @${attribute.name} on ${field.type}`, attribute.line);
}
